import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatClockParts,
  formatDateTime,
  formatMoney,
  formatRelativeTime,
  RELATIVE_TIME_UNITS,
  relativeTimeParts,
} from './format';

const SHANGHAI = { timeZone: 'Asia/Shanghai' };
const NOW = Date.UTC(2026, 10, 22, 4, 0, 0);
const unitMs = new Map(RELATIVE_TIME_UNITS.map((s) => [s.unit, s.ms]));

describe('formatClockParts', () => {
  it('splits a moment into HH:mm:ss, the weekday and YYYY-MM-DD', () => {
    // 2026-11-22 00:05:09 in Shanghai is 2026-11-21 16:05:09 UTC, a Sunday.
    const date = new Date(Date.UTC(2026, 10, 21, 16, 5, 9));
    expect(formatClockParts(date, SHANGHAI)).toEqual({
      time: '00:05:09',
      weekday: '星期日',
      date: '2026-11-22',
    });
    expect(formatClockParts(date, { timeZone: 'UTC' })).toEqual({
      time: '16:05:09',
      weekday: '星期六',
      date: '2026-11-21',
    });
    expect(formatClock(date, SHANGHAI)).toBe('00:05:09');
  });

  it('uses the runtime time zone when none is given', () => {
    const date = new Date(2026, 10, 22, 23, 59, 58); // local time
    expect(formatClockParts(date)).toEqual({ time: '23:59:58', weekday: '星期日', date: '2026-11-22' });
  });

  it('always has the fixed shapes, for any moment and zone', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1971, 0, 1)),
          max: new Date(Date.UTC(2200, 0, 1)),
          noInvalidDate: true,
        }),
        fc.constantFrom('UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata'),
        (date, timeZone) => {
          const parts = formatClockParts(date, { timeZone });
          expect(parts.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
          expect(parts.date).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
          expect(parts.weekday).toMatch(/^星期[一二三四五六日]$/);
          if (timeZone === 'UTC') {
            expect(parts.date).toBe(date.toISOString().slice(0, 10));
            expect(parts.time).toBe(date.toISOString().slice(11, 19));
          }
        },
      ),
    );
  });

  it('rejects an invalid date instead of printing NaN', () => {
    expect(() => formatClockParts(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('formats unix seconds as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(0, { timeZone: 'UTC' })).toBe('1970-01-01 00:00:00');
    expect(formatDateTime(1_795_313_109, SHANGHAI)).toBe('2026-11-22 10:05:09');
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), { timeZone: 'UTC' })).toBe(
      '2026-01-02 03:04:05',
    );
  });
});

describe('formatRelativeTime', () => {
  it.each([
    [0, '现在'],
    [999, '现在'],
    [59_000, '59秒钟前'],
    [60_000, '1分钟前'],
    [119_999, '1分钟前'],
    [90 * 60_000, '1小时前'],
    [23 * 3_600_000 + 59 * 60_000, '23小时前'],
    [36 * 3_600_000, '昨天'],
    [3 * 86_400_000, '3天前'],
    [45 * 86_400_000, '上个月'],
    [400 * 86_400_000, '去年'],
    [3 * 365 * 86_400_000, '3年前'],
    [-5 * 60_000, '5分钟后'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(formatRelativeTime(NOW - elapsed, NOW)).toBe(text);
  });

  it('accepts Dates as well as epoch milliseconds', () => {
    expect(formatRelativeTime(new Date(NOW - 59_000), new Date(NOW))).toBe('59秒钟前');
  });

  it('never overstates: the shown amount fits in the elapsed time and the next whole one does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20 * 365 * 86_400_000, max: 20 * 365 * 86_400_000 }), (elapsed) => {
        const { value, unit } = relativeTimeParts(NOW - elapsed, NOW);
        const ms = unitMs.get(unit) ?? Number.NaN;
        const amount = Math.abs(value);
        expect(amount * ms).toBeLessThanOrEqual(Math.abs(elapsed));
        expect((amount + 1) * ms).toBeGreaterThan(Math.abs(elapsed));
        // Past reads as past, future as future.
        if (value !== 0) expect(Math.sign(value)).toBe(-Math.sign(elapsed));
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [1234, '¥12.34'],
    [-1234, '-¥12.34'],
    [100_000, '¥1,000.00'],
    [123_456_789, '¥1,234,567.89'],
    [-0, '¥0.00'],
    [12.6, '¥0.13'],
    [-0.4, '¥0.00'],
  ])('%d fen reads %s', (fen, text) => {
    expect(formatMoney(fen)).toBe(text);
  });

  it('round-trips every whole amount of fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (fen) => {
        const text = formatMoney(fen);
        expect(text).toMatch(/^-?¥\d{1,3}(,\d{3})*\.\d{2}$/);
        const negative = text.startsWith('-');
        const digits = text.replace(/[-¥,.]/g, '');
        const parsed = Number(BigInt(digits) * (negative ? -1n : 1n));
        expect(parsed).toBe(fen === 0 ? 0 : fen);
      }),
    );
  });

  it('refuses amounts that are not money', () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatMoney(2 ** 60)).toThrow(RangeError);
  });
});
