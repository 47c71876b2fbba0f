import { platformAuthSaveBodySchema, platformSaveBodySchema } from '@consign/api-client/contract';
import { describe, expect, it } from 'vitest';
import { authToForm, formToAuth, formToPlatform, validateAuth, validatePlatform } from './platform-form';

describe('platform form', () => {
  it('refuses what the contract refuses and sends what it accepts', () => {
    expect(Object.keys(validatePlatform({ name: ' ', code: 'Taobao', enabled: true }))).toEqual([
      'name',
      'code',
    ]);
    expect(validatePlatform({ name: 'x'.repeat(33), code: 't', enabled: true })).toMatchObject({
      name: expect.any(String),
      code: expect.any(String),
    });
    const ok = { name: ' 小红书 ', code: 'xiaohongshu', enabled: false };
    expect(validatePlatform(ok)).toEqual({});
    const body = formToPlatform({ id: 7, version: 2 }, ok);
    expect(body).toEqual({ id: 7, version: 2, name: '小红书', code: 'xiaohongshu', enabled: false });
    expect(platformSaveBodySchema.safeParse(body).success).toBe(true);
    expect(formToPlatform(null, ok)).not.toHaveProperty('id');
    expect(platformSaveBodySchema.safeParse({ ...body, version: undefined }).success).toBe(false);
  });
});

describe('authorisation form', () => {
  it('keeps the secret when left empty and reads the expiry as unix seconds', () => {
    const values = { ...authToForm(null), shop_name: ' 旗舰店 ', app_key: 'k1' };
    expect(validateAuth(values)).toEqual({});
    const body = formToAuth(3, { id: 9, version: 1 }, values);
    expect(body).toEqual({
      id: 9,
      version: 1,
      platform_id: 3,
      shop_name: '旗舰店',
      app_key: 'k1',
      expires_at: null,
    });
    expect(platformAuthSaveBodySchema.safeParse(body).success).toBe(true);
    const withSecret = formToAuth(3, null, {
      ...values,
      app_secret: 's',
      expires: '2030-01-01T00:00:00',
    });
    expect(withSecret.app_secret).toBe('s');
    expect(withSecret.expires_at).toBe(Math.floor(new Date('2030-01-01T00:00:00').getTime() / 1000));
  });

  it('refuses an empty shop or key, a long secret and an unreadable time', () => {
    expect(
      Object.keys(
        validateAuth({ shop_name: '', app_key: ' ', app_secret: 'x'.repeat(129), expires: 'soon' }),
      ),
    ).toEqual(['shop_name', 'app_key', 'app_secret', 'expires']);
  });
});
