import { describe, expect, it } from 'vitest';
import { fenAsYuan, fenToYuan, parseYuan, yuanText, yuanToFen } from './money.js';

describe('money (fen <-> yuan)', () => {
  it('reads fen as yuan, negative amounts included', () => {
    expect([fenToYuan(1234), fenToYuan(-5), fenToYuan(0)]).toEqual([12.34, -0.05, 0]);
    expect([yuanText(1230), yuanText(5), yuanText(-5), yuanText(-123_456), yuanText(0)]).toEqual([
      '12.30',
      '0.05',
      '-0.05',
      '-1234.56',
      '0.00',
    ]);
    expect([fenAsYuan(31_891), fenAsYuan(-120), fenAsYuan(0)]).toEqual(['¥318.91', '-¥1.20', '¥0.00']);
  });

  it('turns a yuan number into whole fen without float noise, half away from zero', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(1.005)).toBe(101);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(-12.345)).toBe(-1235);
    expect(yuanToFen(-0.001)).toBe(0);
    expect(Object.is(yuanToFen(-0.001), -0)).toBe(false);
  });

  it('parses typed yuan exactly, two decimals at most, nothing negative', () => {
    expect([parseYuan('12'), parseYuan(' 12.3 '), parseYuan('0.05'), parseYuan('9999999999.99')]).toEqual([
      1200, 1230, 5, 999_999_999_999,
    ]);
    for (const bad of ['', '-1', '1.234', '1e3', '¥1', '1,000', '.5', '12.'])
      expect(parseYuan(bad), bad).toBeUndefined();
  });
});
