import { Hono } from 'hono';
import { isUniqueViolation } from '../db/db';
import { consumeOAuthState, issueOAuthState } from '../db/oauth-state';
import { withDb } from '../db/scope';
import {
  deleteGroup,
  groupById,
  listGroups,
  listShops,
  moveShop,
  requireAllShops,
  SHOP_SCOPE_MESSAGES,
  saveAuthorisedShop,
  saveGroup,
  shopById,
  toggleShop,
} from '../db/shop';
import { requestSync } from '../db/shop-sync';
import type { ApiEnv, Deps } from '../env';
import { ApiRefusal, HttpProblem, MESSAGES, ok } from '../http/respond';
import { PDD_PERMIT_KIND } from '../jobs/pdd-messages';
import { SHOP_SYNC_KIND } from '../jobs/shop-sync';
import { afterCommit, logged, recordChange } from '../middleware/audit';
import { database, scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { PLATFORM_NAMES, PlatformError, type ShopAuthorisation } from '../platforms/connector';

/**
 * Where the platform sends the seller's browser back to, in the admin app (`PUBLIC_URL` + this). 拼多多
 * is sent it with each authorisation; 抖店 returns to the callback registered for the app's service on
 * its 服务市场, which operators set to this address (docs/api-server/platforms.md).
 */
export const authorisedPath = (platform: string) => `/shop/authorised/${platform}`;

/** Shops, shop groups, moving a shop between groups; authorising shops on their platforms, 停用 / 启用. */
export function shopRoutes({
  now,
  platforms,
  secretBox,
  publicUrl,
  wakeJobs,
}: Pick<Deps, 'now' | 'platforms' | 'secretBox' | 'publicUrl' | 'wakeJobs'>) {
  const nowS = () => Math.floor(now() / 1000);
  const caller = (c: Parameters<typeof scope>[0]) => {
    const auth = c.get('auth');
    if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
    return auth;
  };
  const unavailable = (platform: keyof typeof PLATFORM_NAMES) =>
    new HttpProblem(409, `${PLATFORM_NAMES[platform]}未启用或未配置开放平台应用，请联系管理员`);

  return (
    new Hono<ApiEnv>()
      .post('/index', body('/api/shop/index'), async (c) =>
        ok(c, await listShops(scope(c), c.req.valid('json'), nowS())),
      )
      .post('/group-index', body('/api/shop/group-index'), async (c) =>
        ok(c, await listGroups(scope(c), c.req.valid('json'))),
      )
      .post('/group-save', body('/api/shop/group-save'), async (c) => {
        try {
          const { id, change } = await saveGroup(scope(c), c.req.valid('json'), nowS());
          recordChange(c, change);
          return ok(c, await groupById(scope(c), id));
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiRefusal('分组名称已存在');
          throw error;
        }
      })
      .post('/group-del', body('/api/shop/group-del'), async (c) => {
        const { id } = c.req.valid('json');
        recordChange(c, await deleteGroup(scope(c), id));
        return ok(c, { id });
      })
      .post('/move', body('/api/shop/move'), async (c) => {
        const move = c.req.valid('json');
        recordChange(c, await moveShop(scope(c), move, nowS()));
        return ok(c, await shopById(scope(c), move.shop_id, nowS()));
      })

      // ---- authorising shops on their platforms -----------------------------------------------------
      .post('/platforms', body('/api/shop/platforms'), async (c) => {
        const codes = await platforms.enabled(database(c));
        return ok(
          c,
          codes.map((code) => ({ code, name: PLATFORM_NAMES[code] })),
        );
      })
      .post('/authorise', body('/api/shop/authorise'), async (c) => {
        const { platform, shop_id } = c.req.valid('json');
        const shop = shop_id ? await shopById(scope(c), shop_id, nowS()) : null;
        if (!shop) requireAllShops(scope(c), SHOP_SCOPE_MESSAGES.newShop);
        if (shop && shop.platform !== platform) {
          throw new HttpProblem(400, `店铺「${shop.name}」不是${PLATFORM_NAMES[platform]}店铺`);
        }
        // In the call's transaction (audited): on PGlite a query beside it would wait for it.
        const connector = await platforms.connector(platform, database(c));
        if (!connector) throw unavailable(platform);
        const state = await issueOAuthState(
          scope(c),
          { userId: caller(c).userId, platform, shopId: shop?.id ?? null },
          nowS(),
        );
        let url: string;
        try {
          url = connector.authoriseUrl({ redirectUri: `${publicUrl()}${authorisedPath(platform)}`, state });
        } catch (thrown) {
          // An app that cannot authorise (抖店 without its 服务ID): the state is rolled back with the call.
          if (thrown instanceof PlatformError) throw new HttpProblem(409, thrown.message);
          throw thrown;
        }
        recordChange(c, {
          target: { type: 'shop', id: shop?.id ?? null, name: shop?.name ?? PLATFORM_NAMES[platform] },
          before: null,
          after: { platform },
        });
        return ok(c, { url });
      })
      // Commits in parts (middleware/audit.ts): the state is taken back at once, whatever follows; the
      // platform is called outside any transaction; the shop and its log entry commit together.
      .post('/authorise-callback', body('/api/shop/authorise-callback'), async (c) => {
        const { platform, state, code, error } = c.req.valid('json');
        const { userId } = caller(c);
        const name = PLATFORM_NAMES[platform];
        const taken = await consumeOAuthState(scope(c), { userId, platform, state }, nowS());
        if (!taken) {
          throw new HttpProblem(
            400,
            '授权请求无效、已使用或已过期（10 分钟内有效），店铺未添加。请回到店铺设置重新发起授权。',
          );
        }
        if (error || !code) {
          throw new HttpProblem(
            400,
            error === 'access_denied'
              ? `你在${name}授权页选择了拒绝，店铺未添加。`
              : `${name}未完成授权（${error ?? '没有授权码'}），店铺未添加。`,
          );
        }
        const connector = await platforms.connector(platform);
        if (!connector) throw unavailable(platform);
        let auth: ShopAuthorisation;
        try {
          auth = await connector.exchangeCode(code);
        } catch (thrown) {
          if (!(thrown instanceof PlatformError)) throw thrown;
          if (thrown.retryable) {
            throw new HttpProblem(502, `暂时无法连接${name}完成授权（${thrown.message}），请稍后重新授权。`);
          }
          throw new HttpProblem(
            400,
            thrown.kind === 'auth'
              ? `${name}拒绝了这次授权（授权码无效、已使用或已过期），店铺未添加。请重新授权。`
              : `${thrown.message}，店铺未添加。`,
          );
        }
        const shop = await logged(c, async (tx) => {
          const txScope = withDb(scope(c), tx);
          const { id, change } = await saveAuthorisedShop(
            txScope,
            secretBox,
            { platform, reauthorise: taken.shopId, auth, appKey: connector.appKey },
            nowS(),
          );
          return { row: await shopById(txScope, id, nowS()), change };
        });
        // 拼多多: open the shop's 消息服务 once it is stored (jobs/pdd-messages.ts; never blocks this).
        if (platform === 'pinduoduo') afterCommit(c, () => wakeJobs(PDD_PERMIT_KIND));
        return ok(c, shop);
      })
      .post('/toggle', body('/api/shop/toggle'), async (c) => {
        const toggle = c.req.valid('json');
        recordChange(c, await toggleShop(scope(c), toggle, nowS()));
        return ok(c, await shopById(scope(c), toggle.id, nowS()));
      })
      .post('/sync', body('/api/shop/sync'), async (c) => {
        // 立即同步: the shop is due now; the sync is woken once the call has committed.
        const { id } = c.req.valid('json');
        const { name } = await requestSync(scope(c), id, nowS());
        recordChange(c, { target: { type: 'shop', id, name }, before: null, after: { sync: '立即同步' } });
        afterCommit(c, () => wakeJobs(SHOP_SYNC_KIND));
        return ok(c, await shopById(scope(c), id, nowS()));
      })
  );
}
