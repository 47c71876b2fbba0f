import type { PlatformCode } from '../platforms/connector';
import type { SecretBox } from '../security/secret-box';
import type { Queryable } from './db';

/**
 * The platforms' open-platform apps (全局设置 → 平台 / 平台授权). A row of `platform_auths` is an app
 * registered for a platform: `app_key` is its client id, `app_secret` its client secret, sealed
 * (`SecretBox.seal(secret, 'platform_auth:<id>:app_secret')`), never in clear and never answered;
 * `service_id` is 抖店's 服务ID (how 抖店 authorises a tool-type app's shops; '' for other platforms).
 *
 * The app the server uses for a platform (`findPlatformApp`) is the platform's newest row (highest id)
 * that is `active`, not past its `expires_at` and has a secret, provided the platform (`platforms.code`
 * = the connector's code) is enabled. Registering a new app is adding a row; the old one stops being
 * used at once (its shops then need 重新授权 if the platform binds tokens to the app).
 */

export const appSecretContext = (id: number) => `platform_auth:${id}:app_secret`;

/** The `platforms.code` under which operators register the 1688 app (the supplier, not a sales platform). */
export const SUPPLIER_CODE = 'alibaba';

/** A value of `SecretBox.seal`: `v1.<8 hex digits>.<base64url>`; anything else in the column is clear text. */
const SEALED = /^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/;
export const isSealed = (value: string) => SEALED.test(value);

export interface PlatformApp {
  /** The `platform_auths` row. */
  id: number;
  clientId: string;
  /** The sealed secret (open with `appSecretContext(id)`). */
  sealedSecret: string;
  /** 抖店's 服务ID, '' when none. */
  serviceId: string;
}

/** The app of `platform` (see above), or null when the platform is disabled or has none. */
export async function findPlatformApp(
  db: Queryable,
  platform: PlatformCode | typeof SUPPLIER_CODE,
  nowS: number,
): Promise<PlatformApp | null> {
  const [row] = await db.query<{ id: number; app_key: string; app_secret: string; service_id: string }>(
    `SELECT a.id, a.app_key, a.app_secret, a.service_id FROM platform_auths a JOIN platforms p ON p.id = a.platform_id
     WHERE p.code = $1 AND p.enabled AND a.status = 'active' AND a.app_secret <> ''
       AND (a.expires_at IS NULL OR a.expires_at > $2)
     ORDER BY a.id DESC LIMIT 1`,
    [platform, nowS],
  );
  return row
    ? { id: row.id, clientId: row.app_key, sealedSecret: row.app_secret, serviceId: row.service_id }
    : null;
}

/** The platforms among `codes` that are enabled and have an app, in the order given. */
export async function platformsWithApps(
  db: Queryable,
  codes: readonly PlatformCode[],
  nowS: number,
): Promise<PlatformCode[]> {
  const rows = await db.query<{ code: PlatformCode }>(
    `SELECT DISTINCT p.code FROM platforms p JOIN platform_auths a ON a.platform_id = p.id
     WHERE p.code = ANY($1::text[]) AND p.enabled AND a.status = 'active' AND a.app_secret <> ''
       AND (a.expires_at IS NULL OR a.expires_at > $2)`,
    [codes, nowS],
  );
  const found = new Set(rows.map((row) => row.code));
  return codes.filter((code) => found.has(code));
}

/** Seals the secret of row `id` (a save of 平台授权 that brought one). */
export async function storeAppSecret(
  db: Queryable,
  box: SecretBox,
  id: number,
  secret: string,
): Promise<void> {
  await db.query('UPDATE platform_auths SET app_secret = $2 WHERE id = $1', [
    id,
    box.seal(secret, appSecretContext(id)),
  ]);
}

/**
 * Seals every secret still in clear text (rows written before secrets were sealed); the server does
 * it at start. Returns how many. Idempotent: sealed values are left alone.
 */
export async function sealPlaintextAppSecrets(db: Queryable, box: SecretBox): Promise<number> {
  const rows = await db.query<{ id: number; app_secret: string }>(
    "SELECT id, app_secret FROM platform_auths WHERE app_secret <> '' ORDER BY id",
  );
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.app_secret)) continue;
    await db.query('UPDATE platform_auths SET app_secret = $2 WHERE id = $1 AND app_secret = $3', [
      row.id,
      box.seal(row.app_secret, appSecretContext(row.id)),
      row.app_secret,
    ]);
    sealed++;
  }
  return sealed;
}

/**
 * Re-seals under `next` every app secret not sealed under it (clear text, or sealed under `previous`);
 * part of the key rotation, in its transaction. A value sealed under neither key throws.
 */
export async function resealAppSecrets(db: Queryable, previous: SecretBox, next: SecretBox): Promise<number> {
  const rows = await db.query<{ id: number; app_secret: string }>(
    "SELECT id, app_secret FROM platform_auths WHERE app_secret <> '' ORDER BY id FOR UPDATE",
  );
  let count = 0;
  for (const row of rows) {
    if (next.sealedHere(row.app_secret)) continue;
    const context = appSecretContext(row.id);
    const secret = isSealed(row.app_secret) ? previous.open(row.app_secret, context) : row.app_secret;
    await db.query('UPDATE platform_auths SET app_secret = $2 WHERE id = $1', [
      row.id,
      next.seal(secret, context),
    ]);
    count++;
  }
  return count;
}

/** The sandboxes' apps, registered for the demo (never in production), by the `platforms.code` they belong to. */
const SANDBOX_APPS = [
  { code: 'pinduoduo', name: '拼多多', label: '拼多多沙箱应用' },
  { code: 'douyin', name: '抖店', label: '抖店沙箱应用' },
  { code: SUPPLIER_CODE, name: '1688', label: '1688沙箱应用' },
] as const;

/** An app as registered on a platform: client id (app key), secret and, for 抖店, its 服务ID. */
interface RegisteredApp {
  clientId: string;
  clientSecret: string;
  serviceId?: string;
}

/**
 * With the sandboxes on (outside production): makes sure 拼多多, 抖店 and 1688 exist as platforms and have
 * the sandbox app (`apps`, from the sandbox package) registered (once; an operator's later changes
 * stand), so that `npm start` can authorise sandbox shops out of the box. The 抖店 sandbox app gets its
 * 服务ID too, also when it was registered before apps had one (an empty `service_id` only). Returns how
 * many apps it registered.
 */
export async function registerSandboxApps(
  db: Queryable,
  box: SecretBox,
  apps: Record<(typeof SANDBOX_APPS)[number]['code'], RegisteredApp>,
): Promise<number> {
  let registered = 0;
  for (const { code, name, label } of SANDBOX_APPS) {
    const app = apps[code];
    await db.query(
      'INSERT INTO platforms (name, code, enabled) VALUES ($1, $2, true) ON CONFLICT (code) DO NOTHING',
      [name, code],
    );
    const serviceId = app.serviceId ?? '';
    const [existing] = await db.query<{ id: number }>(
      `SELECT a.id FROM platform_auths a JOIN platforms p ON p.id = a.platform_id
       WHERE p.code = $1 AND a.app_key = $2`,
      [code, app.clientId],
    );
    if (existing) {
      if (serviceId) {
        await db.query(`UPDATE platform_auths SET service_id = $2 WHERE id = $1 AND service_id = ''`, [
          existing.id,
          serviceId,
        ]);
      }
      continue;
    }
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO platform_auths (platform_id, shop_name, app_key, app_secret, expires_at, status, service_id)
       SELECT id, $2, $3, '', NULL, 'active', $4 FROM platforms WHERE code = $1 RETURNING id`,
      [code, label, app.clientId, serviceId],
    );
    if (row) {
      await storeAppSecret(db, box, row.id, app.clientSecret);
      registered++;
    }
  }
  return registered;
}
