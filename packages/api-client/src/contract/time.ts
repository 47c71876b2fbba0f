/** The product's days and times: Asia/Shanghai. */

/** Asia/Shanghai is UTC+8 all year (no DST): the product's days, and the platforms' Beijing times. */
export const SHANGHAI_OFFSET_SECONDS = 8 * 3600;

/** Unix seconds as `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export function shanghaiDateTime(unixSeconds: number): string {
  return new Date((unixSeconds + SHANGHAI_OFFSET_SECONDS) * 1000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

/** Unix seconds as the `YYYY-MM-DD` day in Asia/Shanghai (16:00 UTC is the next day's 00:00). */
export function shanghaiDate(unixSeconds: number): string {
  return shanghaiDateTime(unixSeconds).slice(0, 10);
}

/** Unix seconds as `YYYYMMDDHHmmss` in Asia/Shanghai (numbers stamped with the time they were made). */
export function shanghaiStamp(unixSeconds: number): string {
  return shanghaiDateTime(unixSeconds).replace(/[-: ]/g, '');
}

/**
 * Unix seconds of a Shanghai `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`, its 00:00:00), or null when it is
 * not one.
 */
export function parseShanghaiDateTime(text: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}:\d{2}))?$/.exec(text);
  if (!match) return null;
  const ms = Date.parse(`${match[1]}T${match[2] ?? '00:00:00'}Z`);
  return Number.isNaN(ms) ? null : ms / 1000 - SHANGHAI_OFFSET_SECONDS;
}

/** Unix seconds of the first second of a Shanghai `YYYY-MM-DD` day, or null when it is not a date. */
export function shanghaiDayStart(date: string): number | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? parseShanghaiDateTime(date) : null;
}

/** How many days the 工作台 chart shows, today included (Asia/Shanghai days). */
export const DASHBOARD_CHART_DAYS = 30;
