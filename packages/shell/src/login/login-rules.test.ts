import { describe, expect, it } from 'vitest';
import { codeError, mobileError, normalizeMobile } from './login-rules';

describe('login rules', () => {
  it('accepts 11 digits starting with 1 then 2-9, after removing whitespace', () => {
    expect(mobileError('13800000000')).toBeUndefined();
    expect(mobileError(' 138 0000 0000 ')).toBeUndefined();
    expect(normalizeMobile(' 138 0000\t0000 ')).toBe('13800000000');
  });
  it.each(['', '1380000000', '138000000000', '11800000000', '10800000000', '23800000000', '1380000000a'])(
    'rejects %j with 请输入手机号',
    (value) => {
      expect(mobileError(value)).toBe('请输入手机号');
    },
  );
  it('requires a code of at most 6 characters', () => {
    expect(codeError('')).toBe('请输入短信验证码');
    expect(codeError('   ')).toBe('请输入短信验证码');
    expect(codeError('1234567')).toBe('请输入短信验证码');
    expect(codeError('123456')).toBeUndefined();
  });
});
