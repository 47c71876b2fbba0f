import { describe, expect, it } from 'vitest';
import { dayStart, likePattern } from '../src/db/list';
import { maskMobile } from '../src/db/order';
import { prng } from '../src/db/seed';
import { summariseIssues } from '../src/http/respond';
import { NonceStore } from '../src/security/nonce-store';
import { SlidingWindowLimiter } from '../src/security/rate-limit';

describe('NonceStore', () => {
  it('refuses a nonce seen in the last 10 minutes and forgets it after', () => {
    let now = 0;
    const store = new NonceStore(() => now);
    expect(store.check('a')).toBe('fresh');
    now += 9 * 60_000;
    expect(store.check('a')).toBe('replayed');
    now += 61_000;
    expect(store.check('a')).toBe('fresh');
  });

  it('is bounded: when full of live nonces it refuses new ones instead of forgetting live ones', () => {
    let now = 0;
    const store = new NonceStore(() => now, 1000, 3);
    expect(['a', 'b', 'c'].map((n) => store.check(n))).toEqual(['fresh', 'fresh', 'fresh']);
    expect(store.check('d')).toBe('full');
    expect(store.check('a')).toBe('replayed');
    now += 1001;
    expect(store.check('d')).toBe('fresh');
    expect(store.size).toBe(1);
  });
});

describe('SlidingWindowLimiter', () => {
  it('allows `limit` hits per window', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(() => now, 2, 1000);
    limiter.hit('ip');
    limiter.hit('ip');
    expect(limiter.allowed('ip')).toBe(false);
    expect(limiter.allowed('other')).toBe(true);
    now = 1001;
    expect(limiter.allowed('ip')).toBe(true);
  });
});

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
