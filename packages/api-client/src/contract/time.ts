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

/** How many days the 工作台 chart shows, today included (Asia/Shanghai days). */
export const DASHBOARD_CHART_DAYS = 30;
