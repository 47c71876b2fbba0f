import { fenAsYuan, markedUpPrice, type PriceRounding, type Settings } from '@consign/api-client/contract';
import type { Db, Queryable } from '../db/db';
import { appendLog } from '../db/log';
import { notify } from '../db/notifications';
import { withinPriceLimit } from '../db/purchase';
import { HttpProblem } from '../http/respond';
import type { Logger } from '../log';
import { SupplierError, type SupplierOffer } from '../platforms/alibaba';
import { PlatformBudgets } from '../platforms/budgets';
import { DoudianConnector, doudianListingCalls } from '../platforms/doudian';
import { readSupplierOffer } from '../platforms/offer-reads';
import { PddConnector, pddListingCalls } from '../platforms/pdd';
import type { PlatformRegistry } from '../platforms/registry';
import type { ConnectorFor, ShopCalls } from '../platforms/shop-calls';
import type { SecretBox } from '../security/secret-box';
import { listingSkuCode } from './publish';
import { backoffMs, claimJob, DB_NOW_MS, finishJob, MONITOR_QUEUE, updateHeld } from './queue';
import type { Job, JobKind } from './runner';

/**
 * 货源监控's rules of the code (docs/design.md#supplier-monitor).
 * - `intervalMs`: each 已发布 listing is looked at again this long after its last look: 5 minutes, so
 *   that with the offer cache's 5 minutes a supplier's change reaches the listing within 10 minutes.
 * - `budgetReserve`: the look leaves this many of the account's `offer_read` calls of each window to
 *   the seller's own pages (商品编辑, 商品复制): an account whose budget is that close to spent waits.
 */
export interface MonitorOptions {
  intervalMs?: number;
  /** How long a claimed look holds its listing (no other look of it starts meanwhile). Default 2 minutes. */
  leaseMs?: number;
  concurrency?: number;
  idlePollMs?: number;
  budgetReserve?: number;
  backoff?: { baseMs: number; capMs: number };
}

export const MONITOR_RULES = { intervalMs: 300_000, concurrency: 4, idlePollMs: 1000, budgetReserve: 20 };

/** 货源监控's job kind, woken by a 1688 product message (`lookNow`). */
export const MONITOR_KIND = 'monitor';

/**
 * A 1688 product message (docs/design.md#1688-product-messages) said the offers `offerIds` changed:
 * every 已发布 listing of an account connected with 1688 member `memberId` whose SKUs follow one of
 * them is due for its look now (`MonitorJobs` then reads the offer; wake the `monitor` kind). A look
 * already due sooner keeps its time. Answers the accounts whose listings were made due.
 */
export async function lookNow(
  db: Queryable,
  offerIds: readonly string[],
  memberId: string,
): Promise<number[]> {
  if (offerIds.length === 0 || !memberId) return [];
  const rows = await db.query<{ account_id: number }>(
    // A look under way keeps its lease and looks again as soon as it ends (`monitor_recheck`).
    `UPDATE goods_listings l SET monitor_recheck = l.monitor_looking,
       monitor_next_at = CASE WHEN l.monitor_looking THEN l.monitor_next_at
         ELSE LEAST(l.monitor_next_at, ${DB_NOW_MS}) END
     WHERE l.status = 'published'
       AND l.account_id IN (SELECT sa.account_id FROM supplier_accounts sa WHERE sa.member_id = $2)
       AND EXISTS (SELECT 1 FROM goods_skus k WHERE k.goods_id = l.goods_id AND k.account_id = l.account_id
         AND k.supplier_offer_id = ANY($1::text[]))
     RETURNING l.account_id`,
    [offerIds, memberId],
  );
  return [...new Set(rows.map((r) => r.account_id))];
}

/** What a listing's look answers in the seller's words (the listing's 最近变更 and the bell). */
export const MONITOR_TEXTS = {
  actor: '系统',
  action: '货源监控',
  notifyTitle: (title: string) => `货源监控：${title}`.slice(0, 64),
  priceFollowed: (spec: string, from: number, to: number) =>
    `${spec}售价 ${fenAsYuan(from)} → ${fenAsYuan(to)}（跟随货源价）`,
  priceTooHigh: (spec: string, from: number, to: number, rise: number) =>
    `${spec}货源价 ${fenAsYuan(from)} → ${fenAsYuan(to)}，涨幅超过允许采购价上浮 ${rise}%，售价未调整，请确认`,
  priceWarn: (spec: string, from: number, to: number) =>
    `${spec}货源价 ${fenAsYuan(from)} → ${fenAsYuan(to)}（价格跟随为仅提醒，售价未调整）`,
  negativeMargin: (spec: string, price: number, cost: number) =>
    `${spec}按新货源价 ${fenAsYuan(cost)} 定价 ${fenAsYuan(price)} 扣除平台扣点后亏损，售价未调整，请确认`,
  stock: (spec: string, from: number, to: number) => `${spec}库存 ${from} → ${to}`,
  offSaleDelisted: '货源已下架或不存在，商品已下架',
  offSaleZero: '货源已下架或不存在，库存已改为0',
  backOnSale: '货源已恢复上架，商品已重新上架',
  notBound: '商品规格与店铺上的规格对不上，无法监控',
} as const;

/** The platforms whose listings are followed. */
type MonitoredPlatform = 'pinduoduo' | 'douyin';

/** A SKU as it is on the platform: `price` the one the markup rule sets (拼多多's 拼单价, 抖店's price). */
interface PlatformSku {
  skuId: string;
  code: string;
  price: number;
  singlePrice: number;
  quantity: number;
}

/**
 * The per-platform part of a look: one listing's calls with its shop's token. 拼多多: pdd.goods.detail.get,
 * pdd.goods.sku.price.update (拼单价 and 单买价), pdd.goods.quantity.update, pdd.goods.sale.status.set;
 * 抖店: /sku/list, /sku/editPrice, /sku/syncStock, /product/setOnline|setOffline.
 */
interface ListingCalls {
  skus(): Promise<PlatformSku[]>;
  setPrices(skus: { skuId: string; price: number }[]): Promise<void>;
  setStock(skuId: string, stock: number): Promise<void>;
  setOnSale(onSale: boolean): Promise<void>;
  /** The second price kept with `price`: 拼多多's 单买价; 抖店 has one price per SKU. */
  singlePrice(price: number): number;
}

interface ClaimedListing {
  id: number;
  account_id: number;
  goods_id: number;
  shop_id: number;
  platform_goods_id: string | null;
  on_sale: boolean;
}

interface SkuRow {
  sku_id: number;
  spec: string;
  supplier_offer_id: string | null;
  supplier_spec_id: string | null;
  supplier_quantity: number | null;
  supplier_price: number | string | null;
  platform_sku_id: string | null;
  multi_price: number | string | null;
  single_price: number | string | null;
  quantity: number | null;
  cost: number | string | null;
  notified_cost: number | string | null;
}

type Rules = Pick<
  Settings,
  | 'default_markup_percent'
  | 'price_rounding'
  | 'purchase_price_rise_percent'
  | 'monitor_price'
  | 'monitor_stock'
  | 'monitor_stock_cap'
  | 'monitor_stock_margin'
  | 'monitor_off_sale'
> & { fee_rate: number };

/** 单买价 from 拼单价, as 铺货 sets it: 10 % more, rounded up to the 分. */
export const singlePriceOf = (multiPrice: number) => Math.ceil(multiPrice * 1.1);

/** What is left of `price` after `cost` and the platform's 扣点 (`rate` in 1/10000, rounded half up). */
export const marginOf = (price: number, cost: number, rate: number) =>
  price - cost - Math.floor((price * rate + 5000) / 10000);

/** The stock a listing shows for the supplier's `available`: at most `cap`, minus `margin`, never below 0. */
export const followedStock = (available: number, cap: number, margin: number) =>
  Math.max(0, Math.min(available, cap) - margin);

/** A look ended early for a reason to wait for (1688 busy, the account's budget spent). */
class Wait extends Error {
  constructor(readonly inMs: number) {
    super('wait');
  }
}

/**
 * 货源监控's job kind (`monitor`): each 已发布 拼多多 or 抖店 listing is a recurring look
 * ({@link MONITOR_QUEUE}, due `intervalMs` after its last look ended), claimed by one instance at a time
 * and held for `leaseMs` while it is looked at (a process that dies mid-look leaves it for the lease). A
 * look reads each SKU's 1688 货源 through the shared offer cache (one read per offer per 5 minutes serves
 * every listing of it) within the account's `offer_read` budget, then applies 代发设置's rules with the
 * platform's update calls ({@link ListingCalls}): the price follows the cost (or 仅提醒), the stock
 * follows the supplier's (capped, minus the margin), an offer off sale delists the listing (or zeroes its
 * stock). Each applied change is logged (as 系统, before and after); one that needs the seller (a rise
 * past 允许采购价上浮, a price that would lose money, 货源 off sale) is notified, and a change that would
 * make the margin negative is never applied.
 */
export class MonitorJobs implements JobKind {
  readonly name = MONITOR_KIND;
  readonly concurrency: number;
  readonly pollMs: number;
  readonly #intervalMs: number;
  readonly #leaseMs: number;
  readonly #budgetReserve: number;
  readonly #backoff: { baseMs: number; capMs: number };

  constructor(
    private readonly deps: {
      db: Db;
      now: () => number;
      box: SecretBox;
      platforms: PlatformRegistry;
      shopCalls: ShopCalls;
      connectorFor: ConnectorFor;
      log: Logger;
    },
    options: MonitorOptions = {},
  ) {
    this.concurrency = options.concurrency ?? MONITOR_RULES.concurrency;
    this.pollMs = options.idlePollMs ?? MONITOR_RULES.idlePollMs;
    this.#intervalMs = options.intervalMs ?? MONITOR_RULES.intervalMs;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#budgetReserve = options.budgetReserve ?? MONITOR_RULES.budgetReserve;
    this.#backoff = options.backoff ?? { baseMs: 30_000, capMs: this.#intervalMs };
  }

  #nowS() {
    return Math.floor(this.deps.now() / 1000);
  }

  async claim(): Promise<Job | undefined> {
    const { platforms } = this.deps;
    const calls = platforms.budgets.budgets.offer_read.calls;
    const claimed = await claimJob<ClaimedListing>(this.deps.db, MONITOR_QUEUE, {
      returning: 'id, account_id, goods_id, shop_id, platform_goods_id, on_sale',
      leaseMs: this.#leaseMs,
      set: 'monitor_looking = true',
      params: [this.#nowS(), Math.max(1, calls - this.#budgetReserve)],
      // An account whose offer reads are (almost) spent waits for its window's end.
      skip: PlatformBudgets.spentSql('offer_read', 'j.account_id', '$1', '$2'),
      where: `j.platform_goods_id IS NOT NULL AND EXISTS (SELECT 1 FROM shops s WHERE s.id = j.shop_id
        AND s.platform IN ('pinduoduo', 'douyin'))`,
    });
    return claimed ? () => this.#look(claimed.job) : undefined;
  }

  async #look(listing: ClaimedListing): Promise<void> {
    const { db, log } = this.deps;
    const claim = { id: listing.id };
    try {
      const look = { attention: false };
      const changes = await this.#follow(listing, look);
      const nowS = this.#nowS();
      // The next look one interval after this one ended (the claim held it for the lease meanwhile),
      // or at once when a product message came during this one.
      await updateHeld(
        db,
        MONITOR_QUEUE,
        claim,
        `monitor_next_at = ${DB_NOW_MS} + CASE WHEN monitor_recheck THEN 0 ELSE $2::bigint END,
         monitor_looking = false, monitor_recheck = false, monitor_looked_at = $1, monitor_attention = $3${
           changes.length > 0 ? ', monitor_change = $4, monitor_changed_at = $1' : ''
         }`,
        changes.length > 0
          ? [nowS, this.#intervalMs, look.attention, changes.join('；').slice(0, 300)]
          : [nowS, this.#intervalMs, look.attention],
      );
    } catch (error) {
      // A passing failure: looked at again sooner than the interval (never later).
      const inMs =
        error instanceof Wait ? error.inMs : Math.min(this.#intervalMs, backoffMs(1, this.#backoff));
      await finishJob(db, MONITOR_QUEUE, claim, {
        status: 'published',
        retryInMs: inMs,
        // The retry reads the offers again: a message during this look needs no extra look after it.
        set: 'monitor_looking = false, monitor_recheck = false',
      });
      if (!(error instanceof Wait)) {
        log.warn('supplier monitor look failed', {
          listing: listing.id,
          error: error instanceof Error ? error.message : 'unknown',
        });
      }
    }
  }

  /** The listing's calls on its shop's platform, and that platform (null: not callable now). */
  async #shop(
    shopId: number,
    goodsId: string,
  ): Promise<{ platform: MonitoredPlatform; calls: ListingCalls } | null> {
    const { connectorFor, shopCalls, db } = this.deps;
    const [shop] = await db.query<{ auth_status: string; platform: string }>(
      'SELECT auth_status, platform FROM shops WHERE id = $1',
      [shopId],
    );
    if (shop?.auth_status !== 'authorized') return null;
    const tokens = await shopCalls.tokens(shopId);
    if (!tokens) return null;
    if (shop.platform === 'pinduoduo') {
      const pdd = await connectorFor('pinduoduo');
      if (!(pdd instanceof PddConnector)) return null;
      const call = <T>(fn: (token: string) => Promise<T>) => shopCalls.withToken(shopId, pdd, tokens, fn);
      return {
        platform: 'pinduoduo',
        calls: {
          skus: async () =>
            (await call((t) => pddListingCalls.goodsDetail(pdd, t, goodsId))).map((sku) => ({
              skuId: sku.skuId,
              code: sku.outSkuSn,
              price: sku.multiPrice,
              singlePrice: sku.price,
              quantity: sku.quantity,
            })),
          setPrices: async (skus) => {
            await call((t) =>
              pddListingCalls.skuPrices(
                pdd,
                t,
                goodsId,
                skus.map(({ skuId, price }) => ({
                  skuId,
                  groupPrice: price,
                  singlePrice: singlePriceOf(price),
                })),
              ),
            );
          },
          setStock: async (skuId, stock) => {
            await call((t) => pddListingCalls.quantity(pdd, t, goodsId, skuId, stock));
          },
          setOnSale: async (onSale) => {
            await call((t) => pddListingCalls.saleStatus(pdd, t, goodsId, onSale));
          },
          singlePrice: singlePriceOf,
        },
      };
    }
    if (shop.platform === 'douyin') {
      const dd = await connectorFor('douyin');
      if (!(dd instanceof DoudianConnector)) return null;
      const call = <T>(fn: (token: string) => Promise<T>) => shopCalls.withToken(shopId, dd, tokens, fn);
      return {
        platform: 'douyin',
        calls: {
          skus: async () =>
            (await call((t) => doudianListingCalls.skus(dd, t, goodsId))).map((sku) => ({
              ...sku,
              singlePrice: sku.price,
            })),
          // One SKU a call (抖店 has no batch price change).
          setPrices: async (skus) => {
            for (const { skuId, price } of skus) {
              await call((t) => doudianListingCalls.price(dd, t, goodsId, skuId, price));
            }
          },
          setStock: async (skuId, stock) => {
            await call((t) => doudianListingCalls.stock(dd, t, goodsId, skuId, stock));
          },
          setOnSale: async (onSale) => {
            await call((t) => doudianListingCalls.saleStatus(dd, t, goodsId, onSale));
          },
          singlePrice: (price) => price,
        },
      };
    }
    return null;
  }

  /**
   * One look: reads the 货源, applies the rules; answers the changes made or refused, in words. Sets
   * `look.attention` when what it found needs the seller (商品管理's 需处理), told or not at this look: a
   * price not applied, the 货源 off sale or gone, specs not bound.
   */
  async #follow(listing: ClaimedListing, look: { attention: boolean }): Promise<string[]> {
    const { db } = this.deps;
    const shop = await this.#shop(listing.shop_id, listing.platform_goods_id ?? '');
    if (!shop) throw new Wait(this.#intervalMs);
    const { calls } = shop;
    const rules = await this.#rules(listing.account_id, shop.platform);
    const [goods] = await db.query<{ title: string }>('SELECT title FROM goods WHERE id = $1', [
      listing.goods_id,
    ]);
    const title = goods?.title ?? '';
    let skus = await this.#skus(listing.id, listing.goods_id);
    if (skus.some((s) => s.platform_sku_id === null)) {
      const bound = await this.#bind(listing, skus, await calls.skus());
      if (!bound) {
        look.attention = true;
        return [MONITOR_TEXTS.notBound];
      }
      skus = await this.#skus(listing.id, listing.goods_id);
    }

    // Each 货源 read once (the shared cache answers the other listings of it).
    const offers = new Map<string, SupplierOffer | null>();
    for (const offerId of new Set(skus.map((s) => s.supplier_offer_id).filter((id) => id !== null))) {
      offers.set(offerId, await this.#offer(listing.account_id, offerId));
    }
    const monitored = skus.filter((s) => s.supplier_offer_id !== null);
    if (monitored.length === 0) return [];
    const offSale = monitored.some((s) => {
      const offer = offers.get(s.supplier_offer_id ?? '');
      return offer?.status !== 'published';
    });

    const changes: string[] = [];
    const nowS = this.#nowS();
    const logChange = (target: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
      appendLog(db, {
        accountId: listing.account_id,
        userId: null,
        actorName: MONITOR_TEXTS.actor,
        ip: '',
        action: 'goods.monitor',
        actionLabel: MONITOR_TEXTS.action,
        change: { target: { type: 'listing', id: listing.id, name: target.slice(0, 200) }, before, after },
        at: nowS,
      });
    const tell = (event: string, body: string) =>
      notify(
        db,
        {
          accountId: listing.account_id,
          kind: 'listing_monitor',
          key: `listing:${listing.id}:${event}`,
          title: MONITOR_TEXTS.notifyTitle(title),
          body,
          link: '/shop/goods',
          shopId: listing.shop_id,
        },
        nowS,
      );

    if (offSale) {
      look.attention = true;
      if (rules.monitor_off_sale === 'delist') {
        if (listing.on_sale) {
          await calls.setOnSale(false);
          await db.query('UPDATE goods_listings SET on_sale = false WHERE id = $1', [listing.id]);
          await logChange(title, { on_sale: true }, { on_sale: false });
          await tell('off-sale', MONITOR_TEXTS.offSaleDelisted);
          changes.push(MONITOR_TEXTS.offSaleDelisted);
        }
      } else {
        let zeroed = false;
        for (const sku of monitored.filter((s) => Number(s.quantity) !== 0)) {
          await calls.setStock(sku.platform_sku_id ?? '', 0);
          await this.#setSku(listing.id, sku.sku_id, { quantity: 0 });
          await logChange(`${title} ${sku.spec}`, { stock: Number(sku.quantity) }, { stock: 0 });
          zeroed = true;
        }
        if (zeroed) {
          await tell('off-sale', MONITOR_TEXTS.offSaleZero);
          changes.push(MONITOR_TEXTS.offSaleZero);
        }
      }
      return changes;
    }
    if (!listing.on_sale) {
      await calls.setOnSale(true);
      await db.query('UPDATE goods_listings SET on_sale = true WHERE id = $1', [listing.id]);
      await logChange(title, { on_sale: false }, { on_sale: true });
      changes.push(MONITOR_TEXTS.backOnSale);
    }

    const prices: { skuId: string; price: number; row: SkuRow; cost: number }[] = [];
    for (const sku of monitored) {
      const offer = offers.get(sku.supplier_offer_id ?? '') as SupplierOffer;
      const source =
        offer.skus.length === 0 ? offer : offer.skus.find((s) => s.specId === sku.supplier_spec_id);
      const spec = sku.spec ? `「${sku.spec}」` : '';
      if (!source) {
        look.attention = true;
        changes.push(`${spec}${MONITOR_TEXTS.notBound}`);
        continue;
      }
      const perUnit = Math.max(1, sku.supplier_quantity ?? 1);
      const cost = source.priceFen * perUnit;
      const was = sku.cost === null ? null : Number(sku.cost);
      const price = Number(sku.multi_price);

      if (was === null) await this.#setSku(listing.id, sku.sku_id, { cost });
      else if (cost !== was) {
        const newPrice = markedUpPrice(cost, rules.default_markup_percent, rules.price_rounding);
        // A change not applied is told once per new cost (not at every look).
        const refuse = async (text: string) => {
          look.attention = true;
          if (sku.notified_cost !== null && Number(sku.notified_cost) === cost) return;
          await tell(`price:${sku.sku_id}:${cost}`, text);
          await this.#setSku(listing.id, sku.sku_id, { notified_cost: cost });
          changes.push(text);
        };
        if (!withinPriceLimit(cost, was, rules.purchase_price_rise_percent)) {
          await refuse(MONITOR_TEXTS.priceTooHigh(spec, was, cost, rules.purchase_price_rise_percent));
        } else if (rules.monitor_price === 'warn') {
          const text = MONITOR_TEXTS.priceWarn(spec, was, cost);
          const losing = marginOf(price, cost, rules.fee_rate) < 0;
          await refuse(losing ? `${text}；${MONITOR_TEXTS.negativeMargin(spec, price, cost)}` : text);
        } else if (marginOf(newPrice, cost, rules.fee_rate) < 0) {
          await refuse(MONITOR_TEXTS.negativeMargin(spec, newPrice, cost));
        } else if (newPrice !== price) {
          prices.push({ skuId: sku.platform_sku_id ?? '', price: newPrice, row: sku, cost });
        } else {
          await this.#setSku(listing.id, sku.sku_id, { cost });
        }
      }

      if (rules.monitor_stock) {
        const available = Math.floor(Math.max(0, source.stock) / perUnit);
        const stock = followedStock(available, rules.monitor_stock_cap, rules.monitor_stock_margin);
        if (stock !== Number(sku.quantity)) {
          await calls.setStock(sku.platform_sku_id ?? '', stock);
          await this.#setSku(listing.id, sku.sku_id, { quantity: stock });
          await logChange(`${title} ${sku.spec}`, { stock: Number(sku.quantity) }, { stock });
          changes.push(MONITOR_TEXTS.stock(spec, Number(sku.quantity), stock));
        }
      }
    }
    if (prices.length > 0) {
      await calls.setPrices(prices.map(({ skuId, price }) => ({ skuId, price })));
      for (const { row, price: groupPrice, cost } of prices) {
        await this.#setSku(listing.id, row.sku_id, {
          multi_price: groupPrice,
          single_price: calls.singlePrice(groupPrice),
          cost,
        });
        await logChange(
          `${title} ${row.spec}`,
          { price: Number(row.multi_price), supplier_cost: Number(row.cost) },
          { price: groupPrice, supplier_cost: cost },
        );
        changes.push(
          MONITOR_TEXTS.priceFollowed(row.spec ? `「${row.spec}」` : '', Number(row.multi_price), groupPrice),
        );
      }
    }
    return changes;
  }

  /** The 1688 offer, or null when 1688 says it is gone; a passing failure or a spent budget waits. */
  async #offer(accountId: number, offerId: string): Promise<SupplierOffer | null> {
    const { db, box, platforms } = this.deps;
    const nowS = this.#nowS();
    try {
      return await readSupplierOffer({ db, box, platforms }, accountId, offerId, nowS);
    } catch (error) {
      if (error instanceof SupplierError && error.kind === 'refused') return null;
      if (error instanceof HttpProblem && error.status === 429) {
        const wait = await platforms.budgets.waitSeconds(db, 'offer_read', accountId, nowS);
        throw new Wait(wait * 1000);
      }
      throw error;
    }
  }

  async #rules(accountId: number, platform: MonitoredPlatform): Promise<Rules> {
    const [row] = await this.deps.db.query<Rules>(
      `SELECT st.default_markup_percent, st.price_rounding, st.purchase_price_rise_percent, st.monitor_price,
         st.monitor_stock, st.monitor_stock_cap, st.monitor_stock_margin, st.monitor_off_sale,
         COALESCE((SELECT r.rate FROM platform_fee_rates r WHERE r.account_id = st.account_id
           AND r.platform = $2), 0) AS fee_rate
       FROM settings st WHERE st.account_id = $1`,
      [accountId, platform],
    );
    if (!row) throw new Error(`no settings of account ${accountId}`);
    return { ...row, price_rounding: row.price_rounding as PriceRounding, fee_rate: Number(row.fee_rate) };
  }

  #skus(listingId: number, goodsId: number): Promise<SkuRow[]> {
    return this.deps.db.query<SkuRow>(
      `SELECT k.id AS sku_id, k.spec, k.supplier_offer_id, k.supplier_spec_id, k.supplier_quantity, k.supplier_price,
         ls.platform_sku_id, ls.multi_price, ls.single_price, ls.quantity, ls.cost, ls.notified_cost
       FROM goods_skus k LEFT JOIN listing_skus ls ON ls.listing_id = $1 AND ls.sku_id = k.id
       WHERE k.goods_id = $2 ORDER BY k.position`,
      [listingId, goodsId],
    );
  }

  /**
   * Binds each SKU to its SKU on the platform (pdd.goods.detail.get, 抖店 /sku/list): by the 商家编码
   * 铺货 sent (the goods' own, else `listingSkuCode`), else in the order 铺货 sent them (the platform
   * keeps it). Its prices and stock as they are on the platform, and the cost it follows: the 货源's
   * linked price. False when the counts differ (nothing bound).
   */
  async #bind(listing: ClaimedListing, skus: SkuRow[], onPlatform: PlatformSku[]): Promise<boolean> {
    if (onPlatform.length !== skus.length) return false;
    const rows = await this.deps.db.query<{ id: number; outer_sku_id: string | null }>(
      'SELECT id, outer_sku_id FROM goods_skus WHERE goods_id = $1 ORDER BY position',
      [listing.goods_id],
    );
    for (const [i, sku] of skus.entries()) {
      const row = rows[i];
      const code = row ? row.outer_sku_id || listingSkuCode(row.id) : '';
      const match = (code && onPlatform.find((p) => p.code === code)) || onPlatform[i];
      if (!match) return false;
      const cost =
        sku.supplier_price === null
          ? null
          : Number(sku.supplier_price) * Math.max(1, sku.supplier_quantity ?? 1);
      await this.deps.db.query(
        `INSERT INTO listing_skus (listing_id, sku_id, platform_sku_id, multi_price, single_price, quantity, cost)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (listing_id, sku_id) DO NOTHING`,
        [listing.id, sku.sku_id, match.skuId, match.price, match.singlePrice, match.quantity, cost],
      );
    }
    return true;
  }

  async #setSku(
    listingId: number,
    skuId: number,
    set: {
      quantity?: number;
      multi_price?: number;
      single_price?: number;
      cost?: number;
      notified_cost?: number;
    },
  ) {
    const entries = Object.entries(set);
    await this.deps.db.query(
      `UPDATE listing_skus SET ${entries.map(([key], i) => `${key} = $${i + 3}`).join(', ')}
       WHERE listing_id = $1 AND sku_id = $2`,
      [listingId, skuId, ...entries.map(([, value]) => value)],
    );
  }
}
