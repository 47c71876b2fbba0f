import { type DateRange, DayPicker } from 'react-day-picker';
import { zhCN } from 'react-day-picker/locale';
import { cn } from '../lib/cn';
import { ChevronDownIcon, ChevronRightIcon } from '../lib/icons';

/** DayPicker's month arrows, drawn with the design system's icons. */
function Chevron({
  orientation,
  className,
}: {
  orientation?: 'up' | 'down' | 'left' | 'right';
  className?: string;
}) {
  if (orientation === 'left') return <ChevronRightIcon className={cn('size-4 rotate-180', className)} />;
  if (orientation === 'right') return <ChevronRightIcon className={cn('size-4', className)} />;
  return <ChevronDownIcon className={cn('size-4', className)} />;
}

export interface DateRangeCalendarProps {
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
  /** The month shown first. */
  defaultMonth?: Date | undefined;
  /** The day marked as today (default: the local day). */
  today?: Date | undefined;
}

/**
 * The month grid of {@link DateRangePicker}: react-day-picker's DayPicker in range mode, Chinese, weeks
 * from Monday, styled with the design system's tokens. Its keyboard is DayPicker's: arrows move by a
 * day or a week, Page Up/Down by a month, Home/End to the week's ends, Enter or Space picks the day.
 * `DateRangePicker` loads this module when the popover first opens.
 */
export default function DateRangeCalendar({
  selected,
  onSelect,
  defaultMonth,
  today,
}: DateRangeCalendarProps) {
  return (
    <DayPicker
      mode="range"
      locale={zhCN}
      weekStartsOn={1}
      selected={selected}
      onSelect={onSelect}
      defaultMonth={defaultMonth}
      {...(today ? { today } : {})}
      data-slot="date-range-calendar"
      components={{ Chevron }}
      classNames={{
        root: 'relative w-fit text-sm',
        months: 'flex flex-col',
        month: 'flex flex-col gap-2',
        month_caption: 'flex h-8 items-center justify-center font-medium',
        caption_label: 'text-sm',
        nav: 'absolute inset-x-0 top-0 flex h-8 items-center justify-between',
        button_previous:
          'inline-flex size-8 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40',
        button_next:
          'inline-flex size-8 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40',
        month_grid: 'border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 text-center text-xs font-normal text-muted-foreground',
        week: 'mt-1 flex',
        day: 'size-9 p-0 text-center',
        day_button:
          'inline-flex size-9 cursor-pointer items-center justify-center rounded-md tabular-nums hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        today: 'font-semibold text-link',
        // The ends of the range are filled; the days between are tinted (text stays the foreground colour).
        range_start:
          '[&>button]:rounded-r-none [&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary',
        range_end:
          '[&>button]:rounded-l-none [&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary',
        range_middle: '[&>button]:rounded-none [&>button]:bg-primary/15 [&>button]:hover:bg-primary/25',
        outside: 'text-muted-foreground opacity-60',
        disabled: 'opacity-40',
        hidden: 'invisible',
      }}
    />
  );
}
