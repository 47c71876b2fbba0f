import { describe, expect, it } from 'vitest';
import {
  parseShanghaiDateTime,
  shanghaiDate,
  shanghaiDateTime,
  shanghaiDayStart,
  shanghaiStamp,
} from './time.js';

/** 2026-11-27 15:59:59 UTC = 2026-11-27 23:59:59 in Shanghai; one second later the next day. */
const lastSecond = Date.UTC(2026, 10, 27, 15, 59, 59) / 1000;

describe('Asia/Shanghai time (UTC+8, no DST)', () => {
  it('the day turns at 16:00 UTC', () => {
    expect(shanghaiDateTime(lastSecond)).toBe('2026-11-27 23:59:59');
    expect(shanghaiDate(lastSecond)).toBe('2026-11-27');
    expect(shanghaiDate(lastSecond + 1)).toBe('2026-11-28');
    expect(shanghaiStamp(lastSecond + 1)).toBe('20261128000000');
  });

  it('a Shanghai day starts at 16:00 UTC the day before, and parses back', () => {
    expect(shanghaiDayStart('2026-11-28')).toBe(lastSecond + 1);
    expect(parseShanghaiDateTime('2026-11-27 23:59:59')).toBe(lastSecond);
    expect(shanghaiDayStart('2026-11-28 00:00:00')).toBeNull();
    expect(parseShanghaiDateTime('2026-13-01 00:00:00')).toBeNull();
    expect(parseShanghaiDateTime('yesterday')).toBeNull();
  });

  it('has no daylight saving: every day of the year is 24 hours, at +8', () => {
    for (const date of ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01']) {
      const start = shanghaiDayStart(date) ?? Number.NaN;
      expect(new Date(start * 1000).toISOString()).toMatch(/T16:00:00\.000Z$/);
      expect(shanghaiDate(start + 86_399)).toBe(date);
    }
  });
});
