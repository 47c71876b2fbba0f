import type { Page, Shop } from '@consign/api-client';
import { type SandboxOrder, serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { describe, expect } from 'vitest';
import { SYNC_RULES } from '../src/db/shop-sync';
import { PddConnector } from '../src/platforms/pdd';
import { ADMIN, SECRET } from './helpers';
import { type Storage, serverProcesses, signInBySms } from './server-process';
import { authorisedShop } from './writeback-helpers';

/**
 * The order sync under kill -9: the server process (test/fixtures/platform-server.ts, its sync lease
 * cut to `LEASE_SECONDS`) makes the first sync of a 拼多多 sandbox shop whose orders are spread over the
 * last 23 hours, one window after another (58 windows of 30 minutes). The sandbox holds the answer of
 * the `KILL_AT`-th order-list call open, and the server is killed while it waits: windows before it are
 * stored, the one being read is not. Meanwhile, on the platform, orders already stored get a refund
 * and new orders are placed. Started again on the same data, the server takes the shop over as soon as
 * the dead run's lease runs out (not after the 5-minute production lease), and every order of the
 * sandbox shop is stored exactly once, as the platform has it now, with one 售后订单 per refund.
 */
const ORDERS = 290;
const KILL_AT = 25;
const LEASE_SECONDS = 10;
const LIST = 'pdd.order.number.list.increment.get';
const servers = serverProcesses();

interface StoredOrder {
  platform_order_no: string;
  source: string;
  status: string;
  amount: number;
  freight: number;
  discount: number;
  created_at: number;
  paid_at: number | null;
  pre_sale: boolean;
  buyer_message: string;
  platform_status: string;
  refund_status: string;
  platform_updated_at: number;
  receiver_cipher: { name: string; mobile: string; address: string };
  goods: {
    title: string;
    sku: string;
    quantity: number;
    price: number;
    sku_id: string;
    outer_sku_id: string;
  }[];
}

const start = (storage: Storage, sandboxUrl: string) =>
  servers.started(
    {
      API_SIGN_SECRET: SECRET,
      SANDBOX_URL: sandboxUrl,
      SHOP_SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
      SHOP_SYNC_POLL_MS: '200',
      SHOP_SYNC_EVERY_SECONDS: '3600',
      ...storage.env,
    },
    'test/fixtures/platform-server.ts',
  );

/** What the sync must have stored for a sandbox order (as the shop-sync tests check one by one). */
function expected(order: SandboxOrder) {
  const goodsFen = order.items.reduce((sum, item) => sum + item.priceFen * item.quantity, 0);
  return {
    platform_order_no: order.orderNo,
    source: 'sync',
    status: 'pending',
    amount: goodsFen - order.discountFen + order.freightFen,
    freight: order.freightFen,
    discount: order.discountFen,
    created_at: order.createdAt,
    paid_at: order.paidAt,
    pre_sale: order.preSale,
    buyer_message: order.buyerMessage,
    platform_status: '1',
    refund_status: order.refund,
    platform_updated_at: order.updatedAt,
    receiver_cipher: order.cipher,
    goods: order.items.map((item) => ({
      title: item.name,
      sku: item.spec,
      quantity: item.quantity,
      price: item.priceFen,
      sku_id: item.skuId,
      outer_sku_id: item.outerSkuId,
    })),
  };
}

async function crashDuringSync(storage: Storage) {
  const sandbox = new PddSandbox({ apps: [PDD_SANDBOX_APP], seedOrders: 0 });
  let listCalls = 0;
  let release: () => void = () => {};
  const heldCall = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reachedHold: () => void = () => {};
  const holding = new Promise<void>((resolve) => {
    reachedHold = resolve;
  });
  const served = await serveSandbox({
    async fetch(request) {
      const body = await request.clone().text();
      if (new URLSearchParams(body).get('type') === LIST) {
        listCalls += 1;
        // The platform takes this call and keeps the server waiting for its answer until the kill.
        if (listCalls === KILL_AT) {
          reachedHold();
          await heldCall;
        }
      }
      return sandbox.fetch(request);
    },
  });
  servers.afterFile(() => {
    release();
    return served.close();
  });
  const connector = new PddConnector({ app: PDD_SANDBOX_APP, endpoints: PddSandbox.endpoints(served.url) });

  // A shop authorised on the sandbox (due now: the server syncs it as soon as it starts), its orders
  // spread over the last 23 hours, so that every window of the first sync holds some.
  const setup = await storage.open();
  const nowS = Math.floor(Date.now() / 1000);
  const shopId = await authorisedShop(setup, connector, sandbox, {
    accountId: 1,
    clientId: PDD_SANDBOX_APP.clientId,
    platformShopId: '900001',
    now: nowS,
  });
  await setup.close();
  for (let i = 0; i < ORDERS; i++) {
    sandbox.placeOrder('900001', { createdAt: nowS - 23 * 3600 + Math.floor((i * 23 * 3600) / ORDERS) });
  }
  const shopOrders = () => [...sandbox.orders.values()].filter((order) => order.shopId === '900001');

  // 1. The first sync runs; kill -9 while the platform holds the KILL_AT-th list call.
  let server = await start(storage, served.url);
  await Promise.race([
    holding,
    server.exited.then(() => {
      throw new Error(`the server exited before the sync reached list call ${KILL_AT}: ${server.stderr()}`);
    }),
  ]);
  // The platform changes meanwhile: refunds of orders stored already, and new orders.
  const oldest = shopOrders().slice(0, 3);
  for (const order of oldest) sandbox.refundOrder(order.orderNo);
  for (let i = 0; i < 4; i++) sandbox.placeOrder('900001');
  await server.kill();
  const killedAtS = Math.floor(Date.now() / 1000);
  release();

  // What the dead run left: some windows stored, not all, and its lease, of the configured length.
  const dead = await storage.open();
  const [left] = await dead.query<{
    stored: number;
    refunded: number;
    cursor: number | null;
    lease_token: string | null;
    lease_until: number | null;
    succeeded: number | null;
  }>(
    `SELECT (SELECT count(*)::int FROM orders WHERE shop_id = s.id) AS stored,
       (SELECT count(*)::int FROM orders WHERE shop_id = s.id AND platform_order_no = ANY($2::text[])) AS refunded,
       s.sync_cursor AS cursor, s.sync_lease_token AS lease_token, s.sync_lease_until AS lease_until,
       s.sync_succeeded_at AS succeeded
     FROM shops s WHERE s.id = $1`,
    [shopId, oldest.map((order) => order.orderNo)],
  );
  await dead.close();
  if (!left) throw new Error('no shop');
  expect(left.stored).toBeGreaterThan(0);
  expect(left.stored).toBeLessThan(ORDERS);
  // The refunded orders were stored before the kill, without their refund.
  expect(left.refunded).toBe(3);
  expect(left.cursor).not.toBeNull();
  expect(left.succeeded).toBeNull();
  expect(left.lease_token).not.toBeNull();
  expect(Number(left.lease_until)).toBeLessThanOrEqual(killedAtS + LEASE_SECONDS);

  // 2. Started again on the same data: the shop is synced again once the dead run's lease is out.
  server = await start(storage, served.url);
  const { api } = await signInBySms(server.url, { mobile: ADMIN, secret: SECRET });
  let shop: Shop | undefined;
  // The bound is the production lease: the restarted server must not have waited it out (the machine
  // may be slow; the lease here is 10 s, so this is generous).
  const giveUpAt = (killedAtS + SYNC_RULES.leaseSeconds) * 1000;
  while (Date.now() < giveUpAt) {
    const page = (await api.call('/api/shop/index', { pageIndex: 1, pageSize: 100 })) as Page<Shop>;
    shop = page.list.find((s) => s.id === shopId);
    if (shop?.sync?.last_success_at) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(shop?.sync?.last_success_at ?? null).not.toBeNull();
  expect(shop?.sync?.last_error).toBeNull();
  expect(shop?.sync?.syncing).toBe(false);
  expect(Number(shop?.sync?.last_success_at)).toBeLessThan(killedAtS + SYNC_RULES.leaseSeconds);
  await server.stop();

  // Every order of the sandbox shop stored exactly once, as the platform has it now.
  const db = await storage.open();
  try {
    const rows = await db.query<StoredOrder>(
      `SELECT platform_order_no, source, status, amount, freight, discount, created_at, paid_at, pre_sale,
         buyer_message, platform_status, refund_status, platform_updated_at, receiver_cipher, goods
       FROM orders WHERE shop_id = $1`,
      [shopId],
    );
    const platformOrders = shopOrders();
    expect(platformOrders).toHaveLength(ORDERS + 4);
    expect(rows).toHaveLength(platformOrders.length);
    const byNo = new Map(rows.map((row) => [row.platform_order_no, row]));
    for (const order of platformOrders) {
      const row = byNo.get(order.orderNo);
      expect(row, order.orderNo).toBeDefined();
      if (!row) continue;
      const { goods, ...fields } = row;
      const { goods: expectedGoods, ...expectedFields } = expected(order);
      expect({ ...fields, amount: Number(fields.amount) }, order.orderNo).toEqual(expectedFields);
      expect(goods, order.orderNo).toMatchObject(expectedGoods);
    }
    // One 售后订单 per refunded order, none for the others.
    const afterSales = await db.query<{ platform_order_no: string; status: string; type: string }>(
      `SELECT o.platform_order_no, a.status, a.type FROM after_sales a JOIN orders o ON o.id = a.order_id
       WHERE o.shop_id = $1 ORDER BY o.platform_order_no`,
      [shopId],
    );
    expect(afterSales).toEqual(
      oldest
        .map((order) => ({ platform_order_no: order.orderNo, status: 'pending', type: 'refund' }))
        .sort((a, b) => (a.platform_order_no < b.platform_order_no ? -1 : 1)),
    );
    const [state] = await db.query<{ lease_token: string | null; failures: number; cursor: number }>(
      'SELECT sync_lease_token AS lease_token, sync_failures AS failures, sync_cursor AS cursor FROM shops WHERE id = $1',
      [shopId],
    );
    expect(state?.lease_token).toBeNull();
    expect(state?.failures).toBe(0);
    expect(Number(state?.cursor)).toBeGreaterThan(Number(left.cursor));
  } finally {
    await db.close();
  }
  expect(listCalls).toBeGreaterThan(KILL_AT);
}

describe('kill -9 during a shop sync', () => {
  servers.itOnEachStorage(
    'on restart the sync resumes after its short lease, every order stored once and right',
    crashDuringSync,
    600_000,
  );
});
