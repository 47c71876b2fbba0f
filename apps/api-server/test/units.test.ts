import { maskMobile } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { dayStart, likePattern } from '../src/db/list';
import { prng } from '../src/db/seed';
import { summariseIssues } from '../src/http/respond';

describe('helpers', () => {
  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('')).toBeNull();
    expect(likePattern(undefined)).toBeNull();
  });

  it('reads dates as Asia/Shanghai days', () => {
    expect(dayStart('2026-11-22')).toBe(Date.UTC(2026, 10, 21, 16) / 1000);
  });

  it('masks mobiles', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('123')).toBe('****');
  });

  it('summarises issues in Chinese', () => {
    const msg = summariseIssues([
      { code: 'custom', path: ['images', 0], message: 'must be an http(s) URL', input: undefined },
      { code: 'custom', path: [], message: '请输入手机号', input: undefined },
    ]);
    expect(msg).toBe('参数校验失败：字段 images.0：格式不正确；字段 请求体：请输入手机号');
  });

  it('seeds deterministically', () => {
    const a = prng(1);
    const b = prng(1);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
