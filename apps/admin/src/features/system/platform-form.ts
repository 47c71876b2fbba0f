import type { Platform, PlatformAuth } from '@consign/api-client';
import { platformAuthSaveBodySchema, platformSaveBodySchema } from '@consign/api-client/contract';
import * as z from 'zod';
import type { FieldMessages } from '../../common/form';
import { fromLocalInput, toLocalInput } from './banner-form';
import { SYSTEM_TEXT } from './texts';

const pe = SYSTEM_TEXT.platforms.errors;
const ae = SYSTEM_TEXT.auths.errors;

/**
 * The platform and authorisation dialogs: the contract's save bodies (company.ts), so the limits are
 * its own (a platform name 1-32, a shop name and an App Key 1-64, a secret at most 128 characters).
 */

/** 平台: a new one (no `id`), or an update at the version it was read. */
export const platformForm = platformSaveBodySchema;
export const platformMessages: FieldMessages<z.input<typeof platformForm>> = { name: pe.name, code: pe.code };

export function platformValues(platform: Platform | null): z.input<typeof platformForm> {
  return {
    ...(platform ? { id: platform.id, version: platform.version } : {}),
    name: platform?.name ?? '',
    code: platform?.code ?? '',
    enabled: platform?.enabled ?? true,
  };
}

/**
 * 平台授权: the secret left empty keeps the current one (it is never shown); the expiry is typed as a
 * local `datetime-local` time and sent as unix seconds (empty: no end); 服务ID (抖店 only; digits, empty
 * clears it) is sent as typed.
 */
export const authForm = z
  .object({
    id: z.number().optional(),
    version: z.number().optional(),
    platform_id: z.number(),
    shop_name: z.string(),
    app_key: z.string(),
    app_secret: z.string().transform((secret) => secret.trim() || undefined),
    service_id: z.string(),
    expires_at: z.string().transform(fromLocalInput),
  })
  // The contract's input type says `app_secret?: string` (no explicit undefined): it checks what this hands on.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  .pipe(platformAuthSaveBodySchema as z.ZodType<z.output<typeof platformAuthSaveBodySchema>, any>);
/** The contract's fields of 平台授权, for the inputs' limits. */
export const authFields = platformAuthSaveBodySchema.shape;
export const authMessages: FieldMessages<z.input<typeof authForm>> = {
  shop_name: ae.shopName,
  app_key: ae.appKey,
  app_secret: ae.appSecret,
  service_id: ae.serviceId,
  expires_at: ae.expires,
};

export function authValues(platformId: number, auth: PlatformAuth | null): z.input<typeof authForm> {
  return {
    ...(auth ? { id: auth.id, version: auth.version } : {}),
    platform_id: platformId,
    shop_name: auth?.shop_name ?? '',
    app_key: auth?.app_key ?? '',
    app_secret: '',
    service_id: auth?.service_id ?? '',
    expires_at: toLocalInput(auth?.expires_at ?? null),
  };
}
