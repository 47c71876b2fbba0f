import type { Banner } from '@consign/api-client';
import { bannerSaveBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import type { FieldMessages } from '../../common/form';
import { SYSTEM_TEXT } from './texts';

const errorText = SYSTEM_TEXT.banners.errors;

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

/**
 * The banner dialog: the contract's save body (name 1-64, an http(s) or same-origin image, an
 * optional link, an end later than the begin), with the times typed as `datetime-local` text in the
 * browser's zone (empty: no time).
 */
export const bannerForm = z
  .object({
    id: z.number().optional(),
    version: z.number().optional(),
    name: z.string(),
    ad_login_image_url: z.string(),
    ad_url: z.string(),
    begin_time: z.string().transform(fromLocalInput),
    end_time: z.string().transform(fromLocalInput),
  })
  // The contract's input type says `ad_url?: string` (its default): it checks what this hands on.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  .pipe(bannerSaveBodySchema as z.ZodType<z.output<typeof bannerSaveBodySchema>, any>);
/** The contract's fields of a banner, for the inputs' limits. */
export const bannerFields = bannerSaveBodySchema.shape;
export const bannerMessages: FieldMessages<z.input<typeof bannerForm>> = {
  name: errorText.name,
  ad_login_image_url: errorText.image,
  ad_url: errorText.link,
  begin_time: errorText.time,
  // The contract's rule `end_time > begin_time` is a custom issue; an unreadable time any other.
  end_time: { custom: errorText.order, default: errorText.time },
};

/** The form of a new banner (`banner` null), or of `banner` at the version it was read. */
export function bannerValues(banner: Banner | null): z.input<typeof bannerForm> {
  return {
    ...(banner ? { id: banner.id, version: banner.version } : {}),
    name: banner?.name ?? '',
    ad_login_image_url: banner?.ad_login_image_url ?? '',
    ad_url: banner?.ad_url ?? '',
    begin_time: toLocalInput(banner?.begin_time ?? null),
    end_time: toLocalInput(banner?.end_time ?? null),
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
