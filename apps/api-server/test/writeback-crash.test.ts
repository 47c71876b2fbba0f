import { serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { describe, expect } from 'vitest';
import { PddConnector } from '../src/platforms/pdd';
import { ADMIN, SECRET } from './helpers';
import { type Storage, serverProcesses, signInBySms } from './server-process';
import { authorisedShop, purchasedPlatformOrders, sfTrackingNo } from './writeback-helpers';

/**
 * 发货回传 under kill -9: the server process (test/fixtures/platform-server.ts: `startServer` with the
 * 拼多多 connector at this test's sandbox) ships 60 platform orders in one 批量发货 and is killed while
 * their writebacks are being sent: the sandbox records a shipment and holds its answer back 300 ms,
 * and the kill comes as the 8th lands, so some writebacks landed on the platform without the server
 * hearing it. Started again on the same data, it sends every pending writeback, and the sandbox,
 * which counts every call, has each order shipped exactly once, with no second (refused) ship call.
 */
const ORDERS = 60;
const SHIP = 'pdd.logistics.online.send';
const servers = serverProcesses();

const start = (storage: Storage, sandboxUrl: string) =>
  servers.started(
    { API_SIGN_SECRET: SECRET, SANDBOX_URL: sandboxUrl, WRITEBACK_LEASE_MS: '2000', ...storage.env },
    'test/fixtures/platform-server.ts',
  );

async function crashDuringWritebacks(storage: Storage) {
  const sandbox = new PddSandbox({ apps: [PDD_SANDBOX_APP] });
  const served = await serveSandbox({
    async fetch(request) {
      const body = request.clone();
      const answer = await sandbox.fetch(request);
      // The platform has recorded the shipment; its answer is slow to come back.
      if ((await body.text()).includes(SHIP)) await new Promise((resolve) => setTimeout(resolve, 300));
      return answer;
    },
  });
  servers.afterFile(() => served.close());
  const connector = new PddConnector({ app: PDD_SANDBOX_APP, endpoints: PddSandbox.endpoints(served.url) });

  const setup = await storage.open();
  const now = Math.floor(Date.now() / 1000);
  const shopId = await authorisedShop(setup, connector, sandbox, {
    accountId: 1,
    clientId: PDD_SANDBOX_APP.clientId,
    platformShopId: '900001',
    now,
  });
  const orders = await purchasedPlatformOrders(setup, sandbox, {
    accountId: 1,
    shopId,
    platformShopId: '900001',
    count: ORDERS,
    now,
  });
  const [sender] = await setup.query<{ id: number }>(
    "SELECT id FROM addresses WHERE account_id = 1 AND kind = 'sender' AND is_default",
  );
  await setup.close();
  if (!sender) throw new Error('no sender address');
  const platformNos = new Set(orders.map((o) => o.platformOrderNo));
  const landed = () => sandbox.shipments.filter((s) => platformNos.has(s.orderNo));

  // 1. 批量发货 of the 60 orders; kill -9 as the 8th writeback lands on the platform.
  let server = await start(storage, served.url);
  const { api } = await signInBySms(server.url, { mobile: ADMIN, secret: SECRET });
  const result = await api.call('/api/order/batch-ship', {
    carrier: 'SF',
    sender_address_id: sender.id,
    items: orders.map((order, i) => ({ id: order.id, tracking_no: sfTrackingNo(10_000 + i) })),
  });
  expect(result.succeeded).toBe(ORDERS);
  while (landed().length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
  await server.kill();
  const landedAtKill = new Set(landed().map((s) => s.orderNo));
  expect(landedAtKill.size).toBeLessThan(ORDERS);

  // What the dead server left: writebacks marked as being sent, some of which landed (their answer was
  // lost), and writebacks not sent yet.
  const dead = await storage.open();
  const left = await dead.query<{ platform_order_no: string; status: string }>(
    'SELECT platform_order_no, status FROM order_writebacks WHERE order_id = ANY($1::int[])',
    [orders.map((o) => o.id)],
  );
  await dead.close();
  expect(left).toHaveLength(ORDERS);
  const sending = left.filter((row) => row.status === 'sending');
  expect(sending.length).toBeGreaterThan(0);
  expect(sending.some((row) => landedAtKill.has(row.platform_order_no))).toBe(true);
  expect(left.filter((row) => row.status === 'pending').length).toBeGreaterThan(0);

  // 2. Started again on the same data: every pending writeback is sent, and each order ships once.
  server = await start(storage, served.url);
  const deadline = Date.now() + 180_000;
  while (landed().length < ORDERS && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Whatever was still in flight settles before the count.
  await server.stop();

  const ships = sandbox.callsOf(SHIP);
  expect(ships.filter((call) => call.error !== null)).toEqual([]);
  expect(ships).toHaveLength(ORDERS);
  for (const order of orders) {
    expect(
      landed().filter((s) => s.orderNo === order.platformOrderNo),
      order.orderNo,
    ).toHaveLength(1);
  }
  const db = await storage.open();
  try {
    const rows = await db.query<{ status: string }>(
      'SELECT status FROM order_writebacks WHERE order_id = ANY($1::int[])',
      [orders.map((o) => o.id)],
    );
    expect(rows.map((row) => row.status)).toEqual(Array(ORDERS).fill('succeeded'));
  } finally {
    await db.close();
  }
  expect(landedAtKill.size).toBeGreaterThanOrEqual(8);
}

describe('kill -9 during writebacks', () => {
  servers.itOnEachStorage(
    'on restart every pending writeback is sent exactly once',
    crashDuringWritebacks,
    600_000,
  );
});
