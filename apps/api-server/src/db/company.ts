import type { Banner, Company, CompanyConfig, Platform, PlatformAuth } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem, MESSAGES } from '../http/respond';
import type { Queryable } from './db';

const COMPANY_COLUMNS = 'name, short_name, en_name, logo_url, foot_copyright, foot_info';
const BANNER_COLUMNS = 'id, name, ad_url, ad_login_image_url, begin_time, end_time';
const PLATFORM_COLUMNS = 'id, name, code, enabled';
const AUTH_COLUMNS = 'id, platform_id, shop_name, app_key, expires_at, status';

export async function getCompany(db: Queryable): Promise<Company> {
  const [row] = await db.query<Company>(`SELECT ${COMPANY_COLUMNS} FROM company WHERE id = 1`);
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return row;
}

/** The public branding: the company profile and every banner (the client shows the active ones). */
export async function getCompanyConfig(db: Queryable): Promise<CompanyConfig> {
  const [profile, banners] = await Promise.all([
    getCompany(db),
    db.query<Banner>(`SELECT ${BANNER_COLUMNS} FROM banners ORDER BY id LIMIT 20`),
  ]);
  return { ...profile, ad_list: banners };
}

export async function updateCompany(db: Queryable, body: BodyOf<'/api/company/update'>): Promise<Company> {
  const [row] = await db.query<Company>(
    `UPDATE company SET name = $1, short_name = $2, en_name = $3, logo_url = $4, foot_copyright = $5,
       foot_info = $6 WHERE id = 1 RETURNING ${COMPANY_COLUMNS}`,
    [body.name, body.short_name, body.en_name, body.logo_url, body.foot_copyright, body.foot_info],
  );
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return row;
}

/** Creates a banner, or updates the one with `body.id`. */
export async function saveBanner(
  db: Queryable,
  body: BodyOf<'/api/company/ad-save'>,
  now: number,
): Promise<Banner> {
  const values = [
    body.name,
    body.ad_url,
    body.ad_login_image_url,
    body.begin_time || null,
    body.end_time || null,
  ];
  const [row] = body.id
    ? await db.query<Banner>(
        `UPDATE banners SET name = $1, ad_url = $2, ad_login_image_url = $3, begin_time = $4, end_time = $5
         WHERE id = $6 RETURNING ${BANNER_COLUMNS}`,
        [...values, body.id],
      )
    : await db.query<Banner>(
        `INSERT INTO banners (name, ad_url, ad_login_image_url, begin_time, end_time, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${BANNER_COLUMNS}`,
        [...values, now],
      );
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return row;
}

export async function deleteBanner(db: Queryable, id: number): Promise<void> {
  const rows = await db.query('DELETE FROM banners WHERE id = $1 RETURNING id', [id]);
  if (rows.length === 0) throw new HttpProblem(404, MESSAGES.notFound);
}

export function listPlatforms(db: Queryable): Promise<Platform[]> {
  return db.query<Platform>(`SELECT ${PLATFORM_COLUMNS} FROM platforms ORDER BY id LIMIT 500`);
}

/** Creates or updates a platform. A duplicate code is a unique violation. */
export async function savePlatform(
  db: Queryable,
  body: BodyOf<'/api/company/platform-save'>,
): Promise<Platform> {
  const [row] = body.id
    ? await db.query<Platform>(
        `UPDATE platforms SET name = $1, code = $2, enabled = $3 WHERE id = $4 RETURNING ${PLATFORM_COLUMNS}`,
        [body.name, body.code, body.enabled, body.id],
      )
    : await db.query<Platform>(
        `INSERT INTO platforms (name, code, enabled) VALUES ($1, $2, $3) RETURNING ${PLATFORM_COLUMNS}`,
        [body.name, body.code, body.enabled],
      );
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return row;
}

export async function deletePlatform(db: Queryable, id: number): Promise<void> {
  const rows = await db.query('DELETE FROM platforms WHERE id = $1 RETURNING id', [id]);
  if (rows.length === 0) throw new HttpProblem(404, MESSAGES.notFound);
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

/** Creates or updates a platform authorisation; `app_secret` is write-only (kept when absent). */
export async function savePlatformAuth(
  db: Queryable,
  body: BodyOf<'/api/company/platform-auth-save'>,
  now: number,
): Promise<PlatformAuth> {
  await requirePlatform(db, body.platform_id);
  const status = body.expires_at && body.expires_at <= now ? 'expired' : 'active';
  const [row] = body.id
    ? await db.query<PlatformAuth>(
        `UPDATE platform_auths SET platform_id = $1, shop_name = $2, app_key = $3, expires_at = $4, status = $5,
           app_secret = COALESCE($6, app_secret)
         WHERE id = $7 RETURNING ${AUTH_COLUMNS}`,
        [
          body.platform_id,
          body.shop_name,
          body.app_key,
          body.expires_at,
          status,
          body.app_secret ?? null,
          body.id,
        ],
      )
    : await db.query<PlatformAuth>(
        `INSERT INTO platform_auths (platform_id, shop_name, app_key, app_secret, expires_at, status)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${AUTH_COLUMNS}`,
        [body.platform_id, body.shop_name, body.app_key, body.app_secret ?? '', body.expires_at, status],
      );
  if (!row) throw new HttpProblem(404, MESSAGES.notFound);
  return row;
}

/** Deletes an authorisation (of `platformId`, when given). */
export async function deletePlatformAuth(
  db: Queryable,
  id: number,
  platformId: number | undefined,
): Promise<void> {
  const rows = await db.query(
    'DELETE FROM platform_auths WHERE id = $1 AND ($2::int IS NULL OR platform_id = $2::int) RETURNING id',
    [id, platformId ?? null],
  );
  if (rows.length === 0) throw new HttpProblem(404, MESSAGES.notFound);
}
