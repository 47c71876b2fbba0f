import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { warningForm, warningValues } from './warning-form';

describe('余额预警 form', () => {
  it('hands the API fen, empty as off, and refuses what the server refuses with its messages', async () => {
    const send = (warn_below: string) => submitForm(warningForm, {}, { warn_below });
    expect((await send('50')).body).toEqual({ warn_below: 5_000 });
    expect((await send(' 0.5 ')).body).toEqual({ warn_below: 50 });
    expect((await send('  ')).body).toEqual({ warn_below: null });
    expect((await send('0')).errors.warn_below).toBe('预警金额必须大于 0');
    expect((await send('1.234')).errors.warn_below).toBe('预警金额最多两位小数');
    expect((await send('五十')).errors.warn_below).toBe('预警金额必须是数字');
    expect((await send('1000000.01')).errors.warn_below).toBe('预警金额不超过 ¥1,000,000');
    expect([warningValues(null), warningValues(5_000), warningValues(1_234)]).toEqual([
      { warn_below: '' },
      { warn_below: '50' },
      { warn_below: '12.34' },
    ]);
  });
});
