import WebSocket from 'ws';
import type { Db } from '../db/db';
import { releaseLease, renewLeaseFor, takeLeaseFor } from '../db/lease';
import { recordEvents } from '../db/platform-events';
import type { Logger } from '../log';
import { PlatformError } from '../platforms/connector';
import { PddConnector } from '../platforms/pdd';
import {
  ackFrame,
  heartbeatFrame,
  PDD_HEARTBEAT_MS,
  type PmcMessage,
  parseFrame,
} from '../platforms/pdd-messages';
import type { ConnectorFor, ShopCalls } from '../platforms/shop-calls';
import { PLATFORM_EVENT_KIND } from './platform-events';
import type { Job, JobKind } from './runner';

/**
 * 拼多多 消息服务 (PMC), the connection's lifecycle (docs/design.md, "拼多多 消息服务"; the protocol is
 * platforms/pdd-messages.ts):
 *
 * - `pdd-permit` (a job kind of the runner): opens the message service of each authorised 拼多多 shop
 *   (`pdd.pmc.user.permit`), woken after an authorisation commits; a failure is logged and tried again
 *   after `PERMIT_RETRY_SECONDS` (never blocks the authorisation); `shops.pmc_permitted_at` remembers it.
 * - `PddMessageChannel`: one WebSocket per app across the instances of a database, held under a lease in
 *   `rate_limits` (`pdd-messages:<client_id>`, db/lease.ts) renewed while connected; another instance
 *   takes over within the lease time when the holder dies. Each message is recorded in platform_events
 *   (deduplicated by the frame id) and only then acked, so a message whose commit was lost comes again;
 *   the messages that arrive while a batch is being recorded are recorded together (one multi-row
 *   insert: on PGlite's one connection a transaction per message queued them up under a burst); the
 *   `platform-event` worker then reads and stores the order (in batches too). Heartbeats every 10 s;
 *   a lost connection is tried again after 1 s, doubling to 60 s, with jitter. Bad frames are logged and
 *   skipped; a connection silent for a whole heartbeat (no frame, no pong to a ping) is closed and
 *   tried again. Runs only while 拼多多's app is set up and at least one shop is permitted.
 */

export const PDD_PERMIT_KIND = 'pdd-permit';
/** The most messages recorded in one statement (a reconnection may bring thousands unacked at once). */
const RECORD_BATCH = 500;
/** How long a failed `pdd.pmc.user.permit` waits before the next attempt. */
export const PERMIT_RETRY_SECONDS = 300;

/** The lease key of an app's connection (read by db/shop.ts for 实时). */
export const pddMessageLeaseKey = (clientId: string) => `pdd-messages:${clientId}`;

export function pddPermitKind(deps: {
  db: Db;
  shops: ShopCalls;
  connectorFor: ConnectorFor;
  now: () => number;
  log: Logger;
  pollMs?: number;
}): JobKind {
  const { db, shops, connectorFor, now, log } = deps;
  const seconds = () => Math.floor(now() / 1000);
  return {
    name: PDD_PERMIT_KIND,
    concurrency: 1,
    pollMs: deps.pollMs ?? 30_000,
    async claim(): Promise<Job | undefined> {
      const connector = await connectorFor('pinduoduo');
      if (!(connector instanceof PddConnector)) return undefined;
      const nowS = seconds();
      // Taken by moving its next attempt on: another instance skips it, a crash retries it later.
      const [shop] = await db.query<{ id: number }>(
        `UPDATE shops SET pmc_permit_after = $1
         WHERE id = (
           SELECT id FROM shops
           WHERE platform = 'pinduoduo' AND pmc_permitted_at IS NULL AND pmc_permit_after <= $2
             AND auth_status = 'authorized' AND disabled_at IS NULL AND access_token_sealed IS NOT NULL
           ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [nowS + PERMIT_RETRY_SECONDS, nowS],
      );
      if (!shop) return undefined;
      return async () => {
        try {
          const tokens = await shops.tokens(shop.id);
          if (!tokens) return;
          await shops.withToken(shop.id, connector, tokens, (token) => connector.permitMessages(token));
          await db.query('UPDATE shops SET pmc_permitted_at = $2 WHERE id = $1', [shop.id, seconds()]);
          log.info('pdd message service permitted', { shopId: shop.id });
        } catch (error) {
          log.warn('pdd message service permit failed; tried again later', {
            shopId: shop.id,
            retryInS: PERMIT_RETRY_SECONDS,
            ...(error instanceof PlatformError
              ? { kind: error.kind, code: error.code, platformMessage: error.platformMessage }
              : { error: String(error) }),
          });
        }
      };
    },
  };
}

export interface PddMessageChannelOptions {
  /** While not connected, how often to look whether to connect (or take over). Default 5 s. */
  checkMs?: number;
  /** The connection's lease (renewed every third of it while connected). Default 30 s. */
  leaseSeconds?: number;
  heartbeatMs?: number;
  /** The first reconnect's delay, doubled per failure up to `backoffMaxMs`. Default 1 s / 60 s. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export class PddMessageChannel {
  readonly #checkMs: number;
  readonly #leaseSeconds: number;
  readonly #heartbeatMs: number;
  readonly #backoff: { baseMs: number; maxMs: number };
  #stopped = true;
  #timer: NodeJS.Timeout | null = null;
  #socket: WebSocket | null = null;
  #lease: { key: string; until: number } | null = null;
  #failures = 0;
  #live = false;
  /** The frames of the connection, handled one after another (acks in order). */
  #handling: Promise<void> = Promise.resolve();
  #ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      db: Db;
      connectorFor: ConnectorFor;
      now: () => number;
      log: Logger;
      wake: (kind: string) => void;
    },
    options: PddMessageChannelOptions = {},
  ) {
    this.#checkMs = options.checkMs ?? 5000;
    this.#leaseSeconds = options.leaseSeconds ?? 30;
    this.#heartbeatMs = options.heartbeatMs ?? PDD_HEARTBEAT_MS;
    this.#backoff = { baseMs: options.backoffBaseMs ?? 1000, maxMs: options.backoffMaxMs ?? 60_000 };
  }

  /** Whether this process holds the app's connection, open. */
  get live(): boolean {
    return this.#live;
  }

  start() {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Closes the connection and gives the lease back (another instance may take over at once). */
  async stop() {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#ticking;
    const socket = this.#socket;
    if (socket) {
      const closed = new Promise((done) => socket.once('close', done));
      socket.close(1000);
      await Promise.race([closed, new Promise((done) => setTimeout(done, 2000).unref())]);
      socket.terminate();
    }
    await this.#handling;
    await this.#giveBack();
  }

  #schedule(ms: number) {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#ticking = this.#tick();
    }, ms);
    this.#timer.unref?.();
  }

  async #tick() {
    const { db, connectorFor, log } = this.deps;
    try {
      const connector = await connectorFor('pinduoduo');
      if (this.#stopped) return;
      if (!(connector instanceof PddConnector) || !(await hasPermittedShop(db))) {
        return this.#schedule(this.#checkMs);
      }
      // On the database's clock, as 店铺设置's 实时 reads it (db/shop.ts).
      const key = pddMessageLeaseKey(connector.appKey);
      const until = await takeLeaseFor(db, key, this.#leaseSeconds);
      if (until === null) return this.#schedule(this.#checkMs);
      this.#lease = { key, until };
      if (this.#stopped) return await this.#giveBack();
      this.#connect(connector);
    } catch (error) {
      log.warn('pdd message channel check failed', { error: String(error) });
      this.#schedule(this.#checkMs);
    }
  }

  #connect(connector: PddConnector) {
    const { log } = this.deps;
    const appKey = connector.appKey;
    const socket = new WebSocket(connector.messageUrl(this.deps.now()), {
      handshakeTimeout: 10_000,
      maxPayload: 1024 * 1024,
    });
    this.#socket = socket;
    let heartbeat: NodeJS.Timeout | null = null;
    let renewal: NodeJS.Timeout | null = null;
    // Anything heard since the last heartbeat (a frame, a pong): a silent peer is a dead connection.
    let heard = true;
    socket.on('pong', () => {
      heard = true;
    });
    socket.on('open', () => {
      this.#failures = 0;
      this.#live = true;
      log.info('pdd message channel connected', { appKey });
      heartbeat = setInterval(() => {
        if (!heard) {
          log.warn('pdd message channel silent; reconnecting', { appKey });
          return socket.terminate();
        }
        heard = false;
        socket.ping();
        socket.send(heartbeatFrame(this.deps.now()));
      }, this.#heartbeatMs);
      renewal = setInterval(() => void this.#renew(socket), (this.#leaseSeconds * 1000) / 3);
    });
    // The messages received and not yet recorded: those that arrive while a batch is being recorded
    // make the next batch (one insert, one transaction), then are acked in order.
    let waiting: PmcMessage[] = [];
    socket.on('message', (data) => {
      heard = true;
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      const message = this.#message(appKey, text);
      if (!message) return;
      waiting.push(message);
      if (waiting.length > 1) return;
      this.#handling = this.#handling.then(() => {
        const batch = waiting;
        waiting = [];
        return this.#record(socket, appKey, batch);
      });
    });
    // The platform refused the connection (a wrong sign, an old timestamp): the status, never the URL.
    socket.on('unexpected-response', (_request, response) => {
      log.warn('pdd message channel refused', { appKey, status: response.statusCode });
      socket.terminate();
    });
    socket.on('error', (error) => log.warn('pdd message channel error', { appKey, error: error.message }));
    socket.on('close', (code) => {
      if (heartbeat) clearInterval(heartbeat);
      if (renewal) clearInterval(renewal);
      const wasLive = this.#live;
      this.#live = false;
      if (this.#socket === socket) this.#socket = null;
      if (this.#stopped) return;
      if (wasLive) log.warn('pdd message channel closed', { appKey, code });
      this.#failures += 1;
      const delay = Math.min(this.#backoff.maxMs, this.#backoff.baseMs * 2 ** (this.#failures - 1));
      // Given back only once the frames in hand are done (their acks went nowhere: they come again).
      void this.#handling
        .then(() => this.#giveBack())
        .finally(() => this.#schedule(delay * (0.5 + Math.random() / 2)));
    });
  }

  async #renew(socket: WebSocket) {
    const lease = this.#lease;
    if (!lease) return;
    try {
      const until = await renewLeaseFor(this.deps.db, lease.key, lease.until, this.#leaseSeconds);
      if (until !== null) {
        lease.until = until;
        return;
      }
      this.deps.log.warn('pdd message channel lease lost; closing', { key: lease.key });
      this.#lease = null;
      socket.terminate();
    } catch (error) {
      this.deps.log.warn('pdd message channel lease renewal failed', { error: String(error) });
    }
  }

  async #giveBack() {
    const lease = this.#lease;
    this.#lease = null;
    if (!lease) return;
    await releaseLease(this.deps.db, lease.key, lease.until).catch((error: unknown) =>
      this.deps.log.warn('pdd message channel lease not given back', { error: String(error) }),
    );
  }

  /** A frame's message, or null (a bad frame is logged and skipped; a heartbeat's answer is nothing). */
  #message(appKey: string, text: string): PmcMessage | null {
    const { log } = this.deps;
    const frame = parseFrame(text);
    if (typeof frame === 'string') {
      log.warn('pdd message frame skipped', { appKey, problem: frame, bytes: text.length });
      return null;
    }
    if (frame.kind === 'fail') log.warn('pdd message channel answered Fail', { appKey });
    return frame.kind === 'message' ? frame : null;
  }

  /** Messages received together: recorded in one statement, and acked only once that committed. */
  async #record(socket: WebSocket, appKey: string, messages: readonly PmcMessage[]) {
    const { db, log, now, wake } = this.deps;
    for (let from = 0; from < messages.length; from += RECORD_BATCH) {
      const batch = messages.slice(from, from + RECORD_BATCH);
      try {
        const added = await recordEvents(db, {
          platform: 'pinduoduo',
          appKey,
          events: batch.map((message) => ({
            msgId: message.id,
            tag: message.type,
            platformShopId: message.mallId,
            orderNo: message.orderNo,
            payload: { type: message.type, mallID: message.mallId, content: message.content },
          })),
          nowS: Math.floor(now() / 1000),
        });
        log.debug('pdd messages recorded', { appKey, messages: batch.length, added });
        if (added > 0) wake(PLATFORM_EVENT_KIND);
      } catch (error) {
        // Not acked: the platform sends them again.
        log.error('pdd message not recorded', {
          appKey,
          id: batch[0]?.id,
          messages: batch.length,
          error: String(error),
        });
        continue;
      }
      if (socket.readyState !== WebSocket.OPEN) return;
      for (const message of batch) socket.send(ackFrame(message, now()));
    }
  }
}

async function hasPermittedShop(db: Db): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM shops WHERE platform = 'pinduoduo' AND pmc_permitted_at IS NOT NULL
       AND auth_status = 'authorized' AND disabled_at IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}
