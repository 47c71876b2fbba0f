import { describe, expect, it } from 'vitest';
import { feeRatesForm, parsePercent, percentText } from './fee-rates-form';

describe('平台扣点 form', () => {
  it('reads a percentage with two decimals at most as 1/10000, without floating point', () => {
    expect(parsePercent('0.6')).toBe(60);
    expect(parsePercent(' 0.06 ')).toBe(6);
    expect(parsePercent('5')).toBe(500);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('0.29')).toBe(29);
    for (const bad of ['', '-1', '0.601', '1e2', 'abc', '1000.5']) expect(parsePercent(bad)).toBeUndefined();
  });

  it('shows a rate back as the percentage typed', () => {
    expect([60, 6, 500, 10_000, 29, 0, 155].map(percentText)).toEqual([
      '0.6',
      '0.06',
      '5',
      '100',
      '0.29',
      '0',
      '1.55',
    ]);
  });

  it('hands the API its body, and refuses over 100 % on that platform’s field', () => {
    const typed = { taobao: '0.5', pinduoduo: '0.6', douyin: '0', kuaishou: '1', jd: '100' };
    expect(feeRatesForm.parse(typed)).toEqual({
      rates: [
        { platform: 'taobao', rate: 50 },
        { platform: 'pinduoduo', rate: 60 },
        { platform: 'douyin', rate: 0 },
        { platform: 'kuaishou', rate: 100 },
        { platform: 'jd', rate: 10_000 },
      ],
    });
    const over = feeRatesForm.safeParse({ ...typed, jd: '100.01' });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((issue) => issue.path)).toEqual([['jd']]);
  });
});
