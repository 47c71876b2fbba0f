import * as React from 'react';
import { cn } from '../lib/cn';
import { formatClockParts } from '../lib/format-clock';

/** Default texts; pass `label` to translate. */
export const headerClockCopy = { label: '当前时间' } as const;

export type HeaderClockProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Freeze the clock at this instant (stories, screenshots, tests). Without it the clock ticks. */
  now?: Date;
  /** IANA time zone; default the browser's own. */
  timeZone?: string;
  /** Accessible name; default 当前时间. */
  label?: string;
};

/** Milliseconds until the next whole second, so that ticks land on the second instead of drifting. */
export function msToNextSecond(epochMs: number): number {
  return 1000 - (epochMs % 1000);
}

/**
 * Ticks on every second boundary. The state lives here, so only the clock re-renders each second,
 * never the header or the layout around it.
 */
function useSecondClock(frozen: Date | undefined): Date {
  const [now, setNow] = React.useState(() => frozen ?? new Date());
  React.useEffect(() => {
    if (frozen) {
      setNow(frozen);
      return;
    }
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, msToNextSecond(Date.now()));
    };
    setNow(new Date());
    schedule();
    return () => clearTimeout(timer);
  }, [frozen]);
  return now;
}

/** The header's clock: `HH:mm:ss`, the weekday (星期日) and the date (YYYY-MM-DD), zh-CN. */
export function HeaderClock({
  now: frozen,
  timeZone,
  label = headerClockCopy.label,
  className,
  ...props
}: HeaderClockProps) {
  const now = useSecondClock(frozen);
  const { time, weekday, date } = formatClockParts(now, timeZone ? { timeZone } : {});
  return (
    // role=timer is polite-free by default; aria-live="off" says it outright: the seconds must not be read out.
    <div
      data-slot="header-clock"
      role="timer"
      aria-live="off"
      aria-atomic="true"
      aria-label={label}
      className={cn('inline-flex items-baseline gap-2 text-sm tabular-nums text-foreground', className)}
      {...props}
    >
      <time data-slot="header-clock-time" dateTime={`${date}T${time}`} className="font-medium">
        {time}
      </time>
      <span data-slot="header-clock-weekday" className="text-muted-foreground">
        {weekday}
      </span>
      <time data-slot="header-clock-date" dateTime={date} className="text-muted-foreground">
        {date}
      </time>
    </div>
  );
}
