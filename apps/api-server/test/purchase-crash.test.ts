import { createApiClient } from '@consign/api-client';
import { SANDBOX_APPS } from '@consign/platform-sandboxes';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { serveSandbox } from '@consign/platform-sandboxes/core';
import { describe, expect } from 'vitest';
import { registerSandboxApps } from '../src/db/platform-apps';
import { ALIBABA_APIS } from '../src/platforms/alibaba';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { ADMIN, SECRET } from './helpers';
import { CUP, connectSupplier, pendingOrders, sourcedSku } from './purchase-helpers';
import { type Storage, serverProcesses, signInBySms } from './server-process';

/**
 * 一键采购 under kill -9: the server process (test/fixtures/purchase-server.ts) is asked to buy 60
 * orders in one batch and is killed while they are being placed: the sandbox places an order and holds
 * its answer back 300 ms, and the kill comes as the 10th order is placed, so some orders exist on 1688
 * without the server having heard it. Started again on the same data, it places every purchase left,
 * and the sandbox, which counts orders per `outOrderId` and here does NOT dedupe them (so sending an
 * attempt again would buy twice), has each order bought exactly once: the server looked for each
 * recorded attempt on 1688 (`getBuyerOrderList` by `outOrderId`) before placing it again. Every order
 * is 已采购 with its own supplier order number, none is 待采购 with a supplier order, none 已采购
 * without one; the 代发服务费 is charged once per order, and every 1688 order is paid (自动付款).
 */
/** Enough that, at the kill, some orders are queued behind the 4 being placed at once. */
const ORDERS = 60;
const servers = serverProcesses();

const start = (storage: Storage, sandboxUrl: string) =>
  servers.started(
    { API_SIGN_SECRET: SECRET, SANDBOX_URL: sandboxUrl, PURCHASE_LEASE_MS: '2000', ...storage.env },
    'test/fixtures/purchase-server.ts',
  );

async function crashDuringPurchases(storage: Storage) {
  const sandbox = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], rateLimit: 100_000 });
  // 1688's own idempotency off: only Consign's lookup stands between a crash and a second order.
  sandbox.dedupeOutOrderId = false;
  // Enough stock for the batch.
  const cup = sandbox.offers.get(CUP.offerId);
  if (cup) cup.stock = 10_000;
  // Until the kill, 1688's answer to an order it has placed is slow to come back, so that the kill
  // finds orders placed on 1688 and not yet heard of, however loaded the machine; after it, prompt.
  let answerDelayMs = 3_000;
  const served = await serveSandbox({
    async fetch(request) {
      const body = request.clone();
      const answer = await sandbox.fetch(request);
      if (answerDelayMs > 0 && new URL(request.url).pathname.includes('fastCreateOrder')) {
        await body.text();
        await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
      }
      return answer;
    },
  });
  servers.afterFile(() => served.close());

  const setup = await storage.open();
  const nowS = Math.floor(Date.now() / 1000);
  await setup.transaction((tx) => registerSandboxApps(tx, new SecretBox(DEV_DATA_KEY), SANDBOX_APPS));
  // A 代发服务费 of ¥1.00 and the balance for the batch: held before each order reaches 1688.
  await setup.query("INSERT INTO purchase_fees (platform, fee, updated_at) VALUES ('', 100, 0)");
  await setup.query(
    `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, created_at)
     VALUES (1, 'adjust', $1, 0, '测试充值', 0)`,
    [100 * ORDERS],
  );
  await connectSupplier(setup, sandbox, AlibabaSandbox.endpoints(served.url), { accountId: 1, nowS });
  await sourcedSku(setup, { accountId: 1, shopId: 1, outerSkuId: 'CRASH-CUP', source: CUP, nowS });
  const orders = await pendingOrders(setup, {
    accountId: 1,
    shopId: 1,
    outerSkuId: 'CRASH-CUP',
    count: ORDERS,
    nowS,
    prefix: 'CRASH-',
  });
  await setup.close();
  const placed = () => orders.filter((o) => sandbox.ordersFor(String(o.id)).length > 0).length;

  // 1. 一键采购 of the batch; kill -9 as the 10th order is placed on 1688.
  let server = await start(storage, served.url);
  const { token } = await signInBySms(server.url, { mobile: ADMIN, secret: SECRET });
  // Queuing the batch (each order with its log entry) may take longer than the client's default 30 s on a
  // loaded machine: this test is about the crash, not that call's speed.
  const api = createApiClient({
    baseURL: server.url,
    secret: SECRET,
    getToken: () => token,
    timeout: 300_000,
  });
  const result = await api.call('/api/purchase/start', { ids: orders.map((o) => o.id) });
  expect(result.succeeded).toBe(ORDERS);
  while (placed() < 10) await new Promise((resolve) => setTimeout(resolve, 5));
  await server.kill();
  answerDelayMs = 0;
  const placedAtKill = placed();
  expect(placedAtKill).toBeLessThan(ORDERS);

  // What the dead server left: purchases being placed (some placed on 1688 unheard), others queued.
  const dead = await storage.open();
  const left = await dead.query<{ order_id: number; status: string }>(
    'SELECT order_id, status FROM order_purchases WHERE order_id = ANY($1::int[])',
    [orders.map((o) => o.id)],
  );
  await dead.close();
  expect(left).toHaveLength(ORDERS);
  const placing = left.filter((row) => row.status === 'placing');
  expect(placing.length).toBeGreaterThan(0);
  const unheard = placing.filter((row) => sandbox.ordersFor(String(row.order_id)).length > 0);
  expect(unheard.length).toBeGreaterThan(0);
  expect(left.filter((row) => row.status === 'queued').length).toBeGreaterThan(0);

  // 2. Started again on the same data: every purchase is placed, each order bought once.
  server = await start(storage, served.url);
  const deadline = Date.now() + 300_000;
  const check = await storage.open();
  try {
    for (;;) {
      const [row] = await check.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM order_purchases WHERE order_id = ANY($1::int[]) AND status = 'placed'",
        [orders.map((o) => o.id)],
      );
      if ((row?.n ?? 0) >= ORDERS || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await check.close();
  }
  // Whatever was still in flight settles before the count.
  await server.stop();

  for (const order of orders) expect(sandbox.ordersFor(String(order.id)), order.orderNo).toHaveLength(1);
  expect(sandbox.callsOf(ALIBABA_APIS.createOrder).filter((call) => call.error !== null)).toEqual([]);
  const db = await storage.open();
  try {
    const rows = await db.query<{
      id: number;
      status: string;
      supplier_order_no: string | null;
      cost: string;
    }>('SELECT id, status, supplier_order_no, cost FROM orders WHERE id = ANY($1::int[]) ORDER BY id', [
      orders.map((o) => o.id),
    ]);
    expect(rows.filter((row) => row.status !== 'purchased')).toEqual([]);
    for (const row of rows) {
      const [bought] = sandbox.ordersFor(String(row.id));
      expect(row.supplier_order_no, String(row.id)).toBe(bought?.orderId);
      expect(Number(row.cost)).toBe(CUP.priceFen + 600);
    }
    expect(new Set(rows.map((row) => row.supplier_order_no)).size).toBe(ORDERS);
    // The fee once per order, the balance the sum of the entries.
    const fees = await db.query<{ order_id: number; n: number; sum: string }>(
      `SELECT order_id, count(*)::int AS n, sum(amount) AS sum FROM balance_entries
       WHERE account_id = 1 AND order_id = ANY($1::int[]) GROUP BY order_id`,
      [orders.map((o) => o.id)],
    );
    expect(fees).toHaveLength(ORDERS);
    expect(fees.filter((f) => f.n !== 1 || Number(f.sum) !== -100)).toEqual([]);
    const [balance] = await db.query<{ balance: string }>(
      'SELECT balance FROM account_balances WHERE account_id = 1',
    );
    expect(Number(balance?.balance)).toBe(0);
  } finally {
    await db.close();
  }
  expect(placedAtKill).toBeGreaterThanOrEqual(10);
}

describe('kill -9 during a batch of 一键采购', () => {
  servers.itOnEachStorage('on restart every order is bought exactly once', crashDuringPurchases, 600_000);
});
