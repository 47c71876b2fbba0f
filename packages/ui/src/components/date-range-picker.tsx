import * as React from 'react';
import type { DateRange } from 'react-day-picker';
import { copy } from '../copy';
import { cn } from '../lib/cn';
import { CalendarIcon } from '../lib/icons';
import { Button } from './button';
import { Input } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

// DayPicker (react-day-picker, and date-fns below it) loads when a picker is first opened, not with the page.
const DateRangeCalendar = React.lazy(() => import('./date-range-calendar'));

/** A range of whole days as `YYYY-MM-DD` strings; a missing end is open. */
export interface DateRangeValue {
  from?: string | undefined;
  to?: string | undefined;
}

/** A quick choice of the picker: its text and the range it sets, from today. */
export interface DateRangePreset {
  label: string;
  range: (today: Date) => { from: Date; to: Date };
}

const daysBack = (today: Date, days: number) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);

/** 今天, 近7天 (today and the 6 days before), 近30天, 本月 (the 1st to today). */
export const DATE_RANGE_PRESETS: readonly DateRangePreset[] = [
  { label: copy.dateRange.today, range: (today) => ({ from: today, to: today }) },
  { label: copy.dateRange.last7, range: (today) => ({ from: daysBack(today, 6), to: today }) },
  { label: copy.dateRange.last30, range: (today) => ({ from: daysBack(today, 29), to: today }) },
  {
    label: copy.dateRange.thisMonth,
    range: (today) => ({ from: new Date(today.getFullYear(), today.getMonth(), 1), to: today }),
  },
];

export interface DateRangePickerProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** The accessible name of the trigger (the filter it sets), e.g. `下单日期`. */
  label: string;
  /** The names of the two typed fields (default `开始日期` / `结束日期`). */
  startLabel?: string;
  endLabel?: string;
  placeholder?: string;
  /** The quick choices above the fields (default {@link DATE_RANGE_PRESETS}; `[]` for none). */
  presets?: readonly DateRangePreset[];
  /** Today for the presets and the calendar's mark (default: the local day). */
  today?: Date;
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
function summary({ from, to }: DateRangeValue): string {
  if (from && to) return `${from} ${copy.dateRange.to} ${to}`;
  if (from) return `${from} ${copy.dateRange.to}`;
  if (to) return `${copy.dateRange.to} ${to}`;
  return '';
}

/** Empty ends left out, so `{}` is "no range" and equal values compare equal. */
function tidy(from: string | undefined, to: string | undefined): DateRangeValue {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/**
 * A date range in one button: it opens a popover (Radix) with the two days as typed fields
 * (`YYYY-MM-DD`, for the keyboard and for pasting; focus starts in the first), quick choices (今天,
 * 近7天, 近30天, 本月: picked, the popover closes), a month calendar (DayPicker, loaded on first open) where a first click picks the
 * start and a second the end, and 清除. `onChange` gets every valid change; a start after the end is
 * swapped.
 */
export function DateRangePicker({
  value,
  onChange,
  label,
  startLabel = copy.dateRange.start,
  endLabel = copy.dateRange.end,
  placeholder = copy.dateRange.placeholder,
  presets = DATE_RANGE_PRESETS,
  today,
  className,
  disabled,
}: DateRangePickerProps) {
  const [open, setOpen] = React.useState(false);
  const shown = summary(value);
  const change = ({ from, to }: DateRangeValue) => {
    if (from && to && from > to) onChange(tidy(to, from));
    else onChange(tidy(from, to));
  };
  const from = value.from ?? '';
  const to = value.to ?? '';
  const selected: DateRange | undefined = from ? { from: parseDay(from), to: parseDay(to) } : undefined;
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
            <DayField label={startLabel} value={from} onValue={(next) => change({ from: next, to })} />
            <span aria-hidden="true" className="text-sm text-muted-foreground">
              {copy.dateRange.to}
            </span>
            <DayField label={endLabel} value={to} onValue={(next) => change({ from, to: next })} />
          </div>
          {presets.length > 0 ? (
            <div className="flex flex-wrap gap-2" data-slot="date-range-presets">
              {presets.map((preset) => (
                <Button
                  key={preset.label}
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="bg-muted"
                  onClick={() => {
                    const range = preset.range(today ?? new Date());
                    change({ from: formatDay(range.from), to: formatDay(range.to) });
                    setOpen(false);
                  }}
                >
                  {preset.label}
                </Button>
              ))}
            </div>
          ) : null}
          <React.Suspense fallback={<div className="h-72 w-[17rem]" aria-busy="true" />}>
            <DateRangeCalendar
              selected={selected}
              defaultMonth={parseDay(from) ?? parseDay(to)}
              today={today}
              onSelect={(range) =>
                change({
                  from: range?.from ? formatDay(range.from) : undefined,
                  to: range?.to ? formatDay(range.to) : undefined,
                })
              }
            />
          </React.Suspense>
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" onClick={() => change({})}>
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
