import * as React from 'react';
import { cn } from '../lib/cn';
import { formatDateTime, formatRelativeTime, RELATIVE_TIME_UNITS, relativeTimeParts } from '../lib/format';

export type RelativeTimeProps = Omit<React.ComponentProps<'time'>, 'dateTime' | 'children'> & {
  /** The moment: a Date or epoch milliseconds. */
  value: Date | number;
  /** Freeze "now" (stories, tests, server rendering). Without it the text refreshes itself. */
  now?: Date | number;
  /** An IANA time zone for the absolute time in the tooltip; default: the runtime's. */
  timeZone?: string;
};

const MAX_REFRESH_MS = 60 * 60 * 1000;

/** How long until the floored text changes, so the component re-renders only when it must. */
function msUntilNextChange(value: number, now: number): number {
  const { unit } = relativeTimeParts(value, now);
  const unitMs = RELATIVE_TIME_UNITS.find((s) => s.unit === unit)?.ms ?? 1000;
  const distance = Math.abs(now - value);
  const remaining = now >= value ? unitMs - (distance % unitMs) : (distance % unitMs) + 1;
  return Math.min(Math.max(remaining, 250), MAX_REFRESH_MS);
}

/**
 * `<time>` with a relative text (`3分钟前`), the machine-readable instant in `dateTime` and the absolute
 * time (`2026-11-22 10:05:09`) in `title`. Without `now` it refreshes itself when the text would change;
 * it is not a live region, because a list of times announcing themselves every minute helps nobody.
 */
export function RelativeTime({ value, now: nowProp, timeZone, className, ...props }: RelativeTimeProps) {
  const time = typeof value === 'number' ? value : value.getTime();
  const frozen = nowProp !== undefined;
  const [tick, setTick] = React.useState(() => Date.now());
  const now = frozen ? (typeof nowProp === 'number' ? nowProp : nowProp.getTime()) : tick;

  React.useEffect(() => {
    if (frozen || !Number.isFinite(time)) return;
    const timer = window.setTimeout(() => setTick(Date.now()), msUntilNextChange(time, tick));
    return () => window.clearTimeout(timer);
  }, [frozen, time, tick]);

  if (!Number.isFinite(time)) return null;
  const date = new Date(time);
  return (
    <time
      data-slot="relative-time"
      dateTime={date.toISOString()}
      title={formatDateTime(date, timeZone ? { timeZone } : {})}
      className={cn('tabular-nums', className)}
      {...props}
    >
      {formatRelativeTime(time, now)}
    </time>
  );
}
