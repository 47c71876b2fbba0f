import { AFTER_SALE_PURCHASE_REFUSAL, offerIdOfLink } from '@consign/api-client';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { defaultAddress } from '../db/address';
import { balanceOf, purchaseFee } from '../db/balance';
import { batchTargets, runBatch } from '../db/order-batch';
import { estimatedProfit } from '../db/profit';
import {
  cargoOf,
  linkItemToOffer,
  linkItemToSku,
  orderItems,
  orderLine,
  purchaseItems,
  purchaseOrderInput,
  purchaseSkus,
  queuePurchase,
  requireOrder,
  unboughtReason,
  unpaidSupplierOrders,
  withinPriceLimit,
} from '../db/purchase';
import { inShops, notFound, withDb } from '../db/scope';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, ok } from '../http/respond';
import { BothSourcesFailed, chooseSources, isOutOfStock, switchOutOfStock } from '../jobs/purchase-source';
import { logged } from '../middleware/audit';
import { database, scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { type AlibabaConnector, SupplierError } from '../platforms/alibaba';
import { withFreshToken } from '../platforms/fresh-token';
import { offerForSeller, readSupplierOffer } from '../platforms/offer-reads';
import { supplierAccessToken } from '../platforms/supplier-tokens';

/** A 1688 failure as the API answers it: 1688 busy 503, a refusal or a lost authorisation 409. */
function supplierProblem(error: unknown): unknown {
  if (!(error instanceof SupplierError)) return error;
  return new HttpProblem(error.retryable ? 503 : 409, error.message);
}

/**
 * 一键采购 and 关联货源 (db/purchase.ts; the purchases are placed by the `purchase` job kind,
 * jobs/purchase.ts): an order's lines with their 货源, the account's SKUs to link, a preview of the
 * 1688 price, queuing orders to buy, and linking a line to a SKU or a 1688 offer.
 */
export function purchaseRoutes({
  now: clock,
  wakeJobs,
  platforms,
  secretBox,
  db,
}: Pick<Deps, 'now' | 'wakeJobs' | 'platforms' | 'secretBox' | 'db'>) {
  const nowS = () => Math.floor(clock() / 1000);
  const connector = async (): Promise<AlibabaConnector> => {
    const found = await platforms.supplier();
    if (!found) throw new HttpProblem(409, '1688未启用或未配置开放平台应用，请联系管理员');
    return found;
  };
  /**
   * A 1688 call with the account's buyer token (refreshed when 1688 says it expired), within the
   * account's `supplier_request` budget (platforms/budgets.ts: 429 when spent).
   */
  const withToken = async <T>(
    c: Context<ApiEnv>,
    call: (connector: AlibabaConnector, token: string) => Promise<T>,
  ) => {
    const supplier = await connector();
    const { accountId } = scope(c);
    await platforms.budgets.spend(db, 'supplier_request', accountId, nowS());
    const token = (force: boolean) =>
      supplierAccessToken(db, secretBox, supplier, accountId, nowS(), { force });
    try {
      return await withFreshToken(
        await token(false),
        (fresh) => call(supplier, fresh),
        () => token(true),
      );
    } catch (error) {
      throw supplierProblem(error);
    }
  };

  return (
    new Hono<ApiEnv>()
      .post('/items', body('/api/purchase/items'), async (c) =>
        ok(c, await purchaseItems(scope(c), c.req.valid('json').id)),
      )
      .post('/skus', body('/api/purchase/skus'), async (c) =>
        ok(c, { skus: await purchaseSkus(scope(c), c.req.valid('json').keyword) }),
      )
      // Not in a transaction (a read): 1688 is called with nothing held.
      .post('/preview', body('/api/purchase/preview'), async (c) => {
        const { id } = c.req.valid('json');
        const { accountId } = scope(c);
        await requireOrder(scope(c), id);
        const order = await purchaseOrderInput(db, accountId, id);
        if (!order) throw notFound();
        if (order.afterSale) throw new HttpProblem(409, AFTER_SALE_PURCHASE_REFUSAL);
        const items = (await orderItems(db, accountId, [id])).get(id) ?? [];
        const reason = unboughtReason(items);
        if (reason) throw new HttpProblem(409, reason);
        // As the purchase job buys it: a line whose first 货源 cannot be bought from its 备用货源.
        const { previews, expectedFen, notes } = await withToken(c, async (supplier, token) => {
          const refuseBoth = (error: unknown): never => {
            throw error instanceof BothSourcesFailed ? new HttpProblem(409, error.message) : error;
          };
          const choice = await chooseSources(supplier, token, items, order.risePercent).catch(refuseBoth);
          const preview = () =>
            supplier.preview(token, {
              address: order.address,
              cargo: cargoOf(items, choice.backupLines).cargo,
            });
          let previews: Awaited<ReturnType<typeof preview>>;
          try {
            previews = await preview();
          } catch (error) {
            if (
              !isOutOfStock(error) ||
              !(await switchOutOfStock(supplier, token, items, order.risePercent, choice).catch(refuseBoth))
            )
              throw error;
            previews = await preview();
          }
          const { expectedFen } = cargoOf(items, choice.backupLines);
          return { previews, expectedFen, notes: choice.notes };
        });
        const goods = previews.reduce((sum, p) => sum + p.goodsFen, 0);
        const freight = previews.reduce((sum, p) => sum + p.freightFen, 0);
        // What buying it leaves: the 代发服务费 and the balance after it, the order's 利润 (db/profit.ts).
        const serviceFee = await purchaseFee(db, accountId, id);
        const balance = await balanceOf(scope(c));
        return ok(c, {
          items,
          goods,
          freight,
          total: goods + freight,
          expected_goods: expectedFen,
          rise_percent: order.risePercent,
          within_limit: withinPriceLimit(goods, expectedFen, order.risePercent),
          service_fee: serviceFee,
          balance_after: balance - serviceFee,
          profit: (await estimatedProfit(scope(c), id, goods + freight, serviceFee)) ?? 0,
          sender_address_missing: !(await defaultAddress(scope(c), 'sender')),
          ...(notes.length > 0 ? { source_note: notes.join('；') } : {}),
        });
      })
      // 批量付款: 1688's cashier for the selected orders' 1688 orders still 待付款; the admin opens it in a
      // new tab, and the payment is seen by the supplier-logistics follow-up (buyerView).
      .post('/pay-url', body('/api/purchase/pay-url'), async (c) => {
        const { ids } = c.req.valid('json');
        const unpaid = await unpaidSupplierOrders(scope(c), ids);
        if (unpaid.length === 0) {
          throw new HttpProblem(409, '所选订单没有待付款的1688采购单（未在1688下单或已付款）');
        }
        const answer = await withToken(c, (supplier, token) =>
          supplier.payUrl(
            token,
            unpaid.map((p) => p.supplier_order_no),
          ),
        );
        const failed = new Set(answer.failed);
        const paying = new Set(unpaid.filter((p) => !failed.has(p.supplier_order_no)).map((p) => p.order_id));
        const params: unknown[] = [scope(c).accountId, ids];
        const selected = await scope(c).db.query<{ id: number; order_no: string }>(
          `SELECT id, order_no FROM orders WHERE account_id = $1 AND id = ANY($2::int[])${inShops(scope(c), 'shop_id', params)}
           ORDER BY id`,
          params,
        );
        const skipped = selected.filter((o) => !paying.has(o.id)).map((o) => o.order_no);
        return ok(c, { url: answer.url, orders: paying.size, skipped });
      })
      // Each order queued in its own transaction with its log entry (commits in parts, like 批量采购).
      .post('/start', body('/api/purchase/start'), async (c) => {
        const input = c.req.valid('json');
        const userId = c.get('auth')?.userId ?? null;
        const targets = await batchTargets(scope(c), { ids: input.ids });
        const result = await runBatch(targets, (target) =>
          logged(c, (tx) =>
            queuePurchase(
              withDb(scope(c), tx),
              { id: target.id, confirmBlacklist: input.confirm_blacklist ?? false, userId },
              nowS(),
            ),
          ),
        );
        if (result.succeeded > 0) wakeJobs('purchase');
        return ok(c, result);
      })
      // 关联货源 reads the offer the seller pastes before choosing its spec: the same read as 商品编辑's
      // goods/supplier-offer (goods:manage), here under order:process like the link it serves, so whoever
      // may link an order's line may read what they link it to. A read: no transaction, not logged.
      .post('/offer', body('/api/purchase/offer'), async (c) =>
        ok(
          c,
          await offerForSeller(
            { db: database(c), box: secretBox, platforms },
            scope(c).accountId,
            c.req.valid('json').offer,
            nowS(),
          ),
        ),
      )
      // Commits in parts: 1688 is read outside any transaction, then the link and its entry commit.
      .post('/link', body('/api/purchase/link'), async (c) => {
        const input = c.req.valid('json');
        if (input.sku_id !== undefined) {
          const skuId = input.sku_id;
          const row = await logged(c, (tx) =>
            linkItemToSku(withDb(scope(c), tx), { id: input.id, index: input.index, skuId }, nowS()),
          );
          return ok(c, row);
        }
        // A 1688 offer: read as 关联货源 showed it (the shared cache, the account's offer_read budget),
        // then created and linked.
        await orderLine(scope(c), input.id, input.index);
        const offerId = offerIdOfLink(input.offer_url ?? '') ?? '';
        const offer = await readSupplierOffer(
          { db: database(c), box: secretBox, platforms },
          scope(c).accountId,
          offerId,
          nowS(),
        ).catch((error: unknown) => {
          throw supplierProblem(error);
        });
        if (offer.status !== 'published') throw new HttpProblem(409, '1688商品不存在或已下架');
        let spec = '';
        let specId: string | null = null;
        let priceFen = offer.priceFen;
        if (offer.skus.length > 0) {
          const sku = offer.skus.find((s) => s.specId === input.spec_id);
          if (!sku) {
            throw new HttpProblem(
              422,
              `请选择该1688商品的规格：${offer.skus.map((s) => `${s.spec}（${s.specId}）`).join('、')}`.slice(
                0,
                200,
              ),
            );
          }
          spec = sku.spec;
          specId = sku.specId;
          priceFen = sku.priceFen;
        }
        const row = await logged(c, (tx) =>
          linkItemToOffer(
            withDb(scope(c), tx),
            {
              id: input.id,
              index: input.index,
              offer,
              specId,
              spec,
              priceFen,
              quantity: input.quantity ?? 1,
            },
            nowS(),
          ),
        );
        return ok(c, row);
      })
  );
}
