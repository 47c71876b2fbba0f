import { isBannerActive } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import {
  bannerForm,
  bannerMessages,
  bannerState,
  bannerValues,
  fromLocalInput,
  toLocalInput,
} from './banner-form';
import { SYSTEM_TEXT } from './texts';

const errorText = SYSTEM_TEXT.banners.errors;

describe('banner form', () => {
  it('round-trips unix seconds through the datetime-local text', () => {
    const t = 1_795_000_000;
    expect(fromLocalInput(toLocalInput(t))).toBe(t);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNaN();
  });

  it('refuses an end before the begin, unsafe links and an empty name', async () => {
    const { errors } = await submitForm(bannerForm, bannerMessages, {
      name: ' ',
      ad_login_image_url: 'javascript:alert(1)',
      ad_url: '//evil.example',
      begin_time: '2026-11-22T10:00:00',
      end_time: '2026-11-22T09:00:00',
    });
    expect(Object.keys(errors).sort()).toEqual(['ad_login_image_url', 'ad_url', 'end_time', 'name']);
    expect(errors).toMatchObject({
      name: errorText.name,
      ad_login_image_url: errorText.image,
      ad_url: errorText.link,
      end_time: errorText.order,
    });
    const unreadable = await submitForm(bannerForm, bannerMessages, {
      ...bannerValues(null),
      name: 'x',
      ad_login_image_url: '/a.png',
      end_time: 'tomorrow',
    });
    expect(unreadable.errors).toEqual({ end_time: errorText.time });
  });

  it('sends null for an open side and agrees with isBannerActive', async () => {
    const { body } = await submitForm(bannerForm, bannerMessages, {
      name: 'x',
      ad_login_image_url: '/a.png',
      ad_url: '',
      begin_time: '',
      end_time: '2026-11-22T09:00',
    });
    expect(body.begin_time).toBeNull();
    expect(body).not.toHaveProperty('version');
    const banner = {
      id: 3,
      version: 7,
      name: 'x',
      ad_url: '',
      ad_login_image_url: '/a.png',
      begin_time: null,
      end_time: null,
    };
    const update = await submitForm(bannerForm, bannerMessages, bannerValues(banner));
    expect(update.body).toMatchObject({ id: 3, version: 7 });
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
