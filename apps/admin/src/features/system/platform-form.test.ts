import { platformAuthSaveBodySchema, platformSaveBodySchema } from '@consign/api-client/contract';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { contractResolver, type FieldMessages, maxLengthOf } from '../../common/form';
import {
  authFields,
  authForm,
  authMessages,
  authValues,
  platformForm,
  platformMessages,
  platformValues,
} from './platform-form';

/** Runs a form's resolver as react-hook-form does on submit: the errors by field, or the body. */
async function submit<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  messages: FieldMessages<z.input<S>>,
  values: z.input<S>,
) {
  const result = await contractResolver(schema, messages)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return { errors: Object.keys(result.errors), body: result.values };
}

describe('platform form', () => {
  it('refuses what the contract refuses and sends what it accepts', async () => {
    expect(
      (await submit(platformForm, platformMessages, { name: ' ', code: 'Taobao', enabled: true })).errors,
    ).toEqual(['name', 'code']);
    expect(
      (await submit(platformForm, platformMessages, { name: 'x'.repeat(33), code: 't', enabled: true }))
        .errors,
    ).toEqual(['name', 'code']);
    const platform = { id: 7, version: 2, name: 'x', code: 'x', enabled: true };
    const ok = await submit(platformForm, platformMessages, {
      ...platformValues(platform),
      name: ' 小红书 ',
      code: 'xiaohongshu',
      enabled: false,
    });
    expect(ok.errors).toEqual([]);
    expect(ok.body).toEqual({ id: 7, version: 2, name: '小红书', code: 'xiaohongshu', enabled: false });
    expect(platformSaveBodySchema.safeParse(ok.body).success).toBe(true);
    expect(platformValues(null)).not.toHaveProperty('id');
    expect(platformSaveBodySchema.safeParse({ ...ok.body, version: undefined }).success).toBe(false);
  });

  it('takes the input limits from the contract (the name 32, not 64)', () => {
    expect(maxLengthOf(platformForm.shape.name)).toBe(32);
  });
});

describe('authorisation form', () => {
  it('keeps the secret when left empty and reads the expiry as unix seconds', async () => {
    const values = { ...authValues(3, null), shop_name: ' 旗舰店 ', app_key: 'k1' };
    const kept = await submit(authForm, authMessages, { ...values, id: 9, version: 1 });
    expect(kept.errors).toEqual([]);
    expect(kept.body).toEqual({
      id: 9,
      version: 1,
      platform_id: 3,
      shop_name: '旗舰店',
      app_key: 'k1',
      service_id: '',
      expires_at: null,
    });
    expect(platformAuthSaveBodySchema.safeParse(kept.body).success).toBe(true);
    const withSecret = await submit(authForm, authMessages, {
      ...values,
      app_secret: 's',
      expires_at: '2030-01-01T00:00:00',
    });
    expect(withSecret.body).toMatchObject({
      app_secret: 's',
      expires_at: Math.floor(new Date('2030-01-01T00:00:00').getTime() / 1000),
    });
  });

  it('refuses an empty shop or key, a long secret and an unreadable time', async () => {
    const refused = await submit(authForm, authMessages, {
      platform_id: 3,
      shop_name: '',
      app_key: ' ',
      app_secret: 'x'.repeat(129),
      service_id: '70a1',
      expires_at: 'soon',
    });
    expect(refused.errors.sort()).toEqual(['app_key', 'app_secret', 'expires_at', 'service_id', 'shop_name']);
  });

  it('takes the input limits from the contract (64, 64, 128)', () => {
    expect([authFields.shop_name, authFields.app_key, authFields.app_secret].map(maxLengthOf)).toEqual([
      64, 64, 128,
    ]);
  });
});
