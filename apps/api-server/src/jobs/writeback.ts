import { CARRIERS, carrierOf } from '@consign/api-client';
import { apiRoutes, auditAction, BACKGROUND_ACTIONS } from '@consign/api-client/contract';
import type { Db, Queryable } from '../db/db';
import { notifyOrderExceptions } from '../db/exception-notifications';
import { logOrderFailure } from '../db/log';
import { type ClaimedWriteback, claimWriteback, finishWriteback, releaseRetries } from '../db/writeback';
import type { Logger } from '../log';
import {
  PLATFORM_NAMES,
  type PlatformCarrier,
  type PlatformCode,
  type PlatformConnector,
  PlatformError,
} from '../platforms/connector';
import type { ConnectorFor, ShopCalls } from '../platforms/shop-calls';
import { backoffMs } from './queue';
import type { Job, JobKind } from './runner';

export type { ConnectorFor } from '../platforms/shop-calls';

export interface WritebackJobsOptions {
  /** Writebacks sent at once by this process. Default 4. */
  concurrency?: number;
  /** While nothing is due, how often to look again (retries fall due with time). Default 2000 ms. */
  pollMs?: number;
  /** How long a claim may take before another process may take the writeback over. Default 120 s. */
  leaseMs?: number;
  /** The first retry's delay after a retryable failure; doubled per attempt. Default 5 s. */
  retryBaseMs?: number;
  /** The longest delay between two attempts. Default 10 minutes. */
  retryMaxMs?: number;
  /** How long a platform's carrier list is kept. Default 1 hour. */
  carriersTtlMs?: number;
}

/**
 * Each of our carriers (`CARRIERS`) as the platforms code it: 拼多多 uses upper-case codes (`SF`, `ZTO`),
 * 抖店 pinyin (`shunfeng`, `zhongtong`). A platform carrier matches by one of these codes (any case) or,
 * failing that, by the short name (顺丰, 中通…) at the start of its name.
 */
const PLATFORM_CARRIER_CODES: Record<string, { codes: string[]; name: string }> = {
  SF: { codes: ['SF', 'shunfeng'], name: '顺丰' },
  ZTO: { codes: ['ZTO', 'zhongtong'], name: '中通' },
  YTO: { codes: ['YTO', 'yuantong'], name: '圆通' },
  YUNDA: { codes: ['YUNDA', 'YD', 'yunda'], name: '韵达' },
  STO: { codes: ['STO', 'shentong'], name: '申通' },
  JT: { codes: ['JTSD', 'JT', 'jtexpress', 'jitu'], name: '极兔' },
  EMS: { codes: ['EMS', 'ems', 'youzhengguonei'], name: 'EMS' },
  JD: { codes: ['JD', 'jd', 'jingdong'], name: '京东' },
};

/** The platform's own carrier for our carrier code, or undefined when it has none. */
export function platformCarrierOf(
  ours: string,
  theirs: readonly PlatformCarrier[],
): PlatformCarrier | undefined {
  const known = PLATFORM_CARRIER_CODES[ours];
  if (!known) return undefined;
  const codes = new Set(known.codes.map((code) => code.toLowerCase()));
  return (
    theirs.find((carrier) => codes.has(carrier.code.toLowerCase())) ??
    theirs.find((carrier) => carrier.name.startsWith(known.name))
  );
}

/**
 * 操作日志: a writeback that ended 回传失败, with the reason the order shows (the platform's refusal).
 * Under whoever asked for it by 重新回传, else 发货回传 by 系统 (queued by the 发货 step).
 */
function logFailedWriteback(tx: Queryable, claim: ClaimedWriteback, reason: string, atS: number) {
  const retried = claim.requested_by !== null;
  return logOrderFailure(tx, {
    accountId: claim.account_id,
    userId: claim.requested_by,
    action: retried ? auditAction('/api/order/writeback-retry') : BACKGROUND_ACTIONS.writeback.action,
    actionLabel: retried
      ? (apiRoutes['/api/order/writeback-retry'].audit ?? '')
      : BACKGROUND_ACTIONS.writeback.label,
    orderId: claim.order_id,
    before: { writeback: 'sending' },
    after: { writeback: 'failed' },
    at: atS,
    failure: reason,
  });
}

/** A writeback that cannot be sent as it is: 回传失败 with this message (重新回传 once fixed). */
class CannotSend extends Error {}

/**
 * A platform is taken as down after this many retryable failures in a row on it in this process, with
 * no answer from it in between, over at least this long. The first writeback it then answers releases
 * the retries of the outage (`releaseRetries`). The bounds keep a few writebacks that fail on their own
 * (a platform error for one order) from being released again by every success around them.
 */
export const PLATFORM_DOWN = { failures: 3, seconds: 30 } as const;

/**
 * The `writeback` job kind (发货回传): claims due writebacks (db/writeback.ts `claimWriteback`: `FOR
 * UPDATE SKIP LOCKED` and a lease, committed before the platform is called) and sends each through its
 * platform's connector: the shop's tokens (platforms/shop-calls.ts: refreshed when expired), our carrier mapped
 * to the platform's own (`connector.carriers`, cached), then `connector.ship`.
 *
 * - retryable failures (rate limit, platform errors, timeouts, garbage) are retried with exponential
 *   backoff (`retryBaseMs` doubled per attempt, at most `retryMaxMs`, ±20 % jitter), for as long as it
 *   takes; the order shows 回传中 with the reason;
 * - an expired token is refreshed once and the call repeated; a refused refresh is 回传失败
 *   (授权已失效, 请重新授权);
 * - a refusal of the platform (business, invalid) and a carrier the platform does not know are 回传失败
 *   with the platform's message;
 * - a claim that may repeat an attempt that reached the platform (its lease ran out after a crash, or an
 *   earlier attempt failed) first asks the platform (`orderDetail`): shipped with this tracking number
 *   means it landed, and nothing is sent again. A refusal "already shipped" is checked the same way;
 * - after an outage of the platform (`PLATFORM_DOWN`), its first answer makes the writebacks that
 *   failed during it due at once (`platformHealth`).
 */
export class WritebackJobs implements JobKind {
  readonly name = 'writeback';
  readonly concurrency: number;
  readonly pollMs: number;
  readonly #leaseMs: number;
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  readonly #carriersTtlMs: number;
  readonly #carriers = new Map<PlatformCode, { at: number; list: Promise<PlatformCarrier[]> }>();
  /** Per platform, the retryable failures in a row in this process and when the first came (s). */
  readonly #failing = new Map<string, { failures: number; sinceS: number }>();

  constructor(
    private readonly db: Db,
    private readonly shops: ShopCalls,
    private readonly connectorFor: ConnectorFor,
    private readonly now: () => number,
    private readonly log: Logger,
    options: WritebackJobsOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.pollMs = options.pollMs ?? 2000;
    this.#leaseMs = options.leaseMs ?? 120_000;
    this.#retryBaseMs = options.retryBaseMs ?? 5000;
    this.#retryMaxMs = options.retryMaxMs ?? 600_000;
    this.#carriersTtlMs = options.carriersTtlMs ?? 3_600_000;
  }

  async claim(): Promise<Job | undefined> {
    const claimed = await claimWriteback(this.db, this.#leaseMs, this.seconds());
    return claimed && (() => this.send(claimed));
  }

  private seconds() {
    return Math.floor(this.now() / 1000);
  }

  /** Sends one claimed writeback and records its outcome. */
  async send(claim: ClaimedWriteback): Promise<void> {
    let error: unknown = null;
    const outcome = await this.attempt(claim).then(
      () => ({ status: 'succeeded' as const }),
      (thrown: unknown) => {
        error = thrown;
        return this.failure(claim, thrown);
      },
    );
    const at = this.seconds();
    // 回传失败 is logged in 操作日志 with the reason in the transaction that records it (once: the
    // attempt that ends failed; a retried attempt is not).
    const written = await this.db.transaction(async (tx) => {
      if (!(await finishWriteback(tx, claim, outcome, at))) return false;
      if (outcome.status === 'failed') await logFailedWriteback(tx, claim, outcome.message, at);
      return true;
    });
    if (!written) this.log.warn('writeback outcome not written: claimed again meanwhile', { id: claim.id });
    else if (outcome.status === 'failed') await this.notifyFailed(claim);
    await this.platformHealth(claim.platform, error, outcome.status === 'succeeded', at);
  }

  /**
   * Follows whether the platform answers: retryable failures in a row (its gateway down, throttling,
   * timeouts) mark it down; the first answer after `PLATFORM_DOWN` makes every writeback that failed
   * meanwhile due now, so that after an outage they land as fast as the queue sends them instead of
   * each waiting out its own backoff (up to `retryMaxMs` after the platform came back).
   */
  private async platformHealth(platform: string, error: unknown, succeeded: boolean, atS: number) {
    if (error instanceof PlatformError && error.retryable) {
      const failing = this.#failing.get(platform);
      if (failing) failing.failures += 1;
      else this.#failing.set(platform, { failures: 1, sinceS: atS });
      return;
    }
    // A refusal is an answer too; our own errors (the database, a carrier unknown) say nothing of it.
    if (!succeeded && !(error instanceof PlatformError)) return;
    const failing = this.#failing.get(platform);
    this.#failing.delete(platform);
    if (
      !failing ||
      failing.failures < PLATFORM_DOWN.failures ||
      atS - failing.sinceS < PLATFORM_DOWN.seconds
    ) {
      return;
    }
    const released = await releaseRetries(this.db, platform, failing.sinceS);
    if (released > 0) {
      this.log.info('platform back: retries released', { platform, released, failures: failing.failures });
    }
  }

  /**
   * 回传失败 tells the account through the bell: one notification per account for all its failed
   * writebacks (`N 个订单回传失败`, db/exception-notifications.ts), opening the 回传失败 view.
   */
  private async notifyFailed(claim: ClaimedWriteback) {
    await notifyOrderExceptions(this.db, claim.account_id, ['writeback_failed'], this.seconds());
  }

  private async attempt(claim: ClaimedWriteback): Promise<void> {
    const platform = claim.platform as PlatformCode;
    const name = PLATFORM_NAMES[platform] ?? claim.platform;
    const connector = PLATFORM_NAMES[platform] ? await this.connectorFor(platform) : null;
    if (!connector) throw new CannotSend(`${name}平台未启用或未配置，无法回传物流`);
    const tokens = await this.shops.tokens(claim.shop_id);
    if (!tokens) throw new CannotSend(`店铺未授权${name}，无法回传物流，请先授权店铺`);
    await this.shops.withToken(claim.shop_id, connector, tokens, async (token) => {
      if (claim.checkFirst && (await this.landed(connector, token, claim))) return;
      const carrier = await this.platformCarrier(connector, token, claim.carrier);
      try {
        await connector.ship(token, {
          orderNo: claim.platform_order_no,
          carrier,
          trackingNo: claim.tracking_no,
        });
      } catch (error) {
        // "Already shipped": by us (an attempt whose answer was lost), or by the seller on the platform.
        if (
          error instanceof PlatformError &&
          error.kind === 'business' &&
          (await this.landed(connector, token, claim))
        ) {
          return;
        }
        throw error;
      }
    });
  }

  /**
   * Whether the platform already has this shipment (the order shipped with our tracking number). An
   * order shipped there with another number cannot be written back: 回传失败 saying so.
   */
  private async landed(
    connector: PlatformConnector,
    token: string,
    claim: ClaimedWriteback,
  ): Promise<boolean> {
    const order = await connector.orderDetail(token, claim.platform_order_no);
    if (!order.shipment) return false;
    if (order.shipment.trackingNo.trim().toUpperCase() === claim.tracking_no) return true;
    throw new CannotSend(
      `${PLATFORM_NAMES[connector.platform]}上该订单已用其他运单号（${order.shipment.trackingNo}）发货，无法回传本单运单号`,
    );
  }

  /** The platform's carrier for our code (its list cached per platform); unknown: 回传失败. */
  private async platformCarrier(
    connector: PlatformConnector,
    token: string,
    ours: string,
  ): Promise<PlatformCarrier> {
    const cached = this.#carriers.get(connector.platform);
    let list: Promise<PlatformCarrier[]>;
    if (cached && performance.now() - cached.at < this.#carriersTtlMs) {
      list = cached.list;
    } else {
      list = connector.carriers(token);
      this.#carriers.set(connector.platform, { at: performance.now(), list });
      // A failed fetch is not kept.
      list.catch(() => this.#carriers.delete(connector.platform));
    }
    const carrier = platformCarrierOf(ours, await list);
    if (carrier) return carrier;
    const name = carrierOf(ours)?.name ?? CARRIERS.find((c) => c.code === ours)?.name ?? ours;
    throw new CannotSend(
      `${PLATFORM_NAMES[connector.platform]}不支持快递公司「${name}」，无法回传物流，请在${PLATFORM_NAMES[connector.platform]}后台手动发货`,
    );
  }

  /** What an attempt that threw becomes: retried later (retryable) or 回传失败. */
  private failure(claim: ClaimedWriteback, error: unknown) {
    if (error instanceof CannotSend) {
      return { status: 'failed' as const, message: error.message, platformMessage: '' };
    }
    if (error instanceof PlatformError) {
      const platformMessage = error.platformMessage || error.code;
      // A token still refused after a refresh is retried later, like a platform error.
      if (error.retryable || error.kind === 'token_expired') {
        return {
          status: 'pending' as const,
          message: error.message,
          platformMessage,
          retryInMs: this.backoff(claim),
        };
      }
      return { status: 'failed' as const, message: error.message, platformMessage };
    }
    // Ours (the database, a token sealed under another key): logged, and retried later.
    this.log.error('writeback attempt failed', { id: claim.id, error: String(error) });
    return {
      status: 'pending' as const,
      message: '回传暂时未成功，稍后自动重试',
      platformMessage: '',
      retryInMs: this.backoff(claim),
    };
  }

  /** The queue's backoff rule (jobs/queue.ts) from `retryBaseMs` up to `retryMaxMs`. */
  private backoff(claim: Pick<ClaimedWriteback, 'attempts'>): number {
    return backoffMs(claim.attempts, { baseMs: this.#retryBaseMs, capMs: this.#retryMaxMs });
  }
}
