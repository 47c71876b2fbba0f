import { type Context, Hono } from 'hono';
import { listingById, listListings, queueListings, requeueListing } from '../db/listings';
import { shopById } from '../db/shop';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, ok } from '../http/respond';
import { PUBLISH_FAILURES, publishFailures } from '../jobs/publish';
import { afterCommit, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { PlatformError } from '../platforms/connector';
import { DoudianConnector, doudianPublishing } from '../platforms/doudian';
import { PddConnector, pddPublishing } from '../platforms/pdd';

/** 铺货: queueing listings of goods in shops, their states, 重新发布, and the shop's categories to choose from. */
export function listingRoutes({
  now,
  wakeJobs,
  connectorFor,
  shopCalls,
}: Pick<Deps, 'now' | 'wakeJobs' | 'connectorFor' | 'shopCalls'>) {
  const nowS = () => Math.floor(now() / 1000);
  /**
   * Calls the shop's API with its token: a shop that cannot be published to (not 拼多多 or 抖店) or not
   * authorised is refused.
   */
  const withShop = async <T>(
    c: Context<ApiEnv>,
    shopId: number,
    fn: (connector: PddConnector | DoudianConnector, token: string) => Promise<T>,
  ): Promise<T> => {
    const shop = await shopById(scope(c), shopId, nowS());
    const platform = shop.platform;
    if (platform !== 'pinduoduo' && platform !== 'douyin') {
      throw new HttpProblem(422, PUBLISH_FAILURES.platform);
    }
    const failures = publishFailures(platform);
    const connector = await connectorFor(platform);
    if (!(connector instanceof PddConnector) && !(connector instanceof DoudianConnector)) {
      throw new HttpProblem(409, failures.noApp);
    }
    const tokens = await shopCalls.tokens(shop.id);
    if (!tokens || shop.auth_status !== 'authorized') throw new HttpProblem(409, failures.notAuthorised);
    return shopCalls
      .withToken(shop.id, connector, tokens, (token) => fn(connector, token))
      .catch((thrown: unknown) => {
        throw thrown instanceof PlatformError ? new HttpProblem(409, thrown.message) : thrown;
      });
  };
  return new Hono<ApiEnv>()
    .post('/publish', body('/api/goods/publish'), async (c) => {
      const input = c.req.valid('json');
      const result = await queueListings(scope(c), input, nowS());
      recordChange(c, {
        target: { type: 'listing', id: null, name: `${result.created} 个铺货` },
        before: null,
        after: { goods_ids: input.goods_ids, shop_ids: input.shop_ids, cat_id: input.cat_id ?? null },
      });
      if (result.created > 0) afterCommit(c, () => wakeJobs('publish'));
      return ok(c, result);
    })
    .post('/listings', body('/api/goods/listings'), async (c) =>
      ok(c, await listListings(scope(c), c.req.valid('json'))),
    )
    .post('/republish', body('/api/goods/republish'), async (c) => {
      const input = c.req.valid('json');
      const before = await listingById(scope(c), input.id);
      const after = await requeueListing(scope(c), input, nowS());
      recordChange(c, {
        target: { type: 'listing', id: before.id, name: before.goods_title },
        before: { status: before.status, reason: before.reason },
        after: { status: after.status, shop_id: after.shop_id },
      });
      afterCommit(c, () => wakeJobs('publish'));
      return ok(c, after);
    })
    .post('/publish-cats', body('/api/goods/publish-cats'), async (c) => {
      const input = c.req.valid('json');
      const parent = input.parent_cat_id ?? '0';
      const cats = await withShop(c, input.shop_id, (connector, token) =>
        connector instanceof PddConnector
          ? pddPublishing.authorisedCats(connector, token, parent)
          : doudianPublishing.shopCategories(connector, token, parent),
      );
      return ok(
        c,
        cats.map((cat) => ({ cat_id: cat.catId, name: cat.name, leaf: cat.leaf })),
      );
    })
    .post('/publish-options', body('/api/goods/publish-options'), async (c) => {
      const input = c.req.valid('json');
      const { templates, properties } = await withShop(c, input.shop_id, async (connector, token) => {
        if (connector instanceof PddConnector) {
          const catProperties = input.cat_id
            ? await pddPublishing.catTemplate(connector, token, input.cat_id)
            : [];
          return {
            templates: await pddPublishing.freightTemplates(connector, token),
            properties: catProperties
              .filter((p) => !p.is_sale)
              .map((p) => ({
                name: p.name,
                required: p.required,
                values: (p.values ?? []).map((v) => v.value),
              })),
          };
        }
        const catProperties = input.cat_id
          ? await doudianPublishing.properties(connector, token, input.cat_id)
          : [];
        return {
          templates: (await doudianPublishing.freightTemplates(connector, token)).map((t) => ({
            id: String(t.id),
            name: t.name,
          })),
          properties: catProperties
            .filter((p) => !p.sale)
            .map((p) => ({ name: p.name, required: p.required, values: p.options.map((o) => o.name) })),
        };
      });
      return ok(c, {
        templates: templates.slice(0, 100),
        properties: properties.slice(0, 100).map((p) => ({ ...p, values: p.values.slice(0, 200) })),
      });
    });
}
