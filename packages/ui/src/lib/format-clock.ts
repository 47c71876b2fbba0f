/**
 * The header clock's formatting, apart from the rest of `format.ts`: the clock is on every page of
 * the shell, the other formatters only on the pages that list things, and a module ships whole.
 */

export interface TimeZoneOptions {
  /** An IANA time zone such as `Asia/Shanghai`; default: the runtime's own. */
  timeZone?: string;
}

/** The three parts the header clock shows. */
export interface ClockParts {
  /** `HH:mm:ss`, 24-hour. */
  time: string;
  /** `星期日` ... `星期六`. */
  weekday: string;
  /** `YYYY-MM-DD`. */
  date: string;
}

type DatePartName = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'weekday';
type DateParts = Record<DatePartName, string>;

// One formatter per time zone: the clock formats every second and Intl formatters are costly to build.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('zh-CN', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

export function dateParts(date: Date, timeZone: string | undefined): DateParts {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const parts: DateParts = { year: '', month: '', day: '', hour: '', minute: '', second: '', weekday: '' };
  for (const part of dateTimeFormat(timeZone).formatToParts(date)) {
    if (part.type in parts) parts[part.type as DatePartName] = part.value;
  }
  // Some ICU versions print midnight as 24 even with h23; the clock must read 00.
  if (parts.hour === '24') parts.hour = '00';
  return parts;
}

/** The header clock's parts: `{ time: '08:05:09', weekday: '星期日', date: '2026-11-22' }`. */
export function formatClockParts(date: Date, options: TimeZoneOptions = {}): ClockParts {
  const p = dateParts(date, options.timeZone);
  return {
    time: `${p.hour}:${p.minute}:${p.second}`,
    weekday: p.weekday,
    date: `${p.year}-${p.month}-${p.day}`,
  };
}

/** `HH:mm:ss`, 24-hour. */
export function formatClock(date: Date, options: TimeZoneOptions = {}): string {
  return formatClockParts(date, options).time;
}
