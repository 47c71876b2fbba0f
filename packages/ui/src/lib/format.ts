/**
 * Time and money formatting for the Chinese back office. Pure functions over `Intl` (zh-CN), so they run
 * the same in the browser, in Node and in tests. Dates use the runtime's time zone unless a `timeZone`
 * option names another one (the product never forces Asia/Shanghai on a seller abroad).
 */

import { dateParts, type TimeZoneOptions } from './format-clock';

export { type ClockParts, formatClock, formatClockParts, type TimeZoneOptions } from './format-clock';

/** `YYYY-MM-DD HH:mm:ss` from a Date, epoch milliseconds via Date, or (number) unix seconds. */
export function formatDateTime(value: Date | number, options: TimeZoneOptions = {}): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : value;
  const p = dateParts(date, options.timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** The unit steps of a relative time, largest first; a unit is used once the elapsed time reaches it. */
export const RELATIVE_TIME_UNITS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; ms: number }> = [
  { unit: 'year', ms: YEAR },
  { unit: 'month', ms: MONTH },
  { unit: 'day', ms: DAY },
  { unit: 'hour', ms: HOUR },
  { unit: 'minute', ms: MINUTE },
  { unit: 'second', ms: SECOND },
];

const relativeTimeFormat = new Intl.RelativeTimeFormat('zh-CN', { numeric: 'auto' });

function toTime(value: Date | number): number {
  const time = typeof value === 'number' ? value : value.getTime();
  if (!Number.isFinite(time)) throw new RangeError('Invalid date');
  return time;
}

/**
 * The largest whole unit that fits in the time between `from` and `now`, rounded DOWN so it never
 * overstates: 59 s -> `59秒钟前`, 90 min -> `1小时前`, under a second -> `现在`, a future `from` -> `5分钟后`.
 * `from` and `now` are Dates or epoch milliseconds.
 */
export function relativeTimeParts(
  from: Date | number,
  now: Date | number = Date.now(),
): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const elapsed = toTime(now) - toTime(from);
  const distance = Math.abs(elapsed);
  const step = RELATIVE_TIME_UNITS.find((s) => distance >= s.ms) ?? { unit: 'second' as const, ms: SECOND };
  const count = Math.floor(distance / step.ms);
  // Past is negative for Intl.RelativeTimeFormat; `0` (not `-0`) prints 现在.
  return { value: count === 0 ? 0 : elapsed >= 0 ? -count : count, unit: step.unit };
}

/** Relative time in Chinese, see `relativeTimeParts`: `现在`, `59秒钟前`, `1小时前`, `昨天`. */
export function formatRelativeTime(from: Date | number, now: Date | number = Date.now()): string {
  const { value, unit } = relativeTimeParts(from, now);
  return relativeTimeFormat.format(value, unit);
}

/**
 * Money from fen (1/100 yuan) to `¥1,234.56`; negative amounts read `-¥12.34`. Fractions of a fen are
 * rounded to the nearest fen. Throws RangeError for NaN, Infinity and amounts beyond safe integers.
 */
export function formatMoney(fen: number): string {
  if (!Number.isFinite(fen)) throw new RangeError(`Not an amount of money: ${fen}`);
  const rounded = Math.round(Math.abs(fen));
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`Amount too large: ${fen}`);
  const yuan = Math.floor(rounded / 100);
  const cents = rounded % 100;
  const grouped = String(yuan).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = fen < 0 && rounded !== 0 ? '-' : '';
  return `${sign}¥${grouped}.${String(cents).padStart(2, '0')}`;
}
