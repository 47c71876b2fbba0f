import {
  AFTER_SALE_PURCHASE_REFUSAL,
  CARRIERS,
  carrierOf,
  orderExceptionLink,
  trackingNoProblem,
} from '@consign/api-client';
import { apiRoutes, auditAction, BACKGROUND_ACTIONS } from '@consign/api-client/contract';
import { afterSaleRefusal } from '../db/after-sale';
import { holdPurchaseFee, refundPurchaseFee } from '../db/balance';
import type { Db, Queryable } from '../db/db';
import { notifyOrderExceptions } from '../db/exception-notifications';
import { logOrderFailure } from '../db/log';
import { notify } from '../db/notifications';
import { purchaseOrder, revertPurchase, shipOrder } from '../db/order-steps';
import {
  AUTO_REBUY_LIMIT,
  type ClaimedPurchase,
  cargoOf,
  claimOverdueUnpaid,
  claimPolls,
  claimPurchase,
  finishPlaced,
  finishPoll,
  finishUnplaced,
  flagInterception,
  interceptPaid,
  markCancelSent,
  markCreateSent,
  orderItems,
  outOrderIdOf,
  type PolledPurchase,
  PURCHASE_SUPPLIER,
  paySettings,
  priceLimitMessage,
  purchaseOrderInput,
  queueAutoPurchases,
  recordPayment,
  recordSupplierCancel,
  unboughtReason,
  withinPriceLimit,
} from '../db/purchase';
import { scopeOf } from '../db/scope';
import { HttpProblem } from '../http/respond';
import type { Logger } from '../log';
import { type AlibabaConnector, SupplierError, UNPAID_STATUSES } from '../platforms/alibaba';
import type { PlatformBudgets } from '../platforms/budgets';
import { withFreshToken } from '../platforms/fresh-token';
import { supplierAccessToken } from '../platforms/supplier-tokens';
import type { SecretBox } from '../security/secret-box';
import {
  BothSourcesFailed,
  chooseSources,
  isOutOfStock,
  SOURCE_WORDS,
  type SourceChoice,
  switchOutOfStock,
} from './purchase-source';
import { backoffMs, deferJob, FOLLOW_UP_QUEUE, PURCHASE_QUEUE, updateHeld } from './queue';
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
  /** Supplier logistics: how often a placed purchase is looked at on 1688 (`SUPPLIER_FOLLOW_SECONDS`). Default 5 minutes. */
  followEveryMs?: number;
  /** Supplier logistics: purchases looked at per unit. Default 50. */
  followBatch?: number;
  /** 自动采购: how often new orders are looked for. Default 30 s. */
  autoEveryMs?: number;
  /** Attempts of one purchase (1688 busy, a crash) before it stops retrying and fails. Default 8. */
  maxAttempts?: number;
}

export interface PurchaseJobsDeps {
  db: Db;
  box: SecretBox;
  /** The 1688 connector (null: 1688 disabled or without an app). */
  supplier: () => Promise<AlibabaConnector | null>;
  /** Each account's `purchase_place` budget (platforms/budgets.ts). */
  budgets: PlatformBudgets;
  now: () => number;
  log: Logger;
  /** Wakes a job kind (`writeback` after a supplier shipment). */
  wake: (kind: string) => void;
}

/** Cannot be bought as it is: `failed` with this message for the seller. */
class CannotBuy extends Error {}

/** Both 货源 of a line failed (jobs/purchase-source.ts): a refusal in those words. */
const refuseBoth = (error: unknown): never => {
  throw error instanceof BothSourcesFailed ? new CannotBuy(error.message) : error;
};

/** 1688 placed the order, then the order's 采购 step refused (the order moved meanwhile). */
class StepRefused extends Error {
  constructor(
    message: string,
    readonly supplierOrderNo: string,
  ) {
    super(message);
  }
}

/** 1688 advises at most 3 tries of `preparePay` (its error codes are not documented). */
const PROTOCOL_PAY_TRIES = 3;

/** Why a 1688 order stays 待付款 (the order detail shows it). */
const PAY_WORDS = {
  autoPayOff: '未开启自动付款，请在代发订单中勾选后批量付款',
  noConnector: '1688未启用或未配置开放平台应用，未自动付款',
  protocolClosed: '1688采购账号未开通免密支付（支付宝代扣），请在1688开通后再开启自动付款，或批量付款',
  notConfirmed: '1688未确认扣款成功',
  failed: (tries: number, last: string) => `自动付款未成功（已尝试 ${tries} 次）：${last}，请批量付款`,
  afterSale: '买家在1688下单期间申请了售后，未自动付款：请确认是否仍要采购',
};

const seconds = (now: () => number) => Math.floor(now() / 1000);

/**
 * A 1688 call with the account's buyer token: refreshed ahead of expiry (`supplierAccessToken`), and
 * once more when 1688 answers the token expired (`withFreshToken`). A refused refresh (`auth`) tells the account through
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
    return await withFreshToken(await token(false), call, () => token(true));
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
  readonly #maxAttempts: number;

  constructor(
    private readonly deps: PurchaseJobsDeps,
    options: PurchaseJobsOptions = {},
  ) {
    this.#maxAttempts = options.maxAttempts ?? 8;
    this.concurrency = options.concurrency ?? 4;
    this.pollMs = options.pollMs ?? 2000;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#retryBaseMs = options.retryBaseMs ?? 5000;
    this.#retryMaxMs = options.retryMaxMs ?? 600_000;
    this.#followEveryMs = options.followEveryMs ?? 300_000;
  }

  async claim(): Promise<Job | undefined> {
    const claimed = await claimPurchase(this.deps.db, this.#leaseMs, seconds(this.deps.now));
    return claimed && (() => this.place(claimed));
  }

  /**
   * Places one claimed purchase and records its outcome; then pays it (自动付款). An account past its
   * `purchase_place` budget has the purchase put back until its window ends (not an attempt: nothing
   * charged, nothing failed).
   */
  async place(claim: ClaimedPurchase): Promise<void> {
    const { db, budgets } = this.deps;
    const startS = seconds(this.deps.now);
    if (!(await budgets.take(db, 'purchase_place', claim.account_id, startS))) {
      const waitS = await budgets.waitSeconds(db, 'purchase_place', claim.account_id, startS);
      await deferJob(db, PURCHASE_QUEUE, claim, waitS * 1000);
      return;
    }
    let placed: Awaited<ReturnType<PurchaseJobs['attempt']>> = null;
    try {
      placed = await this.attempt(claim);
      if (!placed) return;
      const bought = placed;
      const nowS = seconds(this.deps.now);
      const done = await db
        .transaction(async (tx) => {
          const finished = await finishPlaced(
            tx,
            claim,
            { ...bought, firstPollMs: this.#followEveryMs },
            nowS,
          );
          // Taken over meanwhile: the other claim records it (it finds the same order on 1688).
          if (!finished) return false;
          await purchaseOrder(
            scopeOf(tx, claim.account_id),
            {
              id: claim.order_id,
              supplier: PURCHASE_SUPPLIER,
              supplier_order_no: bought.orderNo,
              cost: bought.goodsFen + bought.freightFen,
              confirm_blacklist: true,
              // The fee was held before 1688 was called: now it is taken.
              fee_held: true,
              // Placed on 1688 already: an after-sale opened meanwhile marks it 需拦截 (below).
              bought: true,
            },
            { userId: claim.requested_by },
            nowS,
          );
          return true;
        })
        .catch((error: unknown) => {
          throw error instanceof HttpProblem ? new StepRefused(error.message, bought.orderNo) : error;
        });
      if (!done) {
        this.deps.log.warn('purchase outcome not written: claimed again meanwhile', { id: claim.id });
        return;
      }
      // An after-sale opened while 1688 placed the order: 需拦截, like one opened after, and not paid.
      if (await afterSaleRefusal(db, claim.account_id, claim.order_id)) {
        await flagInterception(db, claim.account_id, claim.order_id, nowS);
        await recordPayment(db, claim.id, { paid: false, message: PAY_WORDS.afterSale }, nowS);
        return;
      }
    } catch (error) {
      await this.unplaced(claim, error);
      return;
    }
    await this.pay(claim, placed.orderNo);
  }

  /**
   * 自动付款: when 代发设置 has it on and 1688 says the buyer's 代扣 protocol is open, the order is paid
   * with 免密支付 (`preparePay`, at most 3 tries as 1688 advises); otherwise it stays 待付款 and the
   * purchase says why (the order detail shows it; 批量付款 pays it on 1688's cashier).
   */
  private async pay(claim: ClaimedPurchase, supplierOrderNo: string): Promise<void> {
    const { db } = this.deps;
    // Still 待付款: said on the purchase and, when 自动付款 tried (it is on), logged once as failed.
    const unpaid = (message: string, tried = true) => {
      const nowS = seconds(this.deps.now);
      return db.transaction(async (tx) => {
        const recorded = await recordPayment(tx, claim.id, { paid: false, message }, nowS);
        if (recorded && tried) await logFailedPayment(tx, claim, message, nowS);
      });
    };
    try {
      const { autoPay } = await paySettings(db, claim.account_id);
      if (!autoPay) return await unpaid(PAY_WORDS.autoPayOff, false);
      const connector = await this.deps.supplier();
      if (!connector) return await unpaid(PAY_WORDS.noConnector);
      const open = await withSupplierToken(this.deps, connector, claim.account_id, (token) =>
        connector.protocolPayOpen(token),
      );
      if (!open) return await unpaid(PAY_WORDS.protocolClosed);
      let last = '';
      for (let attempt = 1; attempt <= PROTOCOL_PAY_TRIES; attempt++) {
        try {
          const paid = await withSupplierToken(this.deps, connector, claim.account_id, (token) =>
            connector.protocolPay(token, supplierOrderNo),
          );
          if (paid) {
            await recordPayment(db, claim.id, { paid: true, message: null }, seconds(this.deps.now));
            return;
          }
          last = PAY_WORDS.notConfirmed;
        } catch (error) {
          if (!(error instanceof SupplierError)) throw error;
          last = error.message;
          if (error.kind === 'auth') break;
        }
      }
      await unpaid(PAY_WORDS.failed(PROTOCOL_PAY_TRIES, last));
    } catch (error) {
      if (!(error instanceof SupplierError))
        this.deps.log.error('supplier payment failed', { id: claim.id, error: String(error) });
      await unpaid(PAY_WORDS.failed(1, error instanceof SupplierError ? error.message : '系统错误'));
    }
  }

  /**
   * Preview, price check, the fee held and the attempt recorded, order; the 1688 order placed, or a
   * throw. An attempt recorded by an earlier claim (a crash, a timeout) is looked for on 1688 by its
   * `outOrderId` first (`alibaba.trade.getBuyerOrderList`), and only sent again when 1688 has none.
   */
  private async attempt(claim: ClaimedPurchase) {
    const { db } = this.deps;
    const connector = await this.deps.supplier();
    if (!connector) throw new CannotBuy('1688未启用或未配置开放平台应用，请联系管理员');
    const outOrderId = outOrderIdOf(claim);
    if (claim.create_sent) {
      const found = await withSupplierToken(this.deps, connector, claim.account_id, (token) =>
        connector.findOrder(token, outOrderId),
      );
      if (found) {
        return {
          orderNo: found.orderId,
          goodsFen: found.totalFen - found.freightFen,
          freightFen: found.freightFen,
          sourceNote: claim.backup_lines?.length ? SOURCE_WORDS.usedLines(claim.backup_lines) : null,
        };
      }
    }
    const order = await purchaseOrderInput(db, claim.account_id, claim.order_id);
    if (!order) throw new CannotBuy('订单不存在');
    if (order.status !== 'pending') {
      throw new CannotBuy('订单已不是待采购状态，未在1688下单');
    }
    // Checked again as it is sent: a refund may have opened since it was queued. (An attempt already
    // placed on 1688 was found above and is recorded, then marked 需拦截; from here on nothing is placed.)
    if (order.afterSale) throw new CannotBuy(AFTER_SALE_PURCHASE_REFUSAL);
    const items = (await orderItems(db, claim.account_id, [claim.order_id])).get(claim.order_id) ?? [];
    const reason = unboughtReason(items);
    if (reason) throw new CannotBuy(reason);
    // 备用货源 (jobs/purchase-source.ts): an attempt already sent buys what it recorded.
    const choice: SourceChoice = { backupLines: new Set(claim.backup_lines ?? []), notes: [] };
    const inputOf = () => ({
      address: order.address,
      cargo: cargoOf(items, choice.backupLines).cargo,
      outOrderId,
      ...(order.cipher ? { cipher: order.cipher } : {}),
    });
    return withSupplierToken(this.deps, connector, claim.account_id, async (token) => {
      /** Out of stock on 1688: the lines switched to their 备用货源 (false: another error, or none). */
      const switchedToBackup = async (error: unknown) =>
        isOutOfStock(error) &&
        (await switchOutOfStock(connector, token, items, order.risePercent, choice).catch(refuseBoth));
      /** 1688's price of the cargo as it stands, refused beyond 允许采购价上浮. */
      const previewWithinLimit = async () => {
        const previews = await connector.preview(token, inputOf());
        const goodsFen = previews.reduce((sum, p) => sum + p.goodsFen, 0);
        const { expectedFen } = cargoOf(items, choice.backupLines);
        if (!withinPriceLimit(goodsFen, expectedFen, order.risePercent)) {
          throw new CannotBuy(priceLimitMessage(goodsFen, expectedFen ?? 0, order.risePercent));
        }
      };
      if (!claim.create_sent) {
        const chosen = await chooseSources(connector, token, items, order.risePercent).catch(refuseBoth);
        choice.backupLines = chosen.backupLines;
        choice.notes = chosen.notes;
        try {
          await previewWithinLimit();
        } catch (error) {
          if (!(await switchedToBackup(error))) throw error;
          await previewWithinLimit();
        }
        // Money first: the fee is held with the attempt's record, or nothing reaches 1688.
        const recorded = await db
          .transaction(async (tx) => {
            if (!(await markCreateSent(tx, claim, outOrderId, [...choice.backupLines]))) return false;
            await holdPurchaseFee(
              scopeOf(tx, claim.account_id),
              { id: order.id, orderNo: order.orderNo },
              outOrderId,
              seconds(this.deps.now),
            );
            return true;
          })
          .catch((error: unknown) => {
            throw error instanceof HttpProblem ? new CannotBuy(error.message) : error;
          });
        if (!recorded) return null;
        claim.create_sent = true;
      }
      let placed: Awaited<ReturnType<AlibabaConnector['createOrder']>>;
      try {
        placed = await connector.createOrder(token, inputOf());
      } catch (error) {
        // Out of stock: 1688 placed nothing under this outOrderId, so the same attempt (and its fee)
        // buys the lines' 备用货源 instead, recorded first so a claim after a crash sends that cargo.
        if (!(await switchedToBackup(error))) throw error;
        await previewWithinLimit();
        if (!(await markCreateSent(db, claim, outOrderId, [...choice.backupLines]))) return null;
        placed = await connector.createOrder(token, inputOf());
      }
      return {
        orderNo: placed.orderId,
        goodsFen: placed.totalFen - placed.freightFen,
        freightFen: placed.freightFen,
        sourceNote: choice.notes.length > 0 ? choice.notes.join('；') : null,
      };
    });
  }

  /**
   * Not placed: retried later (1688 busy) at most `maxAttempts` times, or `failed` with the reason on
   * the order; a failed attempt gives back the fee it held (db/balance.ts `refundPurchaseFee`).
   */
  private async unplaced(claim: ClaimedPurchase, error: unknown) {
    const nowS = seconds(this.deps.now);
    let outcome: Parameters<typeof finishUnplaced>[2];
    const retry = (message: string, supplierMessage: string): Parameters<typeof finishUnplaced>[2] =>
      claim.attempts >= this.#maxAttempts
        ? {
            status: 'failed',
            message: `已自动重试 ${claim.attempts} 次仍未成功，已停止重试：${message}`,
            supplierMessage,
          }
        : {
            status: 'queued',
            message,
            supplierMessage,
            retryInMs: backoffMs(claim.attempts, { baseMs: this.#retryBaseMs, capMs: this.#retryMaxMs }),
          };
    if (error instanceof CannotBuy) {
      outcome = { status: 'failed', message: error.message, supplierMessage: '' };
    } else if (error instanceof SupplierError && (error.retryable || error.kind === 'token_expired')) {
      outcome = retry(error.message, error.supplierMessage || error.code);
    } else if (error instanceof SupplierError) {
      outcome = {
        status: 'failed',
        message: error.message,
        supplierMessage: error.supplierMessage || error.code,
      };
    } else if (error instanceof StepRefused) {
      // The 采购 step refused after 1688 placed the order (the order moved meanwhile): say so, and keep
      // the 1688 order's number on the purchase so it is not lost.
      outcome = {
        status: 'failed',
        message: `1688已下单（${error.supplierOrderNo}），但订单未能标记为已采购：${error.message}`,
        supplierMessage: '',
        supplierOrderNo: error.supplierOrderNo,
      };
    } else {
      this.deps.log.error('purchase attempt failed', { id: claim.id, error: String(error) });
      outcome = retry('采购暂时未成功，稍后自动重试', '');
    }
    const finished = await this.deps.db.transaction(async (tx) => {
      if (!(await finishUnplaced(tx, claim, outcome, nowS))) return false;
      if (outcome.status === 'failed' && claim.create_sent) {
        await this.releaseFee(tx, claim, '采购未成功，退还代发服务费', nowS);
      }
      if (outcome.status === 'failed') await logFailedPurchase(tx, claim, outcome.message, nowS);
      return true;
    });
    // 采购失败 / 缺货: the account's grouped notification of the view the order is now in.
    if (finished && outcome.status === 'failed') {
      await notifyOrderExceptions(this.deps.db, claim.account_id, ['purchase_failed', 'out_of_stock'], nowS);
    }
  }

  /** Gives back the fee the claim's attempt held (once: the ledger refuses a second refund). */
  private async releaseFee(tx: Queryable, claim: ClaimedPurchase, reason: string, nowS: number) {
    const [order] = await tx.query<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [
      claim.order_id,
    ]);
    await refundPurchaseFee(
      scopeOf(tx, claim.account_id),
      { id: claim.order_id, orderNo: order?.order_no ?? String(claim.order_id) },
      null,
      nowS,
      { purchaseRef: outOrderIdOf(claim), reason },
    );
  }
}

/**
 * 操作日志: a purchase that ended failed is an entry of its own, failed, with the reason the order shows
 * (the 一键采购 call logged only its queueing). Under the requester's name, or 自动采购 with nobody's.
 */
function logFailedPurchase(tx: Queryable, claim: ClaimedPurchase, reason: string, nowS: number) {
  return logOrderFailure(tx, {
    accountId: claim.account_id,
    userId: claim.requested_by,
    action: auditAction('/api/purchase/start'),
    actionLabel: claim.requested_by === null ? '自动采购' : (apiRoutes['/api/purchase/start'].audit ?? ''),
    orderId: claim.order_id,
    before: { purchase: 'placing' },
    after: { purchase: 'failed' },
    at: nowS,
    failure: reason,
  });
}

/** 操作日志: 自动付款 left the 1688 order 待付款, failed, with the reason the purchase shows (操作人 系统). */
function logFailedPayment(tx: Queryable, claim: ClaimedPurchase, reason: string, nowS: number) {
  return logOrderFailure(tx, {
    accountId: claim.account_id,
    userId: null,
    action: BACKGROUND_ACTIONS.autoPay.action,
    actionLabel: BACKGROUND_ACTIONS.autoPay.label,
    orderId: claim.order_id,
    before: { pay_status: null },
    after: { pay_status: 'unpaid' },
    at: nowS,
    failure: reason,
  });
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

/** The job kind of the supplier follow-up (`SupplierLogisticsJobs`). */
export const SUPPLIER_LOGISTICS_KIND = 'supplier-logistics';

/**
 * The `supplier-logistics` job kind: claims up to `followBatch` placed purchases due for a look
 * (`claimPolls`, `FOLLOW_UP_QUEUE` of jobs/queue.ts), asks 1688 about each (`alibaba.trade.get.buyerView`) and: shipped with a parcel ->
 * the order is shipped in Consign with that carrier and tracking number through `shipOrder` (so the
 * platform writeback is queued); cancelled by the supplier -> the order goes back to 待采购
 * (`revertPurchase`), the fee is refunded and the account is notified (自动采购 buys it again, bounded);
 * an after-sale open while the 1688 order is 待付款 -> cancelled on 1688 (`alibaba.trade.cancel`), the
 * fee refunded, told; paid and not shipped -> 需拦截, told; otherwise looked at again `followEveryMs`
 * later (docs/design.md#1688-order-cancel).
 */
export class SupplierLogisticsJobs implements JobKind {
  readonly name = SUPPLIER_LOGISTICS_KIND;
  readonly concurrency = 1;
  readonly pollMs: number;
  readonly #everyMs: number;
  readonly #batch: number;

  constructor(
    private readonly deps: PurchaseJobsDeps,
    options: PurchaseJobsOptions = {},
  ) {
    this.#everyMs = options.followEveryMs ?? 300_000;
    this.#batch = options.followBatch ?? 50;
    this.pollMs = Math.min(30_000, this.#everyMs);
  }

  async claim(): Promise<Job | undefined> {
    await this.alertUnpaid();
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

  /**
   * The supplier cancelled the 1688 order: once (a cancellation seen twice finds the purchase moved),
   * the order goes back to 待采购 (`revertPurchase`), the attempt's 代发服务费 comes back, and the
   * account is told. With 自动采购 on, it is bought again as a new attempt (a new `outOrderId`,
   * db/purchase.ts `queueAutoPurchases`) at most `AUTO_REBUY_LIMIT` times; the cancellation after that
   * stops it, and the purchase and the notification say why.
   */
  private async supplierCancelled(purchase: PolledPurchase): Promise<void> {
    const { db } = this.deps;
    const nowS = seconds(this.deps.now);
    const base = `1688供应商取消了采购单 ${purchase.supplier_order_no}，订单已退回待采购，代发服务费已退还`;
    const outcome = await db.transaction(async (tx) => {
      if (!(await finishPoll(tx, purchase.id, { status: 'cancelled', message: base }, nowS))) return null;
      const recorded = await recordSupplierCancel(tx, purchase.id, (count, auto) =>
        !auto
          ? base
          : count <= AUTO_REBUY_LIMIT
            ? `${base}；自动采购将重新下单（第 ${count} 次，最多 ${AUTO_REBUY_LIMIT} 次）`
            : `${base}；供应商已取消 ${count} 次，自动采购已停止重新下单：请更换货源或联系供应商后手动一键采购`,
      );
      const scope = scopeOf(tx, purchase.account_id);
      await revertPurchase(
        scope,
        { id: purchase.order_id, reason: recorded.message },
        { userId: null },
        nowS,
      );
      // The attempt's fee comes back (a purchase recorded before attempts were named: its charge).
      await this.refundFee(tx, purchase, '1688供应商取消采购单，退还代发服务费', nowS);
      return recorded;
    });
    if (!outcome) return;
    await this.tell(purchase, {
      key: `purchase:${purchase.order_id}:cancelled:${purchase.supplier_order_no}`,
      title: outcome.stopped ? '1688采购单被供应商取消，自动采购已停止' : '1688采购单被供应商取消',
      body: outcome.message,
    });
  }

  /**
   * An after-sale is open and the 1688 order is still 待付款: recorded as ours first, then cancelled on
   * 1688 (`alibaba.trade.cancel`), and settled (`afterSaleCancelled`). 1688 busy: the next look tries
   * again. Refused (paid meanwhile): said on the purchase; the next look sees it paid and it is 需拦截.
   */
  private async cancelForAfterSale(connector: AlibabaConnector, purchase: PolledPurchase): Promise<void> {
    const { db } = this.deps;
    if (!(await markCancelSent(db, purchase.id, seconds(this.deps.now)))) return;
    try {
      await withSupplierToken(this.deps, connector, purchase.account_id, (token) =>
        connector.cancelOrder(token, purchase.supplier_order_no, '买家申请售后，取消采购'),
      );
    } catch (error) {
      if (!(error instanceof SupplierError) || error.retryable || error.kind === 'token_expired') throw error;
      await db.query(
        `UPDATE order_purchases SET cancel_sent_at = NULL, last_error = $2
         WHERE id = $1 AND status = 'placed'`,
        [purchase.id, `买家申请了售后，取消1688采购单未成功：${error.message}`.slice(0, 500)],
      );
      return;
    }
    await this.afterSaleCancelled(purchase);
  }

  /**
   * The 1688 order cancelled for an after-sale, settled once (a second look, a crash before this ran,
   * finds the purchase moved or does it now): the purchase `cancelled` with the reason, the order back
   * to 待采购 (every purchase path refuses it while the after-sale is open, and 自动采购 does not buy it
   * again), the attempt's 代发服务费 refunded once, and the account told.
   */
  private async afterSaleCancelled(purchase: PolledPurchase): Promise<void> {
    const nowS = seconds(this.deps.now);
    const reason = `买家申请了售后，未付款的1688采购单 ${purchase.supplier_order_no} 已取消，代发服务费已退还；售后处理完之前不会再采购`;
    const first = await this.deps.db.transaction(async (tx) => {
      if (!(await finishPoll(tx, purchase.id, { status: 'cancelled', message: reason }, nowS))) return false;
      await revertPurchase(
        scopeOf(tx, purchase.account_id),
        { id: purchase.order_id, reason },
        { userId: null },
        nowS,
      );
      await this.refundFee(tx, purchase, '售后取消1688采购单，退还代发服务费', nowS);
      return true;
    });
    if (!first) return;
    await this.tell(purchase, {
      key: `purchase:${purchase.order_id}:after-sale-cancelled:${purchase.supplier_order_no}`,
      title: '售后订单的1688采购单已取消',
      body: reason,
    });
  }

  /** Gives back the 代发服务费 of the purchase's attempt (once: the ledger refuses a second refund). */
  private async refundFee(tx: Queryable, purchase: PolledPurchase, reason: string, nowS: number) {
    const [order] = await tx.query<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [
      purchase.order_id,
    ]);
    await refundPurchaseFee(
      scopeOf(tx, purchase.account_id),
      { id: purchase.order_id, orderNo: order?.order_no ?? String(purchase.order_id) },
      null,
      nowS,
      { reason, ...(purchase.out_order_id ? { purchaseRef: purchase.out_order_id } : {}) },
    );
  }

  /** A notification about the purchase's order (linked to it in the order list). */
  private async tell(purchase: PolledPurchase, input: { key: string; title: string; body: string }) {
    const { db } = this.deps;
    const [order] = await db.query<{ order_no: string; shop_id: number }>(
      'SELECT order_no, shop_id FROM orders WHERE id = $1',
      [purchase.order_id],
    );
    await notify(
      db,
      {
        accountId: purchase.account_id,
        kind: 'purchase',
        key: input.key,
        title: input.title,
        body: `订单 ${order?.order_no ?? purchase.order_id}：${input.body}`,
        link: `/order/index?keyword=${encodeURIComponent(order?.order_no ?? '')}`,
        shopId: order?.shop_id ?? null,
      },
      seconds(this.deps.now),
    );
  }

  /**
   * 待付款 too long (代发设置's 待付款提醒, default 2 h): one notification per account per run naming
   * how many orders and the first of them; each order is told once.
   */
  private async alertUnpaid() {
    const nowS = seconds(this.deps.now);
    for (const group of await claimOverdueUnpaid(this.deps.db, nowS)) {
      const shown = group.order_nos.slice(0, 3).join('、');
      await notify(
        this.deps.db,
        {
          accountId: group.account_id,
          kind: 'purchase_unpaid',
          key: 'purchase_unpaid',
          title: `${group.order_nos.length} 笔1688采购单待付款`,
          body: `订单 ${shown}${group.order_nos.length > 3 ? ' 等' : ''}的1688采购单下单后仍未付款，供应商不会发货。请在代发订单中勾选后批量付款，或开启自动付款。`,
          link: orderExceptionLink('unpaid'),
        },
        nowS,
      );
    }
  }

  /** One purchase: answers whether the order was shipped. */
  private async follow(connector: AlibabaConnector, purchase: PolledPurchase): Promise<boolean> {
    const { db } = this.deps;
    const view = await withSupplierToken(this.deps, connector, purchase.account_id, (token) =>
      connector.order(token, purchase.supplier_order_no),
    );
    const nowS = seconds(this.deps.now);
    if (view.status === 'cancel' || view.status === 'terminated') {
      // Cancelled by Consign for an after-sale (an answer lost, or seen before it was recorded), or by
      // the supplier.
      if (purchase.cancel_sent_at !== null) await this.afterSaleCancelled(purchase);
      else await this.supplierCancelled(purchase);
      return false;
    }
    const unpaid = UNPAID_STATUSES.has(view.status);
    const afterSale = (await afterSaleRefusal(db, purchase.account_id, purchase.order_id)) !== null;
    if (afterSale && unpaid) {
      await this.cancelForAfterSale(connector, purchase);
      return false;
    }
    if (!unpaid && purchase.cancel_sent_at !== null) {
      // Paid before our cancellation reached 1688: not ours to cancel any more.
      await updateHeld(db, FOLLOW_UP_QUEUE, purchase, 'cancel_sent_at = NULL');
    }
    // The payment, seen on 1688 whoever made it (自动付款, 批量付款 on the cashier, 1688 itself).
    if (purchase.pay_status !== 'paid' && !unpaid) {
      await recordPayment(db, purchase.id, { paid: true, message: null }, nowS);
    }
    // Paid with an after-sale open and not shipped: 需拦截, told once.
    if (afterSale && !unpaid && view.logistics.length === 0) {
      await interceptPaid(db, purchase.account_id, purchase.order_id, nowS);
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
      await updateHeld(db, FOLLOW_UP_QUEUE, purchase, 'last_error = $1, updated_at = $2', [
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
