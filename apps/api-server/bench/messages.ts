/**
 * The platform message benches (`pnpm --filter @consign/api-server bench:messages`): orders arriving by
 * 拼多多 消息服务 (docs/design.md, "拼多多 消息服务"), on PGlite in memory, or on Postgres with
 * `DATABASE_URL=` an empty database (`node scripts/with-postgres.mjs` sets `TEST_DATABASE_URL`). One
 * server (`startServer`, production timings of the message channel, the `platform-event` worker and
 * the order sync unless named below) in this process, and the 拼多多 sandbox served on a loopback port
 * (its gateway and its message WebSocket). BENCH_SHOPS (1,000) shops of the demo account are
 * authorised and permitted through the sandbox (codes exchanged, `pdd.pmc.user.permit` called), their
 * sync due at spread times within the fallback interval as in a running system. Not a timed test: it
 * prints what it measured, with the load average.
 *
 * `BENCH_MODE=stream` (default): BENCH_RATE (10) orders a second, each in a random shop, for
 * BENCH_SECONDS (60). Per order, from the sandbox's send time (the `sendTime` of its frame: the moment
 * it is placed, as the sandbox sends at once) to
 * - its row in the database (`orders` polled every 100 ms);
 * - an open 代发订单 page: the owner's `/api/live/stream` (read here as the admin reads it: a signed
 *   POST read with fetch) delivers `orders`, upon which the page's read is made (`/api/order/index`,
 *   page 1 of 20 as the page's default; an event arriving while a read is out reads again after it, as
 *   React Query's invalidation does); the time is when the first read that lists the order answered.
 *   No browser: the page's render is not in the figure.
 * Also: rows per platform order (exactly one each) and messages acked.
 *
 * `BENCH_MODE=cut`: the same stream, and BENCH_CUT_START (30) seconds in the message connection is
 * cut for BENCH_CUT_SECONDS (600): the sandbox drops the connection and refuses every new one, and the
 * messages of the orders placed meanwhile are lost (the platform never sends them: the harder case;
 * `BENCH_CUT_LOSE=0` keeps them, to be sent when the connection is back). The order sync, the safety
 * net, runs every BENCH_FALLBACK_SECONDS (default 300: production's `SHOP_SYNC_FALLBACK_SECONDS` and the
 * account's shortest 订单同步间隔, 5 minutes; set as the sync's `everySeconds`, 60 at least), in real
 * time: no clock is faked. It measures when the last order placed
 * during the cut is in the database, counted from the end of the cut (the target: within one fallback
 * interval), how long the connection took to come back, and the rows per platform order (none twice).
 */
import { performance } from 'node:perf_hooks';
import { createApiClient, type Order } from '@consign/api-client';
import { createNonce, signPayload, unixSeconds } from '@consign/api-client/sign';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes';
import { type SandboxChange, type SandboxOrder, serveSandbox } from '@consign/platform-sandboxes/core';
import { storeShopTokens } from '../src/db/shop-tokens';
import { PddConnector } from '../src/platforms/pdd';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import {
  BENCH_SECRET,
  benchSeller,
  DATABASE_URL,
  load,
  percentile,
  STORAGE,
  seconds,
  pause as sleep,
  startBenchServer,
} from './bench-kit';

const MODE = process.env.BENCH_MODE ?? 'stream';
const SHOPS = Number(process.env.BENCH_SHOPS ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CUT_START = Number(process.env.BENCH_CUT_START ?? 30);
const CUT_SECONDS = Number(process.env.BENCH_CUT_SECONDS ?? 600);
const CUT_LOSE = process.env.BENCH_CUT_LOSE !== '0';
const FALLBACK = Number(process.env.BENCH_FALLBACK_SECONDS ?? 300);
const SYNC = process.env.BENCH_SYNC !== '0';
const ACCOUNT = 1;

/**
 * BENCH_PROFILE=1 (PGlite): where the one database thread's time goes. PGlite runs each protocol
 * message synchronously (`execProtocolRawSync`); the time in it is summed per statement (the SQL of the
 * last Parse message, its first words), and printed with the thread's utilisation over the stream.
 */
const PROFILE = process.env.BENCH_PROFILE === '1';
const sqlTime = new Map<string, { ms: number; calls: number }>();
async function profilePglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  const proto = PGlite.prototype as unknown as { execProtocolRawSync: (message: Uint8Array) => Uint8Array };
  const original = proto.execProtocolRawSync;
  let current = '(other)';
  proto.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
    // A Parse message: 'P', length, statement name (C string), the SQL (C string).
    if (message[0] === 0x50) {
      const nameEnd = message.indexOf(0, 5);
      const sqlEnd = message.indexOf(0, nameEnd + 1);
      current = Buffer.from(message.subarray(nameEnd + 1, sqlEnd))
        .toString('utf8')
        .replace(/\s+/g, ' ')
        .slice(0, 90);
    } else if (message[0] === 0x51) current = 'simple query (BEGIN/COMMIT/exec)';
    const began = performance.now();
    try {
      return original.call(this, message);
    } finally {
      const entry = sqlTime.get(current) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - began;
      entry.calls += 1;
      sqlTime.set(current, entry);
    }
  };
}
const topSql = () =>
  [...sqlTime]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 25)
    .map(([sql, { ms, calls }]) => `${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(6)}x  ${sql}`)
    .join('\n');

const summary = (values: number[]) => ({
  count: values.length,
  p50: seconds(percentile(values, 50)),
  p99: seconds(percentile(values, 99)),
  max: seconds(percentile(values, 100)),
});

/** The 拼多多 sandbox whose message service can be cut: no connection, and (optionally) no message. */
class CuttableSandbox extends PddSandbox {
  cut = false;
  loseWhileCut = true;
  protected override changed(order: SandboxOrder, change: SandboxChange) {
    if (this.cut && this.loseWhileCut) return;
    super.changed(order, change);
  }
}

async function main() {
  if (PROFILE && !DATABASE_URL) await profilePglite();
  const sandbox = new CuttableSandbox({ apps: [PDD_SANDBOX_APP], seedOrders: 0, rateLimit: 1_000_000 });
  sandbox.loseWhileCut = CUT_LOSE;
  const served = await serveSandbox({
    fetch: (request: Request) => sandbox.fetch(request),
    upgrade: (request, socket, head) => {
      if (sandbox.cut) socket.destroy();
      else sandbox.upgrade(request, socket, head);
    },
  });
  const connector = new PddConnector({ app: PDD_SANDBOX_APP, endpoints: PddSandbox.endpoints(served.url) });
  let warnings = 0;
  const server = await startBenchServer({
    logWrite: (line, isError) => {
      warnings += 1;
      if (isError) process.stderr.write(`${line}\n`);
    },
    purchaseJobs: false,
    writebackJobs: false,
    platformConnector: async (code) => (code === 'pinduoduo' ? connector : null),
    // BENCH_SYNC=0: no order sync (to see what the safety net's load costs the messages).
    // Every shop every FALLBACK seconds whatever its account's 订单同步间隔 (whose shortest, 5 minutes,
    // is the production default; `fallbackSeconds` alone cannot go below it).
    shopSync: SYNC ? { fallbackSeconds: FALLBACK, everySeconds: FALLBACK } : false,
  });
  const { db } = server;
  try {
    // The shops: authorised, permitted, synced up to 3 minutes ago, next sync spread over the interval.
    const prepared = performance.now();
    const box = new SecretBox(DEV_DATA_KEY);
    const nowS = Math.floor(Date.now() / 1000);
    const platformIds: string[] = [];
    for (let i = 0; i < SHOPS; i++) {
      const platformShopId = String(810_000 + i);
      sandbox.shops.push({ shopId: platformShopId, shopName: `消息压测店铺${i}` });
      const code = sandbox.issueCode(PDD_SANDBOX_APP.clientId, platformShopId, 'http://127.0.0.1/back');
      const auth = await connector.exchangeCode(code);
      await connector.permitMessages(auth.accessToken);
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO shops (name, platform, auth_status, auth_expires_at, created_at, account_id, platform_shop_id,
           sync_due_at, sync_cursor, pmc_permitted_at)
         VALUES ($1, 'pinduoduo', 'authorized', $2, $3, $4, $5, $6, $7, $3) RETURNING id`,
        [auth.shopName, auth.expiresAt, nowS, ACCOUNT, auth.shopId, nowS + (i % FALLBACK), nowS - 180],
      );
      if (!row) throw new Error('no shop');
      await storeShopTokens(db, box, row.id, auth);
      platformIds.push(platformShopId);
    }
    // Due from now on (not from when preparing began), spread over the interval as in a running system.
    const startS = Math.floor(Date.now() / 1000);
    await db.query(
      'UPDATE shops SET sync_due_at = $1 + (id % $2), sync_cursor = $1 - 180 WHERE platform_shop_id = ANY($3::text[])',
      [startS, FALLBACK, platformIds],
    );
    const channel = server.pddMessages;
    if (!channel) throw new Error('the server runs no 拼多多 message channel');
    const connectedBy = Date.now() + 60_000;
    while (!channel.live && Date.now() < connectedBy) await sleep(50);
    if (!channel.live) throw new Error('the message channel did not connect');
    console.log(
      `prepared ${SHOPS} shops in ${((performance.now() - prepared) / 1000).toFixed(1)} s (${STORAGE}), load ${load()}`,
    );

    const [last] = await db.query<{ id: number }>('SELECT COALESCE(max(id), 0)::int AS id FROM orders');
    const baseline = last?.id ?? 0;
    const placedAt = new Map<string, number>();
    const storedAt = new Map<string, number>();
    /** When each order's message was recorded (platform_events), the step before the worker. */
    const recordedAt = new Map<string, number>();
    const [lastEvent] = await db.query<{ id: number }>(
      'SELECT COALESCE(max(id), 0)::int AS id FROM platform_events',
    );
    const eventBaseline = lastEvent?.id ?? 0;
    const pageAt = new Map<string, number>();

    // The owner's open 代发订单 page: its live stream, and the read each `orders` event causes.
    const { token } = await benchSeller(server);
    const api = createApiClient({
      baseURL: server.url,
      secret: BENCH_SECRET,
      getToken: () => token,
      timeout: 60_000,
    });
    const live = new AbortController();
    const body = { nonce: createNonce(), ts: unixSeconds() };
    const response = await fetch(`${server.url}/api/live/stream`, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        'cache-key': signPayload(body, BENCH_SECRET),
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
      signal: live.signal,
    });
    if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
    let liveEvents = 0;
    let reads = 0;
    let reading: Promise<void> | null = null;
    let again = false;
    const readPage = async () => {
      do {
        again = false;
        reads += 1;
        const page = await api.call('/api/order/index', { pageIndex: 1, pageSize: 20 });
        const at = Date.now();
        for (const order of page.list as Order[]) {
          const no = order.platform_order_no ?? '';
          if (placedAt.has(no) && !pageAt.has(no)) pageAt.set(no, at);
        }
      } while (again);
    };
    const onOrders = () => {
      liveEvents += 1;
      if (reading) {
        again = true;
        return;
      }
      reading = readPage()
        .catch((error: unknown) => console.error('page read failed', error))
        .finally(() => {
          reading = null;
        });
    };
    const streaming = (async () => {
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.split('\n').includes('event: orders')) onOrders();
        }
      }
    })();

    // The database, polled.
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const rows = await db.query<{ platform_order_no: string }>(
          'SELECT platform_order_no FROM orders WHERE id > $1',
          [baseline],
        );
        const at = Date.now();
        for (const row of rows)
          if (!storedAt.has(row.platform_order_no)) storedAt.set(row.platform_order_no, at);
        const events = await db.query<{ order_no: string }>(
          "SELECT order_no FROM platform_events WHERE id > $1 AND platform = 'pinduoduo'",
          [eventBaseline],
        );
        for (const event of events) if (!recordedAt.has(event.order_no)) recordedAt.set(event.order_no, at);
        await sleep(100);
      }
    })();

    // The orders: RATE a second, each in a random shop; the cut, in its mode.
    sqlTime.clear();
    const elu = performance.eventLoopUtilization();
    const began = Date.now();
    const cutFrom = MODE === 'cut' ? began + CUT_START * 1000 : Number.POSITIVE_INFINITY;
    const cutUntil = cutFrom + CUT_SECONDS * 1000;
    const placeUntil = MODE === 'cut' ? cutUntil + CUT_START * 1000 : began + SECONDS * 1000;
    const duringCut = new Set<string>();
    let cutEndedAt = 0;
    let reconnectedAt = 0;
    let next = began;
    let lastReport = began;
    while (Date.now() < placeUntil) {
      const now = Date.now();
      if (!sandbox.cut && now >= cutFrom && now < cutUntil) {
        sandbox.cut = true;
        sandbox.dropMessageConnections();
        console.log(`cut at ${Math.round((now - began) / 1000)} s for ${CUT_SECONDS} s, load ${load()}`);
      }
      if (sandbox.cut && now >= cutUntil) {
        sandbox.cut = false;
        cutEndedAt = now;
        console.log(`cut ended at ${Math.round((now - began) / 1000)} s, load ${load()}`);
      }
      if (cutEndedAt && !reconnectedAt && channel.live) reconnectedAt = now;
      if (now - lastReport >= 30_000) {
        lastReport = now;
        console.log(
          `${Math.round((now - began) / 1000)} s: ${placedAt.size} placed, ${storedAt.size} stored, load ${load()}`,
        );
      }
      while (next <= now) {
        const shop = platformIds[Math.floor(Math.random() * platformIds.length)] as string;
        const order = sandbox.placeOrder(shop);
        placedAt.set(order.orderNo, Date.now());
        if (sandbox.cut) duringCut.add(order.orderNo);
        next += 1000 / RATE;
      }
      await sleep(Math.max(1, next - Date.now()));
    }
    const placingEnded = Date.now();
    if (PROFILE) {
      const used = performance.eventLoopUtilization(elu);
      const inDb = [...sqlTime.values()].reduce((sum, e) => sum + e.ms, 0);
      console.log(
        `while placing: event loop ${(used.utilization * 100).toFixed(0)} % busy, in PGlite ${((inDb / (placingEnded - began)) * 100).toFixed(0)} % of the time\n${topSql()}`,
      );
    }
    // Drained: every order stored and on the page, or BENCH_DRAIN_SECONDS (fallback + 120 s).
    const drainUntil = placingEnded + Number(process.env.BENCH_DRAIN_SECONDS ?? FALLBACK + 120) * 1000;
    while (Date.now() < drainUntil && (storedAt.size < placedAt.size || pageAt.size < placedAt.size)) {
      if (cutEndedAt && !reconnectedAt && channel.live) reconnectedAt = Date.now();
      // An order missed on the page (fallen off page 1) is not waited for once all are stored.
      if (storedAt.size >= placedAt.size && Date.now() - placingEnded > 10_000) break;
      await sleep(200);
    }
    await sleep(1_000);
    polling = false;
    await poll;
    live.abort();
    await streaming;
    await reading;

    const toRecorded: number[] = [];
    const toRow: number[] = [];
    const toPage: number[] = [];
    for (const [no, at] of placedAt) {
      const stored = storedAt.get(no);
      if (stored !== undefined) toRow.push(stored - at);
      const recorded = recordedAt.get(no);
      if (recorded !== undefined) toRecorded.push(recorded - at);
      const shown = pageAt.get(no);
      if (shown !== undefined) toPage.push(shown - at);
    }
    const counts = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE platform_order_no = ANY($1::text[]) GROUP BY platform_order_no`,
      [[...placedAt.keys()]],
    );
    const [events] = await db.query<Record<string, number>>(
      `SELECT count(*)::int AS recorded, count(*) FILTER (WHERE status = 'done')::int AS done,
         count(*) FILTER (WHERE status NOT IN ('done', 'pending', 'processing'))::int AS "notDone"
       FROM platform_events WHERE platform = 'pinduoduo'`,
    );
    const result: Record<string, unknown> = {
      mode: MODE,
      storage: STORAGE,
      shops: SHOPS,
      ratePerSecond: RATE,
      fallbackSeconds: SYNC ? FALLBACK : null,
      ordersPlaced: placedAt.size,
      ordersStored: storedAt.size,
      rowsPerPlatformOrder: {
        one: counts.filter((c) => c.n === 1).length,
        twiceOrMore: counts.filter((c) => c.n > 1).length,
        none: placedAt.size - counts.length,
      },
      messages: {
        acked: sandbox.acked.length,
        unacked: sandbox.unackedCount(PDD_SANDBOX_APP.clientId),
        ...events,
      },
    };
    if (MODE === 'stream') {
      result.eventToRecordedSeconds = summary(toRecorded);
      result.eventToRowSeconds = summary(toRow);
      result.eventToPageSeconds = summary(toPage);
      result.notSeenOnPage = placedAt.size - pageAt.size;
      result.liveEvents = liveEvents;
      result.pageReads = reads;
    } else {
      const cutStored = [...duringCut].map((no) => storedAt.get(no));
      const lastCut = Math.max(...cutStored.map((at) => at ?? Number.POSITIVE_INFINITY));
      result.cut = {
        seconds: CUT_SECONDS,
        messagesLost: CUT_LOSE,
        ordersPlacedDuringCut: duringCut.size,
        storedBeforeCutEnded: cutStored.filter((at) => at !== undefined && at < cutEndedAt).length,
        storedAfter: cutStored.filter((at) => at !== undefined && at >= cutEndedAt).length,
        missing: cutStored.filter((at) => at === undefined).length,
        lastStoredSecondsAfterCut: Number.isFinite(lastCut) ? seconds(lastCut - cutEndedAt) : null,
        withinOneFallback: Number.isFinite(lastCut) && lastCut - cutEndedAt <= FALLBACK * 1000,
        reconnectedSecondsAfterCut: reconnectedAt ? seconds(reconnectedAt - cutEndedAt) : null,
      };
      const after = [...placedAt].filter(
        ([no, at]) => reconnectedAt > 0 && at >= reconnectedAt && storedAt.has(no),
      );
      result.eventToRowSecondsAfterReconnect = summary(after.map(([no, at]) => (storedAt.get(no) ?? 0) - at));
    }
    result.logLines = warnings;
    result.loadAverage = load();
    console.log(JSON.stringify(result));
  } finally {
    await server.close();
    sandbox.closeMessages();
    await served.close();
  }
}

if (MODE !== 'stream' && MODE !== 'cut') throw new Error(`BENCH_MODE=${MODE} is not stream or cut`);
await main();
process.exit(0);
