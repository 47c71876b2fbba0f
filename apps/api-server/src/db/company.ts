import type { Banner, Company, CompanyConfig, Platform, PlatformAuth } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem, MESSAGES } from '../http/respond';
import type { SecretBox } from '../security/secret-box';
import type { Queryable } from './db';
import type { Change, Saved } from './log';
import { storeAppSecret } from './platform-apps';
import { staleRecord } from './scope';

const COMPANY_COLUMNS = 'name, short_name, en_name, logo_url, foot_copyright, foot_info, version';
const BANNER_COLUMNS = 'id, name, ad_url, ad_login_image_url, begin_time, end_time, version';
const PLATFORM_COLUMNS = 'id, name, code, enabled, version';
const AUTH_COLUMNS =
  "id, platform_id, shop_name, app_key, service_id, (app_secret <> '') AS has_secret, expires_at, status, version";

/**
 * The platform-wide records (company profile, banners, platforms, platform authorisations): only
 * operators change them (the contract's `operator` access). Every save names the `version` it read;
 * `UPDATE ... AND version = $n` finding no row answers 409 (`staleRecord`). Writes answer what
 * changed for the operation log (`Saved`).
 */

const notFound = () => new HttpProblem(404, MESSAGES.notFound);

async function one<T>(db: Queryable, sql: string, params: unknown[]): Promise<T> {
  const [row] = await db.query<T>(sql, params);
  if (!row) throw notFound();
  return row;
}

/** The update's row, or 409 when the guarded UPDATE matched nothing (the record exists: read before). */
async function updated<T>(db: Queryable, sql: string, params: unknown[]): Promise<T> {
  const [row] = await db.query<T>(sql, params);
  if (!row) throw staleRecord();
  return row;
}

const changeOf = <T extends { id?: number; name?: string; shop_name?: string }>(
  type: string,
  before: T | null,
  after: T | null,
  extra?: Record<string, unknown>,
): Change => {
  const record = (after ?? before) as T;
  return {
    target: { type, id: record.id ?? null, name: record.name ?? record.shop_name ?? '' },
    before: before as Record<string, unknown> | null,
    after: after ? { ...after, ...extra } : null,
  };
};

export async function getCompany(db: Queryable): Promise<Company> {
  return one<Company>(db, `SELECT ${COMPANY_COLUMNS} FROM company WHERE id = 1`, []);
}

/** The public branding: the company profile and every banner (the client shows the active ones). */
export async function getCompanyConfig(db: Queryable): Promise<CompanyConfig> {
  const [profile, banners] = await Promise.all([
    getCompany(db),
    db.query<Banner>(`SELECT ${BANNER_COLUMNS} FROM banners ORDER BY id LIMIT 20`),
  ]);
  const { version: _version, ...branding } = profile;
  return { ...branding, ad_list: banners };
}

export async function updateCompany(
  db: Queryable,
  body: BodyOf<'/api/company/update'>,
): Promise<Saved<Company>> {
  const before = await getCompany(db);
  const row = await updated<Company>(
    db,
    `UPDATE company SET name = $1, short_name = $2, en_name = $3, logo_url = $4, foot_copyright = $5,
       foot_info = $6, version = version + 1 WHERE id = 1 AND version = $7 RETURNING ${COMPANY_COLUMNS}`,
    [
      body.name,
      body.short_name,
      body.en_name,
      body.logo_url,
      body.foot_copyright,
      body.foot_info,
      body.version,
    ],
  );
  return { row, change: changeOf('company', before, row) };
}

/** Creates a banner, or updates the one with `body.id` (at `body.version`). */
export async function saveBanner(
  db: Queryable,
  body: BodyOf<'/api/company/ad-save'>,
  now: number,
): Promise<Saved<Banner>> {
  const values = [
    body.name,
    body.ad_url,
    body.ad_login_image_url,
    body.begin_time || null,
    body.end_time || null,
  ];
  if (!body.id) {
    const row = await one<Banner>(
      db,
      `INSERT INTO banners (name, ad_url, ad_login_image_url, begin_time, end_time, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${BANNER_COLUMNS}`,
      [...values, now],
    );
    return { row, change: changeOf('banner', null, row) };
  }
  const before = await one<Banner>(db, `SELECT ${BANNER_COLUMNS} FROM banners WHERE id = $1`, [body.id]);
  const row = await updated<Banner>(
    db,
    `UPDATE banners SET name = $1, ad_url = $2, ad_login_image_url = $3, begin_time = $4, end_time = $5,
       version = version + 1 WHERE id = $6 AND version = $7 RETURNING ${BANNER_COLUMNS}`,
    [...values, body.id, body.version],
  );
  return { row, change: changeOf('banner', before, row) };
}

export async function deleteBanner(db: Queryable, id: number): Promise<Change> {
  const before = await one<Banner>(db, `DELETE FROM banners WHERE id = $1 RETURNING ${BANNER_COLUMNS}`, [id]);
  return changeOf('banner', before, null);
}

export function listPlatforms(db: Queryable): Promise<Platform[]> {
  return db.query<Platform>(`SELECT ${PLATFORM_COLUMNS} FROM platforms ORDER BY id LIMIT 500`);
}

/** Creates or updates a platform. A duplicate code is a unique violation. */
export async function savePlatform(
  db: Queryable,
  body: BodyOf<'/api/company/platform-save'>,
): Promise<Saved<Platform>> {
  if (!body.id) {
    const row = await one<Platform>(
      db,
      `INSERT INTO platforms (name, code, enabled) VALUES ($1, $2, $3) RETURNING ${PLATFORM_COLUMNS}`,
      [body.name, body.code, body.enabled],
    );
    return { row, change: changeOf('platform', null, row) };
  }
  const before = await one<Platform>(db, `SELECT ${PLATFORM_COLUMNS} FROM platforms WHERE id = $1`, [
    body.id,
  ]);
  const row = await updated<Platform>(
    db,
    `UPDATE platforms SET name = $1, code = $2, enabled = $3, version = version + 1
     WHERE id = $4 AND version = $5 RETURNING ${PLATFORM_COLUMNS}`,
    [body.name, body.code, body.enabled, body.id, body.version],
  );
  return { row, change: changeOf('platform', before, row) };
}

export async function deletePlatform(db: Queryable, id: number): Promise<Change> {
  const before = await one<Platform>(
    db,
    `DELETE FROM platforms WHERE id = $1 RETURNING ${PLATFORM_COLUMNS}`,
    [id],
  );
  return changeOf('platform', before, null);
}

async function requirePlatform(db: Queryable, id: number): Promise<void> {
  const [platform] = await db.query('SELECT id FROM platforms WHERE id = $1', [id]);
  if (!platform) throw new HttpProblem(404, '平台不存在');
}

export async function listPlatformAuths(db: Queryable, platformId: number): Promise<PlatformAuth[]> {
  await requirePlatform(db, platformId);
  return db.query<PlatformAuth>(
    `SELECT ${AUTH_COLUMNS} FROM platform_auths WHERE platform_id = $1 ORDER BY id LIMIT 500`,
    [platformId],
  );
}

/**
 * Creates or updates a platform authorisation (a platform's app, db/platform-apps.ts). `app_secret` is
 * write-only: sealed with `box` (context `platform_auth:<id>:app_secret`), kept when absent or empty,
 * never answered (`has_secret`), and in the log only as changed (masked there). `service_id` (抖店's
 * 服务ID) absent keeps the stored one.
 */
export async function savePlatformAuth(
  db: Queryable,
  box: SecretBox,
  body: BodyOf<'/api/company/platform-auth-save'>,
  now: number,
): Promise<Saved<PlatformAuth>> {
  await requirePlatform(db, body.platform_id);
  const status = body.expires_at && body.expires_at <= now ? 'expired' : 'active';
  const newSecret = body.app_secret ? body.app_secret : undefined;
  const secret = newSecret !== undefined ? { app_secret: newSecret } : undefined;
  if (!body.id) {
    const { id } = await one<{ id: number }>(
      db,
      `INSERT INTO platform_auths (platform_id, shop_name, app_key, app_secret, expires_at, status, service_id)
       VALUES ($1, $2, $3, '', $4, $5, $6) RETURNING id`,
      [body.platform_id, body.shop_name, body.app_key, body.expires_at, status, body.service_id ?? ''],
    );
    if (newSecret !== undefined) await storeAppSecret(db, box, id, newSecret);
    const row = await one<PlatformAuth>(db, `SELECT ${AUTH_COLUMNS} FROM platform_auths WHERE id = $1`, [id]);
    return { row, change: changeOf('platform_auth', null, row, secret) };
  }
  const before = await one<PlatformAuth>(db, `SELECT ${AUTH_COLUMNS} FROM platform_auths WHERE id = $1`, [
    body.id,
  ]);
  await updated(
    db,
    `UPDATE platform_auths SET platform_id = $1, shop_name = $2, app_key = $3, expires_at = $4, status = $5,
       service_id = COALESCE($8, service_id), version = version + 1
     WHERE id = $6 AND version = $7 RETURNING id`,
    [
      body.platform_id,
      body.shop_name,
      body.app_key,
      body.expires_at,
      status,
      body.id,
      body.version,
      body.service_id ?? null,
    ],
  );
  if (newSecret !== undefined) await storeAppSecret(db, box, body.id, newSecret);
  const row = await one<PlatformAuth>(db, `SELECT ${AUTH_COLUMNS} FROM platform_auths WHERE id = $1`, [
    body.id,
  ]);
  return { row, change: changeOf('platform_auth', before, row, secret) };
}

/** Deletes an authorisation (of `platformId`, when given). */
export async function deletePlatformAuth(
  db: Queryable,
  id: number,
  platformId: number | undefined,
): Promise<Change> {
  const before = await one<PlatformAuth>(
    db,
    `DELETE FROM platform_auths WHERE id = $1 AND ($2::int IS NULL OR platform_id = $2::int)
     RETURNING ${AUTH_COLUMNS}`,
    [id, platformId ?? null],
  );
  return changeOf('platform_auth', before, null);
}
