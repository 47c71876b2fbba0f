import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { adjustForm, signedYuanToFen } from './adjust-form';

describe('调整余额 form', () => {
  it('reads signed yuan as fen exactly', () => {
    expect(signedYuanToFen('100')).toBe(10_000);
    expect(signedYuanToFen('+0.5')).toBe(50);
    expect(signedYuanToFen(' -20.05 ')).toBe(-2_005);
    expect(Number.isInteger(signedYuanToFen('-1.234'))).toBe(false);
    for (const bad of ['', '-', '+-1', '--1', 'abc', '1e3', '¥100']) expect(signedYuanToFen(bad)).toBeNaN();
  });

  it('hands the API fen and the trimmed reason, and refuses what the server refuses with its messages', async () => {
    const send = (amount: string, reason = '线下转账') => submitForm(adjustForm, {}, { amount, reason });
    expect((await send('-20.05', ' 多充退回 ')).body).toEqual({ amount: -2_005, reason: '多充退回' });
    expect((await send('0')).errors.amount).toBe('调整金额不能为 0');
    expect((await send('-0.00')).errors.amount).toBe('调整金额不能为 0');
    expect((await send('1.234')).errors.amount).toBe('调整金额最多两位小数');
    expect((await send('一百')).errors.amount).toBe('调整金额必须是数字');
    expect((await send('-1000000.01')).errors.amount).toBe('单次调整不超过 ±¥1,000,000');
    expect((await send('10', '  ')).errors.reason).toBe('请填写调整原因');
    expect((await send('10', '长'.repeat(201))).errors.reason).toBe('调整原因最多 200 个字');
  });
});
