import type { Platform, PlatformAuth, PlatformAuthSaveBody, PlatformSaveBody } from '@consign/api-client';
import { fromLocalInput, toLocalInput } from './banner-form';
import { SYSTEM_COPY } from './copy';

const pe = SYSTEM_COPY.platforms.errors;
const ae = SYSTEM_COPY.auths.errors;

/** The platform dialog as typed. */
export interface PlatformFormValues {
  name: string;
  code: string;
  enabled: boolean;
}
export type PlatformFormErrors = Partial<Record<'name' | 'code', string>>;

/** The code rule of the contract (`platformSchema.code`). */
const CODE = /^[a-z][a-z0-9_]{1,31}$/;
const chars = (s: string) => [...s.trim()].length;

export function platformToForm(platform: Platform | null): PlatformFormValues {
  return { name: platform?.name ?? '', code: platform?.code ?? '', enabled: platform?.enabled ?? true };
}

export function validatePlatform(v: PlatformFormValues): PlatformFormErrors {
  const errors: PlatformFormErrors = {};
  if (chars(v.name) < 1 || chars(v.name) > 32) errors.name = pe.name;
  if (!CODE.test(v.code.trim())) errors.code = pe.code;
  return errors;
}

/** The save body: a new platform (`platform` null), or an update at the version it was read. */
export function formToPlatform(
  platform: Pick<Platform, 'id' | 'version'> | null,
  v: PlatformFormValues,
): PlatformSaveBody {
  return {
    ...(platform ? { id: platform.id, version: platform.version } : {}),
    name: v.name.trim(),
    code: v.code.trim(),
    enabled: v.enabled,
  };
}

/** The authorisation dialog as typed; `app_secret` empty means "keep" on edit; `expires` is datetime-local. */
export interface AuthFormValues {
  shop_name: string;
  app_key: string;
  app_secret: string;
  expires: string;
}
export type AuthFormErrors = Partial<Record<keyof AuthFormValues, string>>;

export function authToForm(auth: PlatformAuth | null): AuthFormValues {
  return {
    shop_name: auth?.shop_name ?? '',
    app_key: auth?.app_key ?? '',
    app_secret: '',
    expires: toLocalInput(auth?.expires_at ?? null),
  };
}

export function validateAuth(v: AuthFormValues): AuthFormErrors {
  const errors: AuthFormErrors = {};
  if (chars(v.shop_name) < 1 || chars(v.shop_name) > 64) errors.shop_name = ae.shopName;
  if (chars(v.app_key) < 1 || chars(v.app_key) > 64) errors.app_key = ae.appKey;
  if (chars(v.app_secret) > 128) errors.app_secret = ae.appSecret;
  if (Number.isNaN(fromLocalInput(v.expires))) errors.expires = ae.expires;
  return errors;
}

export function formToAuth(
  platformId: number,
  auth: Pick<PlatformAuth, 'id' | 'version'> | null,
  v: AuthFormValues,
): PlatformAuthSaveBody {
  const secret = v.app_secret.trim();
  return {
    ...(auth ? { id: auth.id, version: auth.version } : {}),
    platform_id: platformId,
    shop_name: v.shop_name.trim(),
    app_key: v.app_key.trim(),
    ...(secret ? { app_secret: secret } : {}),
    expires_at: fromLocalInput(v.expires),
  };
}
