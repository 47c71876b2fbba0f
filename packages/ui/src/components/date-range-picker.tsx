import * as React from 'react';
import type { DateRange } from 'react-day-picker';
import { copy } from '../copy';
import { cn } from '../lib/cn';
import { CalendarIcon } from '../lib/icons';
import { Button } from './button';
import { Input } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

// react-day-picker (and date-fns below it) loads when a picker is first opened, not with the page.
const DateRangeCalendar = React.lazy(() => import('./date-range-calendar'));

/** A range of whole days as `YYYY-MM-DD` strings; `''` for an open end. */
export interface DateRangeValue {
  start: string;
  end: string;
}

export interface DateRangePickerProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** The accessible name of the trigger (the filter it sets), e.g. `下单日期`. */
  label: string;
  /** The names of the two typed fields (default `开始日期` / `结束日期`). */
  startLabel?: string;
  endLabel?: string;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-11-05` as a local Date, or undefined when it is not a real day. */
export function parseDay(value: string): Date | undefined {
  const match = DAY.exec(value);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : undefined;
}

/** A local Date as `YYYY-MM-DD`. */
export function formatDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What the trigger shows: `2026-11-01 至 2026-11-05`, one end, or nothing. */
function summary({ start, end }: DateRangeValue): string {
  if (start && end) return `${start} ${copy.dateRange.to} ${end}`;
  if (start) return `${start} ${copy.dateRange.to}`;
  if (end) return `${copy.dateRange.to} ${end}`;
  return '';
}

/**
 * A date range in one button: it opens a popover (Radix) with the two days as typed fields
 * (`YYYY-MM-DD`, for the keyboard and for pasting) and a month calendar (react-day-picker, loaded on
 * first open) where a first click picks the start and a second the end. `onChange` gets every valid
 * change; a start after the end is swapped.
 */
export function DateRangePicker({
  value,
  onChange,
  label,
  startLabel = copy.dateRange.start,
  endLabel = copy.dateRange.end,
  placeholder = copy.dateRange.placeholder,
  className,
  disabled,
}: DateRangePickerProps) {
  const [open, setOpen] = React.useState(false);
  const shown = summary(value);
  const change = (next: DateRangeValue) => {
    if (next.start && next.end && next.start > next.end) onChange({ start: next.end, end: next.start });
    else onChange(next);
  };
  const selected: DateRange | undefined = value.start
    ? { from: parseDay(value.start), to: parseDay(value.end) }
    : undefined;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          type="button"
          data-slot="date-range-trigger"
          className={cn(
            'flex h-8 w-full min-w-0 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs hover:border-link focus-visible:border-link focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60',
            className,
          )}
        >
          <span className="sr-only">{label} </span>
          <span className={cn('flex-1 truncate tabular-nums', !shown && 'text-muted-foreground')}>
            {shown || placeholder}
          </span>
          <CalendarIcon className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-auto p-3" aria-label={label}>
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <DayField
              label={startLabel}
              value={value.start}
              onValue={(start) => change({ ...value, start })}
            />
            <span aria-hidden="true" className="text-sm text-muted-foreground">
              {copy.dateRange.to}
            </span>
            <DayField label={endLabel} value={value.end} onValue={(end) => change({ ...value, end })} />
          </div>
          <React.Suspense fallback={<div className="h-72 w-[17rem]" aria-busy="true" />}>
            <DateRangeCalendar
              selected={selected}
              defaultMonth={parseDay(value.start) ?? parseDay(value.end)}
              onSelect={(range) =>
                change({
                  start: range?.from ? formatDay(range.from) : '',
                  end: range?.to ? formatDay(range.to) : '',
                })
              }
            />
          </React.Suspense>
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" onClick={() => change({ start: '', end: '' })}>
              {copy.clear}
            </Button>
            <Button type="button" size="sm" variant="primary" onClick={() => setOpen(false)}>
              {copy.confirm}
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** One typed day: applied once it is a real `YYYY-MM-DD` day (or emptied); the text stays while typing. */
function DayField({
  label,
  value,
  onValue,
}: {
  label: string;
  value: string;
  onValue: (day: string) => void;
}) {
  const [text, setText] = React.useState(value);
  React.useEffect(() => setText(value), [value]);
  const invalid = text !== '' && !parseDay(text);
  return (
    <Input
      aria-label={label}
      aria-invalid={invalid || undefined}
      title={invalid ? copy.dateRange.badDate : undefined}
      placeholder={copy.dateRange.format}
      inputMode="numeric"
      maxLength={10}
      value={text}
      onChange={(event) => {
        const next = event.target.value.trim();
        setText(next);
        if (next === '' || parseDay(next)) onValue(next);
      }}
      wrapperClassName="w-32"
      className="tabular-nums"
    />
  );
}
