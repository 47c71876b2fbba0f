/**
 * The 1688 purchasing bench: `pnpm --filter @consign/api-server bench:purchase` (PGlite in memory), or
 * on Postgres with `DATABASE_URL=postgres://.../empty_db` (or `node scripts/with-postgres.mjs`, which
 * sets `TEST_DATABASE_URL`).
 *
 * One process holds the server (`startServer`, the production job kinds and timings unless named
 * below), its database and the 1688 sandbox served on loopback, every call to it counted by API. The
 * demo account's 1688 buyer account is connected the way a seller does it (a sandbox code exchanged,
 * tokens sealed), one SKU is bought from the sandbox's 保温杯 offer, and BENCH_FOLLOW (10,000) typed-in
 * 待采购 orders of one line each name its 商家编码.
 *
 * 1. 一键采购 of BENCH_BUY (1,000) orders: `purchase/start` with every id (as 批量一键采购 sends them,
 *    1,000 at most per call), then until each is placed by the `purchase` kind (BENCH_CONCURRENCY at
 *    once, default 4 as in production): the time of the call, the time until the last order is
 *    已采购 and its 1688 order paid (the demo account has 自动付款 on, the sandbox's 免密支付 open; a
 *    代发服务费 of ¥1.00 is held per order), and the calls to 1688 by API. It fails loudly on an order
 *    bought twice (the sandbox does NOT dedupe `outOrderId` here, so a resent attempt would show; its
 *    orders are counted by `outOrderId`), an order not bought or failed, an order whose supplier order
 *    number is not the sandbox's, a 1688 order left unpaid, a fee charged twice (or refunded) and a
 *    1688 order no order tracks.
 * 2. The rest up to BENCH_FOLLOW is bought the same way (timed too), so that the follow-up has real
 *    purchases on 1688 and in the database.
 * 3. Logistics follow-up of the BENCH_FOLLOW purchased orders, one poll cycle each (every purchase made
 *    due at once, the `supplier-logistics` kind woken; it looks at 50 per unit, one unit at a time):
 *    a cycle where the supplier has shipped none (the time until the last `buyerView` is answered), and
 *    a cycle after the supplier has shipped all of them (the time until the last order is 已发货 with
 *    the sandbox's tracking number; no writeback: the orders are typed in). Fails loudly on a purchase
 *    looked at twice in a cycle or not at all, or an order not shipped with its own number.
 *
 * The load average of the machine is printed beside each figure: other sessions share the 2 cores.
 */
import { createApiClient } from '@consign/api-client';
import { SANDBOX_APPS } from '@consign/platform-sandboxes';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { serveSandbox } from '@consign/platform-sandboxes/core';
import { registerSandboxApps } from '../src/db/platform-apps';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { CUP, connectSupplier, pendingOrders, sourcedSku } from '../test/purchase-helpers';
import { BENCH_SECRET, benchSeller, DATABASE_URL, load, since, startBenchServer } from './bench-kit';

const BUY = Number(process.env.BENCH_BUY ?? 1_000);
const FOLLOW = Math.max(BUY, Number(process.env.BENCH_FOLLOW ?? 10_000));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ACCOUNT = 1;
const SHOP = 1;
/** Past this, the bench gives up and says what was left. */
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 30 * 60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  // The supplier ships only when told (phase 3), and never throttles the bench.
  const sandbox = new AlibabaSandbox({
    apps: [ALIBABA_SANDBOX_APP],
    rateLimit: 1_000_000,
    shipAfterSeconds: 10 * 365 * 86_400,
  });
  const cup = sandbox.offers.get(CUP.offerId);
  if (!cup) throw new Error('no sandbox offer');
  cup.stock = 10 * FOLLOW;
  // 1688's own idempotency off: a purchase sent twice would place two orders, and be counted.
  sandbox.dedupeOutOrderId = false;
  /** Calls that reached 1688, by API (the token endpoint as `getToken`). */
  const calls = new Map<string, number>();
  const served = await serveSandbox({
    fetch: (request: Request) => {
      const path = new URL(request.url).pathname;
      const match = /^\/param2\/1\/([^/]+)\/([^/]+)\//.exec(path);
      const api = match ? `${match[1]}:${match[2]}` : path.includes('getToken') ? 'getToken' : path;
      calls.set(api, (calls.get(api) ?? 0) + 1);
      return sandbox.fetch(request);
    },
  });
  const snapshot = () => new Map(calls);
  const callsSince = (before: Map<string, number>) =>
    Object.fromEntries(
      [...calls].map(([api, n]) => [api, n - (before.get(api) ?? 0)]).filter(([, n]) => Number(n) > 0),
    ) as Record<string, number>;

  const none = { gatewayUrl: 'http://127.0.0.1:9/none', authUrl: 'http://127.0.0.1:9/none' };
  const server = await startBenchServer({
    writebackJobs: false,
    shopSync: false,
    platforms: { pdd: none, doudian: none, alibaba: AlibabaSandbox.endpoints(served.url) },
    // Production timings but for 自动采购 (off: the bench queues by hand).
    purchaseJobs: { concurrency: CONCURRENCY, autoEveryMs: 3_600_000 },
  });
  const { db } = server;
  const results: Record<string, unknown>[] = [];
  try {
    const prepared = performance.now();
    const nowS = Math.floor(Date.now() / 1000);
    await db.transaction((tx) => registerSandboxApps(tx, new SecretBox(DEV_DATA_KEY), SANDBOX_APPS));
    await connectSupplier(db, sandbox, AlibabaSandbox.endpoints(served.url), { accountId: ACCOUNT, nowS });
    await sourcedSku(db, { accountId: ACCOUNT, shopId: SHOP, outerSkuId: 'BENCH-CUP', source: CUP, nowS });
    // A 代发服务费 of ¥1.00 per order, and the balance for all of them.
    await db.query("INSERT INTO purchase_fees (platform, fee, updated_at) VALUES ('', 100, 0)");
    await db.query(
      `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, created_at)
       VALUES ($1, 'adjust', $2, 0, 'bench', 0)`,
      [ACCOUNT, 100 * FOLLOW],
    );
    const orders = await pendingOrders(db, {
      accountId: ACCOUNT,
      shopId: SHOP,
      outerSkuId: 'BENCH-CUP',
      count: FOLLOW,
      nowS,
      prefix: 'BENCH-',
    });
    const ids = orders.map((o) => o.id);
    const { token } = await benchSeller(server);
    // Queuing 1,000 orders (each in its own transaction with its log entry) takes longer than the
    // client's default 30 s on a loaded machine: its time is one of the figures, not a failure.
    const api = createApiClient({
      baseURL: server.url,
      secret: BENCH_SECRET,
      getToken: () => token,
      timeout: 600_000,
    });
    console.log(
      `prepared ${FOLLOW} 待采购 orders in ${since(prepared)} s (${DATABASE_URL ? 'postgres' : 'pglite'})`,
    );

    /** 一键采购 of `batch`: timed until every order is 已采购, then checked. */
    const buy = async (label: string, batch: number[]) => {
      const before = snapshot();
      const loadBefore = load();
      const began = performance.now();
      let queued = 0;
      for (let i = 0; i < batch.length; i += 1_000) {
        const result = await api.call('/api/purchase/start', { ids: batch.slice(i, i + 1_000) });
        queued += result.succeeded;
        const refused = result.results.filter((r) => !r.ok);
        if (refused.length > 0) throw new Error(`refused: ${JSON.stringify(refused.slice(0, 3))}`);
      }
      const startCall = since(began);
      if (queued !== batch.length) throw new Error(`queued ${queued} of ${batch.length}`);
      for (;;) {
        const [row] = await db.query<{ placed: number; failed: number }>(
          `SELECT count(*) FILTER (WHERE status = 'placed')::int AS placed,
             count(*) FILTER (WHERE status = 'failed')::int AS failed
           FROM order_purchases WHERE order_id = ANY($1::int[])`,
          [batch],
        );
        if ((row?.failed ?? 0) > 0) {
          const failed = await db.query(
            "SELECT order_id, last_error FROM order_purchases WHERE order_id = ANY($1::int[]) AND status = 'failed' LIMIT 3",
            [batch],
          );
          throw new Error(`${row?.failed} purchases failed, e.g. ${JSON.stringify(failed)}`);
        }
        if ((row?.placed ?? 0) >= batch.length) {
          // 自动付款 follows each placement: until every 1688 order of the batch is paid.
          const [paid] = await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM order_purchases WHERE order_id = ANY($1::int[]) AND pay_status = 'paid'",
            [batch],
          );
          if ((paid?.n ?? 0) >= batch.length) break;
        }
        if (performance.now() - began > DEADLINE_MS) {
          throw new Error(`only ${row?.placed} of ${batch.length} placed after ${since(began)} s`);
        }
        await pause(200);
      }
      const seconds = since(began);
      // Every order bought exactly once, each 已采购 with the sandbox's own order.
      const byOutOrder = new Map<string, string[]>();
      for (const order of sandbox.purchases.values()) {
        byOutOrder.set(order.outOrderId, [...(byOutOrder.get(order.outOrderId) ?? []), order.orderId]);
      }
      const rows = await db.query<{ id: number; status: string; supplier_order_no: string | null }>(
        'SELECT id, status, supplier_order_no FROM orders WHERE id = ANY($1::int[])',
        [batch],
      );
      const duplicates = batch.filter((id) => (byOutOrder.get(String(id))?.length ?? 0) > 1);
      const unbought = batch.filter((id) => (byOutOrder.get(String(id))?.length ?? 0) === 0);
      const wrong = rows.filter(
        (row) => row.status !== 'purchased' || row.supplier_order_no !== byOutOrder.get(String(row.id))?.[0],
      );
      if (duplicates.length > 0 || unbought.length > 0 || wrong.length > 0 || rows.length !== batch.length) {
        throw new Error(
          `${label}: ${duplicates.length} bought twice (${duplicates.slice(0, 5)}), ${unbought.length} not bought (${unbought.slice(0, 5)}), ${wrong.length} not 已采购 with their supplier order`,
        );
      }
      // Money: every 1688 order of the batch paid, each order's fee charged once (none refunded), and
      // no 1688 order that no order of ours names.
      const inBatch = new Set(batch.map(String));
      const batchOrders = [...sandbox.purchases.values()].filter((o) => inBatch.has(o.outOrderId));
      const unpaid = batchOrders.filter((o) => !o.paid).length;
      const fees = await db.query<{ order_id: number; charges: number; refunds: number }>(
        `SELECT order_id, count(*) FILTER (WHERE kind = 'charge')::int AS charges,
           count(*) FILTER (WHERE kind = 'refund')::int AS refunds
         FROM balance_entries WHERE account_id = $1 AND order_id = ANY($2::int[]) GROUP BY order_id`,
        [ACCOUNT, batch],
      );
      const doubleCharges =
        fees.filter((f) => f.charges !== 1 || f.refunds !== 0).length + (batch.length - fees.length);
      const tracked = new Set(rows.map((row) => row.supplier_order_no));
      const untracked = batchOrders.filter((o) => !tracked.has(o.orderId)).length;
      if (unpaid > 0 || doubleCharges > 0 || untracked > 0) {
        throw new Error(
          `${label}: ${unpaid} 1688 orders unpaid, ${doubleCharges} orders not charged exactly once, ${untracked} untracked 1688 orders`,
        );
      }
      const byApi = callsSince(before);
      results.push({
        run: label,
        orders: batch.length,
        'purchase/start s': startCall,
        seconds,
        'orders/s': Number((batch.length / seconds).toFixed(1)),
        duplicates: duplicates.length,
        unpaid,
        doubleCharges,
        untracked,
        calls: Object.values(byApi).reduce((a, b) => a + b, 0),
        byApi,
        loadBefore,
        loadAfter: load(),
      });
      console.log(JSON.stringify(results.at(-1)));
    };

    await buy(`一键采购 of ${BUY}`, ids.slice(0, BUY));
    if (FOLLOW > BUY) await buy(`一键采购 of ${FOLLOW - BUY} more (for the follow-up)`, ids.slice(BUY));

    /** One poll cycle of the `supplier-logistics` kind over every purchase: until `done` holds. */
    const cycle = async (label: string, done: () => Promise<boolean>) => {
      const before = snapshot();
      const loadBefore = load();
      await db.query(
        "UPDATE order_purchases SET next_poll_at = 0 WHERE status = 'placed' AND order_id = ANY($1::int[])",
        [ids],
      );
      const began = performance.now();
      server.jobs.wake('supplier-logistics');
      while (!(await done())) {
        if (performance.now() - began > DEADLINE_MS)
          throw new Error(`${label}: not done after ${since(began)} s`);
        await pause(100);
      }
      const seconds = since(began);
      // Whatever is still in flight lands before the calls are counted.
      await pause(1_000);
      const byApi = callsSince(before);
      const looks = byApi[ALIBABA_APIS.buyerView] ?? 0;
      if (looks !== FOLLOW) throw new Error(`${label}: ${looks} looks at 1688 for ${FOLLOW} purchases`);
      results.push({
        run: label,
        orders: FOLLOW,
        seconds,
        'orders/s': Number((FOLLOW / seconds).toFixed(1)),
        calls: Object.values(byApi).reduce((a, b) => a + b, 0),
        byApi,
        loadBefore,
        loadAfter: load(),
      });
      console.log(JSON.stringify(results.at(-1)));
    };
    const looked = (before: number) => async () =>
      (calls.get(ALIBABA_APIS.buyerView) ?? 0) - before >= FOLLOW;
    await cycle(`logistics cycle of ${FOLLOW}, none shipped`, looked(calls.get(ALIBABA_APIS.buyerView) ?? 0));
    const [stillPlaced] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM order_purchases WHERE order_id = ANY($1::int[]) AND status = 'placed'",
      [ids],
    );
    if (stillPlaced?.n !== FOLLOW) throw new Error(`${stillPlaced?.n} of ${FOLLOW} still followed`);

    for (const order of sandbox.purchases.values()) sandbox.ship(order.orderId);
    await cycle(`logistics cycle of ${FOLLOW}, all shipped`, async () => {
      const [row] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM order_purchases WHERE order_id = ANY($1::int[]) AND status = 'shipped'",
        [ids],
      );
      return (row?.n ?? 0) >= FOLLOW;
    });
    const bills = new Map([...sandbox.purchases.values()].map((o) => [o.outOrderId, o.billNo]));
    const shipped = await db.query<{ id: number; status: string; carrier: string; tracking_no: string }>(
      'SELECT id, status, carrier, tracking_no FROM orders WHERE id = ANY($1::int[])',
      [ids],
    );
    const unshipped = shipped.filter(
      (o) => o.status !== 'shipped' || o.carrier !== 'ZTO' || o.tracking_no !== bills.get(String(o.id)),
    );
    if (unshipped.length > 0) {
      throw new Error(
        `${unshipped.length} orders not 已发货 with their own number: ${JSON.stringify(unshipped[0])}`,
      );
    }
    console.log(
      `\n1688 purchasing, ${DATABASE_URL ? 'Postgres' : 'PGlite'}, purchase concurrency ${CONCURRENCY}`,
    );
    console.table(
      results.map(({ byApi, ...row }) => ({
        ...row,
        byApi: Object.entries(byApi as Record<string, number>)
          .map(([api, n]) => `${api.split(':')[1] ?? api} ${n}`)
          .join(', '),
        loadBefore: (row.loadBefore as number[]).join(' '),
        loadAfter: (row.loadAfter as number[]).join(' '),
      })),
    );
  } finally {
    await server.close();
    await served.close();
  }
}

await main();
process.exit(0);
