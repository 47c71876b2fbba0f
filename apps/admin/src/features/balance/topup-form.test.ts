import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { fenToYuanText, topupForm, yuanToFen } from './topup-form';

describe('充值 form', () => {
  it('reads yuan as fen exactly, a third decimal as a fraction of a fen, anything else as NaN', () => {
    expect(yuanToFen('100')).toBe(10_000);
    expect(yuanToFen(' 0.5 ')).toBe(50);
    expect(yuanToFen('1.01')).toBe(101);
    expect(yuanToFen('50000')).toBe(5_000_000);
    expect(Number.isInteger(yuanToFen('1.234'))).toBe(false);
    for (const bad of ['', 'abc', '-1', '1e3', '1,000', '¥100', '1.']) expect(yuanToFen(bad)).toBeNaN();
    expect([10_000, 12_345, 50, 5_000_000].map(fenToYuanText)).toEqual(['100', '123.45', '0.50', '50000']);
  });

  it('hands the API fen and refuses what the server refuses, with its messages', async () => {
    const send = (amount: string) => submitForm(topupForm, {}, { amount });
    expect((await send('100')).body).toEqual({ amount: 10_000 });
    expect((await send('0.99')).errors.amount).toBe('单次充值不少于 ¥1');
    expect((await send('50000.01')).errors.amount).toBe('单次充值不超过 ¥50,000');
    expect((await send('12.345')).errors.amount).toBe('充值金额最多两位小数');
    expect((await send('0')).errors.amount).toBe('充值金额必须大于 0');
    expect((await send('一百')).errors.amount).toBe('充值金额必须是数字');
  });
});
