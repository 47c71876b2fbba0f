import { AFTER_SALE_PURCHASE_REFUSAL, CARRIERS, carrierOf, trackingNoProblem } from '@consign/api-client';
import { afterSaleRefusal } from '../db/after-sale';
import type { Db } from '../db/db';
import { notify } from '../db/notifications';
import { purchaseOrder, revertPurchase, shipOrder } from '../db/order-steps';
import {
  type ClaimedPurchase,
  cargoOf,
  claimPolls,
  claimPurchase,
  finishPlaced,
  finishPoll,
  finishUnplaced,
  flagInterception,
  markCreateSent,
  orderItems,
  type PolledPurchase,
  PURCHASE_SUPPLIER,
  priceLimitMessage,
  purchaseOrderInput,
  queueAutoPurchases,
  unboughtReason,
  withinPriceLimit,
} from '../db/purchase';
import { scopeOf } from '../db/scope';
import { supplierAccessToken } from '../db/supplier-account';
import { HttpProblem } from '../http/respond';
import type { Logger } from '../log';
import { type AlibabaConnector, SupplierError } from '../platforms/alibaba';
import type { SecretBox } from '../security/secret-box';
import type { Job, JobKind } from './runner';

export interface PurchaseJobsOptions {
  /** Purchases placed at once by this process. Default 4. */
  concurrency?: number;
  /** While nothing is due, how often to look again. Default 2000 ms. */
  pollMs?: number;
  /** How long a claim may take before another process takes the purchase over. Default 120 s. */
  leaseMs?: number;
  /** The first retry's delay after a retryable failure; doubled per attempt. Default 5 s. */
  retryBaseMs?: number;
  /** The longest delay between two attempts. Default 10 minutes. */
  retryMaxMs?: number;
  /** Supplier logistics: how often a placed purchase is looked at on 1688. Default 10 minutes. */
  followEveryMs?: number;
  /** Supplier logistics: purchases looked at per unit. Default 50. */
  followBatch?: number;
  /** 自动采购: how often new orders are looked for. Default 30 s. */
  autoEveryMs?: number;
}

export interface PurchaseJobsDeps {
  db: Db;
  box: SecretBox;
  /** The 1688 connector (null: 1688 disabled or without an app). */
  supplier: () => Promise<AlibabaConnector | null>;
  now: () => number;
  log: Logger;
  /** Wakes a job kind (`writeback` after a supplier shipment). */
  wake: (kind: string) => void;
}

/** Cannot be bought as it is: `failed` with this message for the seller. */
class CannotBuy extends Error {}

const seconds = (now: () => number) => Math.floor(now() / 1000);

/** `retryBaseMs` doubled per attempt, at most `retryMaxMs`, ±20 %. */
function backoff(attempts: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

/**
 * A 1688 call with the account's buyer token: refreshed ahead of expiry (`supplierAccessToken`), and
 * once more when 1688 answers the token expired. A refused refresh (`auth`) tells the account through
 * the bell (one notification while unread) and is rethrown.
 */
async function withSupplierToken<T>(
  deps: PurchaseJobsDeps,
  connector: AlibabaConnector,
  accountId: number,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = (force: boolean) =>
    supplierAccessToken(deps.db, deps.box, connector, accountId, seconds(deps.now), { force });
  try {
    try {
      return await call(await token(false));
    } catch (error) {
      if (!(error instanceof SupplierError) || error.kind !== 'token_expired') throw error;
      return await call(await token(true));
    }
  } catch (error) {
    if (error instanceof SupplierError && error.kind === 'auth') {
      await notify(
        deps.db,
        {
          accountId,
          kind: 'purchase',
          key: 'purchase:supplier-auth',
          title: '1688采购账号授权已失效',
          body: `${error.message}。一键采购和供应商物流跟踪已暂停。`,
          link: '/system/setting',
        },
        seconds(deps.now),
      );
    }
    throw error;
  }
}

/**
 * The `purchase` job kind (一键采购): claims one queued purchase at a time (db/purchase.ts
 * `claimPurchase`: `FOR UPDATE SKIP LOCKED` and a lease, committed before 1688 is called), previews it
 * on 1688, checks the goods price against 代发设置's 允许采购价上浮, records that the order is being sent,
 * places it with our order id as `outOrderId` (密文代发 for platform orders), and in ONE transaction
 * takes the order's 采购 step (`purchaseOrder`: supplier 1688, its order number, the cost = goods +
 * freight) and marks the purchase placed.
 *
 * Exactly once across kill -9: 1688 places one order per `outOrderId`; a claim whose lease ran out is
 * taken again and, when the order had been sent, sends it again as is and gets the order already
 * placed; the step and the purchase's state commit together, so no order is 已采购 without a supplier
 * order nor left 待采购 once its purchase is recorded placed.
 */
export class PurchaseJobs implements JobKind {
  readonly name = 'purchase';
  readonly concurrency: number;
  readonly pollMs: number;
  readonly #leaseMs: number;
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  readonly #followEveryMs: number;

  constructor(
    private readonly deps: PurchaseJobsDeps,
    options: PurchaseJobsOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.pollMs = options.pollMs ?? 2000;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#retryBaseMs = options.retryBaseMs ?? 5000;
    this.#retryMaxMs = options.retryMaxMs ?? 600_000;
    this.#followEveryMs = options.followEveryMs ?? 600_000;
  }

  async claim(): Promise<Job | undefined> {
    const claimed = await claimPurchase(this.deps.db, this.#leaseMs, seconds(this.deps.now));
    return claimed && (() => this.place(claimed));
  }

  /** Places one claimed purchase and records its outcome. */
  async place(claim: ClaimedPurchase): Promise<void> {
    const { db } = this.deps;
    try {
      const placed = await this.attempt(claim);
      if (!placed) return;
      const nowS = seconds(this.deps.now);
      const done = await db.transaction(async (tx) => {
        const finished = await finishPlaced(tx, claim, { ...placed, firstPollMs: this.#followEveryMs }, nowS);
        // Taken over meanwhile: the other claim records it (1688 gives it the same order).
        if (!finished) return false;
        await purchaseOrder(
          scopeOf(tx, claim.account_id),
          {
            id: claim.order_id,
            supplier: PURCHASE_SUPPLIER,
            supplier_order_no: placed.orderNo,
            cost: placed.goodsFen + placed.freightFen,
            confirm_blacklist: true,
            bought: true,
          },
          { userId: claim.requested_by },
          nowS,
        );
        return true;
      });
      if (!done)
        this.deps.log.warn('purchase outcome not written: claimed again meanwhile', { id: claim.id });
      // An after-sale opened while 1688 placed the order: 需拦截, like one opened after.
      else if (await afterSaleRefusal(db, claim.account_id, claim.order_id))
        await flagInterception(db, claim.account_id, claim.order_id, nowS);
    } catch (error) {
      await this.unplaced(claim, error);
    }
  }

  /** Preview, price check, order; the 1688 order placed, or a throw. */
  private async attempt(claim: ClaimedPurchase) {
    const { db } = this.deps;
    const connector = await this.deps.supplier();
    if (!connector) throw new CannotBuy('1688未启用或未配置开放平台应用，请联系管理员');
    const order = await purchaseOrderInput(db, claim.account_id, claim.order_id);
    if (!order) throw new CannotBuy('订单不存在');
    if (order.status !== 'pending') {
      throw new CannotBuy('订单已不是待采购状态，未在1688下单');
    }
    // Checked again as it is sent: a refund may have opened since it was queued (not once sent: 1688
    // answers the order already placed for `outOrderId`, which is then 需拦截).
    if (order.afterSale && !claim.create_sent) throw new CannotBuy(AFTER_SALE_PURCHASE_REFUSAL);
    const items = (await orderItems(db, claim.account_id, [claim.order_id])).get(claim.order_id) ?? [];
    const reason = unboughtReason(items);
    if (reason) throw new CannotBuy(reason);
    const { cargo, expectedFen } = cargoOf(items);
    const input = {
      address: order.address,
      cargo,
      outOrderId: String(order.id),
      ...(order.cipher ? { cipher: order.cipher } : {}),
    };
    return withSupplierToken(this.deps, connector, claim.account_id, async (token) => {
      let goodsFen: number;
      if (!claim.create_sent) {
        const previews = await connector.preview(token, input);
        goodsFen = previews.reduce((sum, p) => sum + p.goodsFen, 0);
        if (!withinPriceLimit(goodsFen, expectedFen, order.risePercent)) {
          throw new CannotBuy(priceLimitMessage(goodsFen, expectedFen ?? 0, order.risePercent));
        }
        if (!(await markCreateSent(db, claim))) return null;
        claim.create_sent = true;
      }
      const placed = await connector.createOrder(token, input);
      goodsFen = placed.totalFen - placed.freightFen;
      return { orderNo: placed.orderId, goodsFen, freightFen: placed.freightFen };
    });
  }

  /** Not placed: retried later (1688 busy), or `failed` with the reason on the order. */
  private async unplaced(claim: ClaimedPurchase, error: unknown) {
    const nowS = seconds(this.deps.now);
    let outcome: Parameters<typeof finishUnplaced>[2];
    if (error instanceof CannotBuy) {
      outcome = { status: 'failed', message: error.message, supplierMessage: '' };
    } else if (error instanceof SupplierError && (error.retryable || error.kind === 'token_expired')) {
      outcome = {
        status: 'queued',
        message: error.message,
        supplierMessage: error.supplierMessage || error.code,
        retryInMs: backoff(claim.attempts, this.#retryBaseMs, this.#retryMaxMs),
      };
    } else if (error instanceof SupplierError) {
      outcome = {
        status: 'failed',
        message: error.message,
        supplierMessage: error.supplierMessage || error.code,
      };
    } else if (error instanceof HttpProblem) {
      // The 采购 step refused after 1688 placed the order (the order moved meanwhile): say so.
      outcome = {
        status: 'failed',
        message: `1688已下单，但订单未能标记为已采购：${error.message}`,
        supplierMessage: '',
      };
    } else {
      this.deps.log.error('purchase attempt failed', { id: claim.id, error: String(error) });
      outcome = {
        status: 'queued',
        message: '采购暂时未成功，稍后自动重试',
        supplierMessage: '',
        retryInMs: backoff(claim.attempts, this.#retryBaseMs, this.#retryMaxMs),
      };
    }
    await finishUnplaced(this.deps.db, claim, outcome, nowS);
  }
}

/**
 * Each of our carriers as 1688 names it (`logisticsCompanyName`, e.g. 中通快递, or a code such as ZTO):
 * by code, else by the short name at the start. `OTHER` when none matches, or when the tracking
 * number does not fit the matched carrier's format.
 */
const SUPPLIER_CARRIER_NAMES: Record<string, string> = {
  SF: '顺丰',
  ZTO: '中通',
  YTO: '圆通',
  YUNDA: '韵达',
  STO: '申通',
  JT: '极兔',
  EMS: 'EMS',
  JD: '京东',
};

export function carrierOfSupplier(companyName: string, trackingNo: string): string {
  const name = companyName.trim();
  const code =
    carrierOf(name.toUpperCase())?.code ??
    Object.entries(SUPPLIER_CARRIER_NAMES).find(([, short]) => name.includes(short))?.[0] ??
    'OTHER';
  if (code !== 'OTHER' && trackingNoProblem(code, trackingNo)) return 'OTHER';
  return CARRIERS.some((c) => c.code === code) ? code : 'OTHER';
}

/**
 * The `supplier-logistics` job kind: claims up to `followBatch` placed purchases due for a look
 * (`claimPolls`), asks 1688 about each (`alibaba.trade.get.buyerView`) and: shipped with a parcel ->
 * the order is shipped in Consign with that carrier and tracking number through `shipOrder` (so the
 * platform writeback is queued); cancelled by the supplier -> the order goes back to 待采购
 * (`revertPurchase`) and the account is notified; otherwise looked at again `followEveryMs` later.
 */
export class SupplierLogisticsJobs implements JobKind {
  readonly name = 'supplier-logistics';
  readonly concurrency = 1;
  readonly pollMs: number;
  readonly #everyMs: number;
  readonly #batch: number;

  constructor(
    private readonly deps: PurchaseJobsDeps,
    options: PurchaseJobsOptions = {},
  ) {
    this.#everyMs = options.followEveryMs ?? 600_000;
    this.#batch = options.followBatch ?? 50;
    this.pollMs = Math.min(30_000, this.#everyMs);
  }

  async claim(): Promise<Job | undefined> {
    const due = await claimPolls(this.deps.db, this.#batch, this.#everyMs);
    if (due.length === 0) return undefined;
    return async () => {
      const connector = await this.deps.supplier();
      if (!connector) return;
      let shipped = false;
      for (const purchase of due) {
        try {
          shipped = (await this.follow(connector, purchase)) || shipped;
        } catch (error) {
          if (!(error instanceof SupplierError))
            this.deps.log.error('supplier logistics failed', { id: purchase.id, error: String(error) });
        }
      }
      if (shipped) this.deps.wake('writeback');
    };
  }

  /** One purchase: answers whether the order was shipped. */
  private async follow(connector: AlibabaConnector, purchase: PolledPurchase): Promise<boolean> {
    const { db } = this.deps;
    const view = await withSupplierToken(this.deps, connector, purchase.account_id, (token) =>
      connector.order(token, purchase.supplier_order_no),
    );
    const nowS = seconds(this.deps.now);
    if (view.status === 'cancel' || view.status === 'terminated') {
      const reason = `1688供应商取消了采购单 ${purchase.supplier_order_no}，订单已退回待采购`;
      await db.transaction(async (tx) => {
        await revertPurchase(
          scopeOf(tx, purchase.account_id),
          { id: purchase.order_id, reason },
          { userId: null },
          nowS,
        );
        await finishPoll(tx, purchase.id, { status: 'cancelled', message: reason }, nowS);
      });
      const [order] = await db.query<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [
        purchase.order_id,
      ]);
      await notify(
        db,
        {
          accountId: purchase.account_id,
          kind: 'purchase',
          key: `purchase:${purchase.order_id}:cancelled:${purchase.supplier_order_no}`,
          title: '1688采购单被供应商取消',
          body: `订单 ${order?.order_no ?? purchase.order_id}：${reason}`,
          link: `/order/index?keyword=${encodeURIComponent(order?.order_no ?? '')}`,
        },
        nowS,
      );
      return false;
    }
    const parcel = view.logistics[0];
    if (!parcel) return false;
    const trackingNo = parcel.billNo.trim().toUpperCase();
    const carrier = carrierOfSupplier(parcel.companyName, trackingNo);
    const [order] = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      purchase.order_id,
    ]);
    if (order?.status !== 'purchased') {
      // Shipped (or cancelled) by hand meanwhile: nothing more to follow.
      await finishPoll(db, purchase.id, { status: 'shipped', message: null }, nowS);
      return false;
    }
    try {
      await db.transaction(async (tx) => {
        await shipOrder(
          scopeOf(tx, purchase.account_id),
          { id: purchase.order_id, carrier, tracking_no: trackingNo },
          { userId: null },
          nowS,
        );
        await finishPoll(tx, purchase.id, { status: 'shipped', message: null }, nowS);
      });
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      // No sender address yet (422): said on the order, tried again at the next look.
      await db.query('UPDATE order_purchases SET last_error = $2, updated_at = $3 WHERE id = $1', [
        purchase.id,
        `供应商已发货（${parcel.companyName} ${trackingNo}），但订单未能发货：${error.message}`,
        nowS,
      ]);
      return false;
    }
    return true;
  }
}

/**
 * The `auto-purchase` job kind (代发设置's 自动采购): every `autoEveryMs`, queues the new platform
 * orders whose every line has a 货源 (`queueAutoPurchases`) and wakes `purchase`. Queuing is
 * idempotent per order (one row per order), so instances looking at once queue each order once.
 */
export class AutoPurchaseJobs implements JobKind {
  readonly name = 'auto-purchase';
  readonly concurrency = 1;
  readonly pollMs: number;
  #nextAt = 0;

  constructor(
    private readonly deps: PurchaseJobsDeps,
    options: PurchaseJobsOptions = {},
  ) {
    this.pollMs = options.autoEveryMs ?? 30_000;
  }

  async claim(): Promise<Job | undefined> {
    if (performance.now() < this.#nextAt) return undefined;
    this.#nextAt = performance.now() + this.pollMs - 5;
    return async () => {
      const queued = await queueAutoPurchases(this.deps.db, seconds(this.deps.now));
      if (queued > 0) this.deps.wake('purchase');
    };
  }
}
