import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { feesForm, feesValues } from './fees-form';

const typed = { default_fee: '2', taobao: '', pinduoduo: '1.5', douyin: '', kuaishou: '0', jd: '' };

describe('代发服务费 form', () => {
  it('hands the API fen: the default, and the platforms that have a fee of their own', async () => {
    expect((await submitForm(feesForm, {}, typed)).body).toEqual({
      default_fee: 200,
      platforms: [
        { platform: 'pinduoduo', fee: 150 },
        { platform: 'kuaishou', fee: 0 },
      ],
    });
  });

  it('shows saved fees back as typed, a platform without its own fee empty', () => {
    const saved = { default_fee: 200, platforms: [{ platform: 'pinduoduo' as const, fee: 150 }] };
    expect(feesValues(saved)).toEqual({ ...typed, pinduoduo: '1.50', kuaishou: '' });
  });

  it('refuses a negative, a third decimal or text on its own field, and an empty default', async () => {
    const { errors } = await submitForm(feesForm, {}, { ...typed, douyin: '-1', jd: '0.001', taobao: '五' });
    expect(Object.keys(errors).sort()).toEqual(['douyin', 'jd', 'taobao']);
    for (const key of ['douyin', 'jd', 'taobao'])
      expect(errors[key]).toBe('请输入 0 或正数金额，最多两位小数');
    expect((await submitForm(feesForm, {}, { ...typed, default_fee: '' })).errors.default_fee).toBe(
      '请输入 0 或正数金额，最多两位小数',
    );
    expect((await submitForm(feesForm, {}, { ...typed, default_fee: '1000000.01' })).errors.default_fee).toBe(
      '服务费不超过 ¥1,000,000',
    );
  });
});
