import { Hono } from 'hono';
import {
  deleteBanner,
  deletePlatform,
  deletePlatformAuth,
  getCompany,
  listPlatformAuths,
  listPlatforms,
  saveBanner,
  savePlatform,
  savePlatformAuth,
  updateCompany,
} from '../db/company';
import { isUniqueViolation } from '../db/db';
import { addFeatured, listFeatured, removeFeatured } from '../db/featured';
import type { ApiEnv, Deps } from '../env';
import { ApiRefusal, ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { database } from '../middleware/authentication';
import { body, query } from '../middleware/validate';
import { featuredOfferId } from './featured';

/** The company profile, banners, platforms and platform authorisations (operators only). */
export function companyRoutes({ now, secretBox }: Pick<Deps, 'now' | 'secretBox'>) {
  const nowS = () => Math.floor(now() / 1000);
  return (
    new Hono<ApiEnv>()
      .post('/index', body('/api/company/index'), async (c) => ok(c, await getCompany(database(c))))
      // goods: 平台精选
      .post('/featured-list', body('/api/company/featured-list'), async (c) =>
        ok(c, await listFeatured(database(c))),
      )
      .post('/featured-save', body('/api/company/featured-save'), async (c) => {
        const offerId = featuredOfferId(c.req.valid('json').offer);
        const { row, change } = await addFeatured(database(c), offerId, nowS());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/featured-del', body('/api/company/featured-del'), async (c) => {
        const { offer_id } = c.req.valid('json');
        recordChange(c, await removeFeatured(database(c), offer_id));
        return ok(c, { offer_id });
      })
      .post('/update', body('/api/company/update'), async (c) => {
        const { row, change } = await updateCompany(database(c), c.req.valid('json'));
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/ad-save', body('/api/company/ad-save'), query('/api/company/ad-save'), async (c) => {
        const { row, change } = await saveBanner(database(c), c.req.valid('json'), nowS());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/ad-del', body('/api/company/ad-del'), query('/api/company/ad-del'), async (c) => {
        const { id } = c.req.valid('query');
        recordChange(c, await deleteBanner(database(c), id));
        return ok(c, { id });
      })
      .post('/platform-list', body('/api/company/platform-list'), async (c) =>
        ok(c, await listPlatforms(database(c))),
      )
      .post(
        '/platform-save',
        body('/api/company/platform-save'),
        query('/api/company/platform-save'),
        async (c) => {
          try {
            const { row, change } = await savePlatform(database(c), c.req.valid('json'));
            recordChange(c, change);
            return ok(c, row);
          } catch (error) {
            if (isUniqueViolation(error)) throw new ApiRefusal('平台编码已存在');
            throw error;
          }
        },
      )
      .post(
        '/platform-del',
        body('/api/company/platform-del'),
        query('/api/company/platform-del'),
        async (c) => {
          const { id } = c.req.valid('query');
          recordChange(c, await deletePlatform(database(c), id));
          return ok(c, { id });
        },
      )
      .post(
        '/platform-auth-save',
        body('/api/company/platform-auth-save'),
        query('/api/company/platform-auth-save'),
        async (c) => {
          const { row, change } = await savePlatformAuth(database(c), secretBox, c.req.valid('json'), nowS());
          recordChange(c, change);
          return ok(c, row);
        },
      )
      .post(
        '/platform-auth-del',
        body('/api/company/platform-auth-del'),
        query('/api/company/platform-auth-del'),
        async (c) => {
          const { id, platform_id } = c.req.valid('query');
          recordChange(c, await deletePlatformAuth(database(c), id, platform_id));
          return ok(c, { id });
        },
      )
      .post(
        '/platform-auth-list',
        body('/api/company/platform-auth-list'),
        query('/api/company/platform-auth-list'),
        async (c) => ok(c, await listPlatformAuths(database(c), c.req.valid('query').platform_id)),
      )
  );
}
