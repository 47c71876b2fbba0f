import { isLiveTopic, type LiveTopic } from '@consign/api-client';
import type { Db, Queryable } from '../db/db';

/**
 * Live pages (docs/design.md#live-pages): what changed, per account and topic, from the writes to the
 * open `/api/live/stream` streams of every instance. A write calls {@link publish} in its transaction; each
 * instance's {@link LiveHub} LISTENs on {@link LIVE_CHANNEL} and hands the change to the streams of
 * that account. Postgres carries the NOTIFY to every instance; PGlite (one process) to this one.
 */
export const LIVE_CHANNEL = 'consign_live';

export interface LiveChange {
  accountId: number;
  topic: LiveTopic;
}

/**
 * Tells the open pages of `accountId` that `topic` changed, once the transaction of `db` commits
 * (nothing if it rolls back). The payload names no record, and is the same for every change of one
 * account and topic, so the database delivers a transaction's many changes (a sync of 100 orders) once.
 */
export async function publish(db: Queryable, change: LiveChange): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [
    LIVE_CHANNEL,
    JSON.stringify({ a: change.accountId, t: change.topic }),
  ]);
}

/**
 * The topics a member's write through the API changed, by the operation log's target of its change
 * (`Change.target.type`): the `audit` middleware publishes them in the write's transaction, so a
 * colleague's open page reads again. A target not named here (settings, goods, team…) has no live page.
 */
const TOPICS_OF_TARGET: Readonly<Record<string, readonly LiveTopic[]>> = {
  order: ['orders'],
  // 同意退款 / 确认收到退货 change the order's refund state too.
  after_sale: ['after-sales', 'orders'],
  // 拉黑买家 marks the buyer's orders.
  blacklist: ['orders'],
  shop: ['shops'],
  shop_group: ['shops'],
  notification: ['notifications'],
};

/** A logged write that changes nothing a page shows: 查看完整收货信息 is only recorded as seen. */
const UNSEEN_CHANGES: ReadonlySet<string> = new Set(['/api/order/receiver-decrypt']);

/** Publishes what the write of `path`, logged with `change` in the transaction of `db`, changed in `accountId`. */
export async function publishWrite(
  db: Queryable,
  accountId: number,
  path: string,
  change: { target: { type: string } } | null,
): Promise<void> {
  if (!change || UNSEEN_CHANGES.has(path)) return;
  for (const topic of TOPICS_OF_TARGET[change.target.type] ?? []) await publish(db, { accountId, topic });
}

function parse(payload: string): LiveChange | null {
  try {
    const value = JSON.parse(payload) as { a?: unknown; t?: unknown };
    return Number.isSafeInteger(value.a) && isLiveTopic(value.t)
      ? { accountId: value.a as number, topic: value.t }
      : null;
  } catch {
    return null;
  }
}

export interface LiveOptions {
  /** At most one event per account and topic per this many ms (the last change of a burst still comes). Default 500. */
  coalesceMs?: number;
  /** Open streams per session (bearer token) in this instance, not across instances (docs/design.md#live-pages). Default 5. */
  streamsPerSession?: number;
  /** How often a stream sends its heartbeat comment and checks the session is still valid. Default 25 s. */
  heartbeatMs?: number;
}

type Listener = (topic: LiveTopic) => void;

/** One per instance: the LISTEN, the coalescing and the open streams. */
export class LiveHub {
  readonly coalesceMs: number;
  readonly streamsPerSession: number;
  readonly heartbeatMs: number;
  private readonly listeners = new Map<number, Set<Listener>>();
  /** Per `account:topic`: a window is open; `again` when a change came during it. */
  private readonly windows = new Map<string, { again: boolean }>();
  private readonly sessions = new Map<string, number>();
  private readonly closers = new Set<() => void>();
  private listening: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    options: LiveOptions = {},
  ) {
    this.coalesceMs = options.coalesceMs ?? 500;
    this.streamsPerSession = options.streamsPerSession ?? 5;
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
  }

  /** LISTENs (once, on the first stream): resolves when changes committed from now on will arrive. */
  start(): Promise<void> {
    this.listening ??= this.db
      .listen(LIVE_CHANNEL, (payload) => this.receive(payload))
      .then(
        (stop) => {
          this.stop = stop;
        },
        (error) => {
          this.listening = null;
          throw error;
        },
      );
    return this.listening;
  }

  /** Counts a stream of `session` in, or answers false past {@link streamsPerSession}. */
  admit(session: string): boolean {
    const open = this.sessions.get(session) ?? 0;
    if (this.closed || open >= this.streamsPerSession) return false;
    this.sessions.set(session, open + 1);
    return true;
  }

  release(session: string): void {
    const open = (this.sessions.get(session) ?? 1) - 1;
    if (open > 0) this.sessions.set(session, open);
    else this.sessions.delete(session);
  }

  /** Calls `listener` with each topic that changed in `accountId`; answers the unsubscribe. */
  subscribe(accountId: number, listener: Listener): () => void {
    let set = this.listeners.get(accountId);
    if (!set) {
      set = new Set();
      this.listeners.set(accountId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(accountId) === set) this.listeners.delete(accountId);
    };
  }

  /** Registers how to end a stream when the server closes; answers the deregistration. */
  onClose(close: () => void): () => void {
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  /** Ends every stream and stops listening (the server's close, before it waits for connections). */
  async close(): Promise<void> {
    this.closed = true;
    for (const close of [...this.closers]) close();
    this.closers.clear();
    await this.stop?.();
  }

  private receive(payload: string): void {
    const change = parse(payload);
    if (!change || !this.listeners.has(change.accountId)) return;
    const key = `${change.accountId}:${change.topic}`;
    const window = this.windows.get(key);
    if (window) {
      window.again = true;
      return;
    }
    this.deliver(change);
    this.openWindow(key, change);
  }

  /** The coalescing window: changes during it are sent once at its end, which opens the next. */
  private openWindow(key: string, change: LiveChange): void {
    const window = { again: false };
    this.windows.set(key, window);
    setTimeout(() => {
      this.windows.delete(key);
      if (!window.again) return;
      this.deliver(change);
      this.openWindow(key, change);
    }, this.coalesceMs).unref();
  }

  private deliver({ accountId, topic }: LiveChange): void {
    for (const listener of this.listeners.get(accountId) ?? []) listener(topic);
  }
}
