import type { Db, Queryable } from '../db/db';
import {
  type ClaimedEvent,
  claimEvents,
  type EventShop,
  followUpNow,
  shopOfEvent,
} from '../db/platform-events';
import { storePlatformOrders } from '../db/platform-order';
import type { Logger } from '../log';
import { ALIBABA_ORDER_MESSAGES, ALIBABA_PRODUCT_MESSAGES, productMessageOffers } from '../platforms/alibaba';
import { PLATFORM_NAMES, PlatformError, type PlatformOrder } from '../platforms/connector';
import { isDoudianOrderTag } from '../platforms/doudian';
import { staleOfferReads } from '../platforms/offer-reads';
import { isPddOrderTopic } from '../platforms/pdd-messages';
import type { ConnectorFor, ShopCalls } from '../platforms/shop-calls';
import { lookNow, MONITOR_KIND } from './monitor';
import { SUPPLIER_LOGISTICS_KIND } from './purchase';
import { backoffMs, finishJob, PLATFORM_EVENT_QUEUE } from './queue';
import type { Job, JobKind } from './runner';

export const PLATFORM_EVENT_KIND = 'platform-event';

export interface PlatformEventJobsOptions {
  /** Batches of events worked at once by this process. Default 4. */
  concurrency?: number;
  /**
   * The most events one claim takes (their orders read at once, stored in one transaction). Default 5:
   * at most `concurrency` × `batch` platform reads at once.
   */
  batch?: number;
  /** While nothing is due, how often to look again (retries fall due with time). Default 2000 ms. */
  pollMs?: number;
  /** How long a claim may take before another process may take the event over. Default 60 s. */
  leaseMs?: number;
  /** The first retry's delay after a platform error; doubled per attempt. Default 5 s. */
  retryBaseMs?: number;
  /** The longest delay between two attempts. Default 10 minutes. */
  retryMaxMs?: number;
  /** Attempts after which an event is given up (`failed`: the order sync still finds the order). Default 8. */
  maxAttempts?: number;
  /**
   * Wakes a job kind (`JobRunner.wake`): a 1688 order message wakes `supplier-logistics`, a product
   * message `monitor`.
   */
  wake?: (kind: string) => void;
}

/** How one attempt ended. */
type Outcome =
  | { status: 'done' | 'ignored' | 'failed'; error: string; accountId: number | null }
  | { status: 'pending'; error: string; accountId: number | null; retryInMs: number };

/** An order message whose order was read: stored with the others of its batch. */
type Read = { status: 'read'; shop: EventShop; order: PlatformOrder };

/**
 * The `platform-event` job kind: works off the platforms' pushed messages (db/platform-events.ts,
 * recorded by routes/platform-events.ts) on the one queue (jobs/queue.ts: claimed under a lease,
 * outcomes fenced by the claim). A message is a hint, never the data: for an order message the order
 * is read from the platform's API (`connector.orderDetail`, with the shop's token through
 * platforms/shop-calls.ts) and stored as the order sync stores it (`storePlatformOrders`: keyed by shop
 * and platform order number, an older version changes nothing), so a message seen twice, or one the
 * sync already covered, changes nothing.
 *
 * - not an order message, or a shop not ours (or not authorised, or disabled), or the platform not set
 *   up: `ignored`, with why;
 * - a retryable platform failure (rate limit, server, network) or a token still refused after a
 *   refresh: due again after the queue's backoff, `failed` after `maxAttempts` (the sync's next run
 *   reads the order anyway); a refusal of the platform: `failed` with its message;
 * - our own errors (the database): logged and retried like a platform failure.
 */
export class PlatformEventJobs implements JobKind {
  readonly name = PLATFORM_EVENT_KIND;
  readonly concurrency: number;
  readonly pollMs: number;
  readonly #batch: number;
  /** The last claim took fewer than a batch: nothing more is due until a wake or the poll. */
  #drained = false;
  readonly #leaseMs: number;
  readonly #retry: { baseMs: number; capMs: number };
  readonly #maxAttempts: number;
  readonly #wake: (kind: string) => void;

  constructor(
    private readonly db: Db,
    private readonly shops: ShopCalls,
    private readonly connectorFor: ConnectorFor,
    private readonly now: () => number,
    private readonly log: Logger,
    options: PlatformEventJobsOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.pollMs = options.pollMs ?? 2000;
    this.#batch = Math.max(1, options.batch ?? 5);
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#retry = { baseMs: options.retryBaseMs ?? 5000, capMs: options.retryMaxMs ?? 600_000 };
    this.#maxAttempts = options.maxAttempts ?? 8;
    this.#wake = options.wake ?? (() => {});
  }

  async claim(): Promise<Job | undefined> {
    const claimed = await claimEvents(this.db, this.#leaseMs, this.#batch);
    this.#drained = claimed.length < this.#batch;
    return claimed.length > 0 ? () => this.work(claimed) : undefined;
  }

  drained(): boolean {
    return this.#drained;
  }

  /**
   * Works claimed events: each one's order read from its platform (at once), then the orders read
   * stored and every outcome written in one transaction (on PGlite's one connection, a transaction per
   * event queued them up under a burst). If that transaction fails, each event is stored in its own, so
   * one bad order holds no other back. Outcomes are fenced by each claim.
   */
  async work(events: readonly ClaimedEvent[]): Promise<void> {
    const attempts = await Promise.all(
      events.map((event) => this.attempt(event).catch((error: unknown) => this.failure(event, error))),
    );
    const batch = events.map((event, i) => ({ event, attempt: attempts[i] as Outcome | Read }));
    try {
      await this.db.transaction((tx) => this.store(tx, batch));
    } catch (error) {
      if (batch.length > 1) this.log.warn('platform events stored one by one', { error: String(error) });
      for (const one of batch) {
        await this.db
          .transaction((tx) => this.store(tx, [one]))
          .catch((failure: unknown) => this.finish(this.db, one.event, this.failure(one.event, failure)));
      }
    }
  }

  /** In one transaction: the orders read (by shop), then every event's outcome. */
  private async store(tx: Queryable, batch: readonly { event: ClaimedEvent; attempt: Outcome | Read }[]) {
    const nowS = this.seconds();
    const byShop = new Map<number, { shop: EventShop; orders: PlatformOrder[] }>();
    for (const { attempt } of batch) {
      if (attempt.status !== 'read') continue;
      const entry = byShop.get(attempt.shop.id) ?? { shop: attempt.shop, orders: [] };
      entry.orders.push(attempt.order);
      byShop.set(attempt.shop.id, entry);
    }
    for (const { shop, orders } of byShop.values()) await storePlatformOrders(tx, shop, orders, nowS);
    for (const { event, attempt } of batch) {
      await this.finish(
        tx,
        event,
        attempt.status === 'read'
          ? { status: 'done', error: '', accountId: attempt.shop.accountId }
          : attempt,
      );
    }
  }

  /** Records an event's outcome (fenced by its claim). */
  private async finish(db: Queryable, event: ClaimedEvent, outcome: Outcome): Promise<void> {
    const written = await finishJob(db, PLATFORM_EVENT_QUEUE, event, {
      status: outcome.status,
      retryInMs: outcome.status === 'pending' ? outcome.retryInMs : undefined,
      set: 'last_error = $1, account_id = COALESCE($2, account_id), processed_at = $3',
      params: [outcome.error, outcome.accountId, outcome.status === 'pending' ? null : this.seconds()],
    });
    if (!written)
      this.log.warn('platform event outcome not written: claimed again meanwhile', { id: event.id });
  }

  private seconds() {
    return Math.floor(this.now() / 1000);
  }

  /** Reads the order an event names (stored by `store`), or the event's outcome without one. */
  private async attempt(event: ClaimedEvent): Promise<Outcome | Read> {
    const ignored = (error: string, accountId: number | null = null): Outcome => ({
      status: 'ignored',
      error,
      accountId,
    });
    if (event.platform === 'alibaba') return this.supplierMessage(event);
    const orderMessage =
      event.platform === 'douyin' ? isDoudianOrderTag(event.tag) : isPddOrderTopic(event.tag);
    if (!orderMessage || !event.order_no) {
      return ignored('不是订单消息');
    }
    const shop = await shopOfEvent(this.db, event.platform, event.platform_shop_id);
    if (!shop) return ignored('店铺不在本系统');
    if (!shop.usable) return ignored('店铺未授权或已停用', shop.accountId);
    const connector = await this.connectorFor(event.platform);
    if (!connector) return ignored(`${PLATFORM_NAMES[event.platform]}未启用`, shop.accountId);
    const tokens = await this.shops.tokens(shop.id);
    if (!tokens) return ignored('店铺未授权', shop.accountId);
    const order = await this.shops.withToken(shop.id, connector, tokens, (token) =>
      connector.orderDetail(token, event.order_no),
    );
    // A message of another shop's order (a mix-up of the platform's) is not stored under this shop.
    if (order.orderNo !== event.order_no) return ignored('订单号不符', shop.accountId);
    return { status: 'read', shop, order };
  }

  /**
   * A 1688 order message (docs/design.md#1688-order-messages): a hint, never the data. The placed
   * purchase of that 1688 order, bought by the member the message names, is due for its follow-up now
   * (jobs/purchase.ts `SupplierLogisticsJobs`, which reads the order from 1688 and ships, cancels or
   * waits), and that job is woken: a shipment reaches the order in seconds rather than at the next look.
   */
  private async supplierMessage(event: ClaimedEvent): Promise<Outcome> {
    if (ALIBABA_PRODUCT_MESSAGES.has(event.tag)) return this.productMessage(event);
    if (!ALIBABA_ORDER_MESSAGES.has(event.tag) || !event.order_no) {
      return { status: 'ignored', error: '不是订单消息', accountId: null };
    }
    const accountId = await followUpNow(this.db, event.order_no, event.platform_shop_id);
    if (accountId === null) return { status: 'ignored', error: '不是本系统待跟进的采购单', accountId: null };
    this.#wake(SUPPLIER_LOGISTICS_KIND);
    return { status: 'done', error: '', accountId };
  }

  /**
   * A 1688 product message (docs/design.md#1688-product-messages): a hint, never the data. The kept
   * reads of the offers it names are stale (the next read goes to 1688), and every 已发布 listing that
   * follows one of them, of the accounts connected with the member `userInfo` names, is due for its
   * 货源监控 look now (jobs/monitor.ts `lookNow`), and that job is woken: a supplier's change reaches
   * the listing in seconds rather than at its next look.
   */
  private async productMessage(event: ClaimedEvent): Promise<Outcome> {
    const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
    const offerIds = productMessageOffers(payload);
    if (offerIds.length === 0) return { status: 'ignored', error: '消息未指明商品', accountId: null };
    await staleOfferReads(this.db, offerIds);
    const accounts = await lookNow(this.db, offerIds, event.platform_shop_id);
    if (accounts.length === 0) return { status: 'ignored', error: '不是本系统监控的货源', accountId: null };
    this.#wake(MONITOR_KIND);
    return { status: 'done', error: '', accountId: accounts[0] ?? null };
  }

  /** What an attempt that threw becomes: retried after the backoff, or given up. */
  private failure(event: ClaimedEvent, error: unknown): Outcome {
    const retry = (message: string): Outcome =>
      event.attempts >= this.#maxAttempts
        ? { status: 'failed', error: message, accountId: null }
        : {
            status: 'pending',
            error: message,
            accountId: null,
            retryInMs: backoffMs(event.attempts, this.#retry),
          };
    if (error instanceof PlatformError) {
      this.log.warn('platform event attempt failed', {
        id: event.id,
        kind: error.kind,
        code: error.code,
        platformMessage: error.platformMessage,
      });
      if (error.retryable || error.kind === 'token_expired') return retry(error.message);
      return { status: 'failed', error: error.message, accountId: null };
    }
    this.log.error('platform event attempt failed', { id: event.id, error: String(error) });
    return retry('处理消息时出错，稍后自动重试');
  }
}
