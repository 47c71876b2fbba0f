import { isBannerActive } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import {
  bannerState,
  bannerToForm,
  formToBanner,
  fromLocalInput,
  toLocalInput,
  validateBanner,
} from './banner-form';

describe('banner form', () => {
  it('round-trips unix seconds through the datetime-local text', () => {
    const t = 1_795_000_000;
    expect(fromLocalInput(toLocalInput(t))).toBe(t);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNaN();
  });

  it('refuses an end before the begin, unsafe links and an empty name', () => {
    const errors = validateBanner({
      name: ' ',
      ad_login_image_url: 'javascript:alert(1)',
      ad_url: '//evil.example',
      begin: '2026-11-22T10:00:00',
      end: '2026-11-22T09:00:00',
    });
    expect(Object.keys(errors).sort()).toEqual(['ad_login_image_url', 'ad_url', 'end', 'name']);
  });

  it('sends null for an open side and agrees with isBannerActive', () => {
    const body = formToBanner(null, {
      name: 'x',
      ad_login_image_url: '/a.png',
      ad_url: '',
      begin: '',
      end: '2026-11-22T09:00',
    });
    expect(body.begin_time).toBeNull();
    expect(body).not.toHaveProperty('version');
    const update = formToBanner({ id: 3, version: 7 }, bannerToForm(null));
    expect(update).toMatchObject({ id: 3, version: 7 });
    for (const b of [
      { begin_time: null, end_time: null },
      { begin_time: 100, end_time: 200 },
      { begin_time: 100, end_time: null },
      { begin_time: null, end_time: 200 },
    ])
      for (const now of [50, 100, 150, 200, 250])
        expect(bannerState(b, now) === 'active', `${JSON.stringify(b)} @${now}`).toBe(isBannerActive(b, now));
  });
});
