import { type Banner, type BannerSaveBody, isSafeUrl } from '@consign/api-client';
import { SYSTEM_COPY } from './copy';

const e = SYSTEM_COPY.banners.errors;

/** The banner dialog as typed; times as `datetime-local` text in the browser's zone. */
export interface BannerFormValues {
  name: string;
  ad_login_image_url: string;
  ad_url: string;
  begin: string;
  end: string;
}

export type BannerFormErrors = Partial<Record<keyof BannerFormValues, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm:ss` of unix seconds in the browser's zone (a `datetime-local` value). */
export function toLocalInput(seconds: number | null): string {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Unix seconds of a `datetime-local` value, null when empty, NaN when unreadable. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return Number.NaN;
  return Math.floor(new Date(value).getTime() / 1000);
}

export function bannerToForm(banner: Banner | null): BannerFormValues {
  return {
    name: banner?.name ?? '',
    ad_login_image_url: banner?.ad_login_image_url ?? '',
    ad_url: banner?.ad_url ?? '',
    begin: toLocalInput(banner?.begin_time ?? null),
    end: toLocalInput(banner?.end_time ?? null),
  };
}

export function validateBanner(v: BannerFormValues): BannerFormErrors {
  const errors: BannerFormErrors = {};
  const name = [...v.name.trim()].length;
  if (name < 1 || name > 64) errors.name = e.name;
  if (!isSafeUrl(v.ad_login_image_url.trim())) errors.ad_login_image_url = e.image;
  if (v.ad_url.trim() !== '' && !isSafeUrl(v.ad_url.trim())) errors.ad_url = e.link;
  const begin = fromLocalInput(v.begin);
  const end = fromLocalInput(v.end);
  if (Number.isNaN(begin)) errors.begin = e.time;
  if (Number.isNaN(end)) errors.end = e.time;
  else if (begin && end && end <= begin) errors.end = e.order;
  return errors;
}

/** The save body: a new banner (`banner` null), or an update of `banner` at the version it was read. */
export function formToBanner(
  banner: Pick<Banner, 'id' | 'version'> | null,
  v: BannerFormValues,
): BannerSaveBody {
  return {
    ...(banner ? { id: banner.id, version: banner.version } : {}),
    name: v.name.trim(),
    ad_login_image_url: v.ad_login_image_url.trim(),
    ad_url: v.ad_url.trim(),
    begin_time: fromLocalInput(v.begin),
    end_time: fromLocalInput(v.end),
  };
}

export type BannerState = 'active' | 'upcoming' | 'ended';

/** Where a banner stands at `now` (unix seconds), by the rule of `isBannerActive`. */
export function bannerState(banner: Pick<Banner, 'begin_time' | 'end_time'>, now: number): BannerState {
  const begin = banner.begin_time || 0;
  const end = banner.end_time || 0;
  if (end && now >= end) return 'ended';
  if (begin && now <= begin) return 'upcoming';
  return 'active';
}
