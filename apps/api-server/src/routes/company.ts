import type { Banner, Company, CompanyConfig, Platform, PlatformAuth } from '@consign/api-client';
import { ApiRefusal, HttpProblem, MESSAGES } from '../http/respond';
import type { Deps, Handlers } from './types';
import { isUniqueViolation, unix } from './types';

const COMPANY_COLUMNS = 'name, short_name, en_name, logo_url, foot_copyright, foot_info';
const BANNER_COLUMNS = 'id, name, ad_url, ad_login_image_url, begin_time, end_time';
const PLATFORM_COLUMNS = 'id, name, code, enabled';
const AUTH_COLUMNS = 'id, platform_id, shop_name, app_key, expires_at, status';

type CompanyPaths =
  | '/api/default/config'
  | '/api/company/index'
  | '/api/company/update'
  | '/api/company/ad-save'
  | '/api/company/ad-del'
  | '/api/company/platform-list'
  | '/api/company/platform-save'
  | '/api/company/platform-del'
  | '/api/company/platform-auth-save'
  | '/api/company/platform-auth-del'
  | '/api/company/platform-auth-list';

export function companyHandlers(deps: Deps): Pick<Handlers, CompanyPaths> {
  const { db, now } = deps;

  async function company(): Promise<Company> {
    const [row] = await db.query<Company>(`SELECT ${COMPANY_COLUMNS} FROM company WHERE id = 1`);
    if (!row) throw new HttpProblem(404, MESSAGES.notFound);
    return row;
  }

  return {
    async '/api/default/config'() {
      const [profile, banners] = await Promise.all([
        company(),
        db.query<Banner>(`SELECT ${BANNER_COLUMNS} FROM banners ORDER BY id LIMIT 20`),
      ]);
      return { ...profile, ad_list: banners } satisfies CompanyConfig;
    },

    async '/api/company/index'() {
      return company();
    },

    async '/api/company/update'({ body }) {
      const [row] = await db.query<Company>(
        `UPDATE company SET name = $1, short_name = $2, en_name = $3, logo_url = $4, foot_copyright = $5,
           foot_info = $6 WHERE id = 1 RETURNING ${COMPANY_COLUMNS}`,
        [body.name, body.short_name, body.en_name, body.logo_url, body.foot_copyright, body.foot_info],
      );
      if (!row) throw new HttpProblem(404, MESSAGES.notFound);
      return row;
    },

    async '/api/company/ad-save'({ body }) {
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
            [...values, unix(now)],
          );
      if (!row) throw new HttpProblem(404, MESSAGES.notFound);
      return row;
    },

    async '/api/company/ad-del'({ query }) {
      const rows = await db.query<{ id: number }>('DELETE FROM banners WHERE id = $1 RETURNING id', [
        query.id,
      ]);
      if (rows.length === 0) throw new HttpProblem(404, MESSAGES.notFound);
      return { id: query.id };
    },

    async '/api/company/platform-list'() {
      return db.query<Platform>(`SELECT ${PLATFORM_COLUMNS} FROM platforms ORDER BY id LIMIT 500`);
    },

    async '/api/company/platform-save'({ body }) {
      try {
        const [row] = body.id
          ? await db.query<Platform>(
              'UPDATE platforms SET name = $1, code = $2, enabled = $3 WHERE id = $4 RETURNING id, name, code, enabled',
              [body.name, body.code, body.enabled, body.id],
            )
          : await db.query<Platform>(
              'INSERT INTO platforms (name, code, enabled) VALUES ($1, $2, $3) RETURNING id, name, code, enabled',
              [body.name, body.code, body.enabled],
            );
        if (!row) throw new HttpProblem(404, MESSAGES.notFound);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiRefusal('平台编码已存在');
        throw error;
      }
    },

    async '/api/company/platform-del'({ query }) {
      const rows = await db.query('DELETE FROM platforms WHERE id = $1 RETURNING id', [query.id]);
      if (rows.length === 0) throw new HttpProblem(404, MESSAGES.notFound);
      return { id: query.id };
    },

    async '/api/company/platform-auth-save'({ body }) {
      const [platform] = await db.query('SELECT id FROM platforms WHERE id = $1', [body.platform_id]);
      if (!platform) throw new HttpProblem(404, '平台不存在');
      const status = body.expires_at && body.expires_at <= unix(now) ? 'expired' : 'active';
      if (body.id) {
        const [row] = await db.query<PlatformAuth>(
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
        );
        if (!row) throw new HttpProblem(404, MESSAGES.notFound);
        return row;
      }
      const [row] = await db.query<PlatformAuth>(
        `INSERT INTO platform_auths (platform_id, shop_name, app_key, app_secret, expires_at, status)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${AUTH_COLUMNS}`,
        [body.platform_id, body.shop_name, body.app_key, body.app_secret ?? '', body.expires_at, status],
      );
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async '/api/company/platform-auth-del'({ query }) {
      const rows = await db.query(
        'DELETE FROM platform_auths WHERE id = $1 AND ($2::int IS NULL OR platform_id = $2::int) RETURNING id',
        [query.id, query.platform_id ?? null],
      );
      if (rows.length === 0) throw new HttpProblem(404, MESSAGES.notFound);
      return { id: query.id };
    },

    async '/api/company/platform-auth-list'({ query }) {
      const [platform] = await db.query('SELECT id FROM platforms WHERE id = $1', [query.platform_id]);
      if (!platform) throw new HttpProblem(404, '平台不存在');
      return db.query<PlatformAuth>(
        `SELECT ${AUTH_COLUMNS} FROM platform_auths WHERE platform_id = $1 ORDER BY id LIMIT 500`,
        [query.platform_id],
      );
    },
  };
}
