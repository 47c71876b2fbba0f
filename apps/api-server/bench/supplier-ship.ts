/**
 * The supplier-shipment bench (`pnpm --filter @consign/api-server bench:supplier-ship`): from the
 * supplier shipping on 1688 to the tracking number accepted by 拼多多, through 1688 消息服务
 * (docs/design.md#1688-order-messages). PGlite in memory, or Postgres with `DATABASE_URL=` an empty
 * database (`node scripts/with-postgres.mjs` sets `TEST_DATABASE_URL`).
 *
 * One server in this process in sandbox mode (`platformSandbox`, its 拼多多 and 1688 sandboxes mounted on
 * it; the 1688 sandbox pushes its order messages to the server's `/api/platform-events/alibaba`), the
 * production job timings (the supplier follow-up's own look every 5 minutes, so a shipment that comes
 * sooner came by its message; the `platform-event` and `writeback` workers as in production). A 拼多多
 * shop of the demo account is authorised on the sandbox, and BENCH_ORDERS (200) of its sandbox orders
 * are stored as 待采购 platform orders whose SKU is bought from the sandbox's 保温杯; 一键采购 buys them
 * all (自动付款 pays them). Then the supplier ships them, BENCH_RATE (5) a second, and the bench
 * measures, per order, from `ship` on 1688 to the shipment (`pdd.logistics.online.send`) accepted by
 * the 拼多多 sandbox (its order shows the tracking number; polled every 100 ms): p50, p99, max. It also
 * checks each order was shipped on 拼多多 with the 1688 bill number, once.
 */
import { createApiClient } from '@consign/api-client';
import { SANDBOX_MOUNT } from '../src/sandboxes';
import { CUP, sourcedSku } from '../test/purchase-helpers';
import {
  BENCH_SECRET,
  benchSeller,
  connectBenchSeller,
  load,
  pause,
  percentile,
  STORAGE,
  seconds,
  startBenchServer,
} from './bench-kit';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 5);
const ACCOUNT = 1;
const PLATFORM_SHOP = '900001';
/** Past this, the bench gives up and says what was left. */
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 15 * 60_000);

async function main() {
  const server = await startBenchServer({
    shopSync: false,
    platformSandbox: { demoEveryMs: false },
    // Production timings but for 自动采购 (off: the bench queues by hand).
    purchaseJobs: { autoEveryMs: 3_600_000 },
  });
  const { db, sandboxes } = server;
  if (!sandboxes) throw new Error('no sandboxes');
  const { pdd, alibaba } = sandboxes;
  try {
    const prepared = performance.now();
    const nowS = Math.floor(Date.now() / 1000);
    alibaba.setRateLimit(1_000_000);
    pdd.setRateLimit(1_000_000, 1);
    const cup = alibaba.offers.get(CUP.offerId);
    if (!cup) throw new Error('no sandbox offer');
    cup.stock = 10 * ORDERS;
    const mount = `${server.url}${SANDBOX_MOUNT}`;
    const [shopId = 0] = await connectBenchSeller(db, {
      accountId: ACCOUNT,
      alibaba: { sandbox: alibaba, endpoints: sandboxes.alibabaEndpoints(mount) },
      pdd: { sandbox: pdd, endpoints: sandboxes.endpoints(mount).pinduoduo },
      platformShopIds: [PLATFORM_SHOP],
      nowS,
    });
    await sourcedSku(db, { accountId: ACCOUNT, shopId, outerSkuId: 'BENCH-SHIP', source: CUP, nowS });
    await db.query("INSERT INTO purchase_fees (platform, fee, updated_at) VALUES ('', 100, 0)");
    await db.query(
      `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, created_at)
       VALUES ($1, 'adjust', $2, 0, 'bench', 0)`,
      [ACCOUNT, 100 * ORDERS],
    );
    // The shop's orders on 拼多多, as the sync stores them: 待采购, one line of the sourced SKU.
    const orderIds: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const placed = pdd.placeOrder(PLATFORM_SHOP);
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO orders (order_no, shop_id, goods, goods_titles, amount, status, buyer_name, receiver_name,
           receiver_mobile, receiver_address, created_at, updated_at, account_id, source, platform_order_no)
         VALUES ($1, $2, $3::jsonb, '保温杯', 5990, 'pending', '王芳', '王芳', '13812345678',
           '浙江省杭州市西湖区文三路 478 号', $4, $4, $5, 'sync', $6) RETURNING id`,
        [
          `SHIP-${String(i + 1).padStart(5, '0')}`,
          shopId,
          JSON.stringify([
            {
              title: '保温杯',
              image: '',
              quantity: 1,
              sku: '白色,L',
              price: 5990,
              outer_sku_id: 'BENCH-SHIP',
            },
          ]),
          nowS,
          ACCOUNT,
          placed.orderNo,
        ],
      );
      if (!row) throw new Error('no order');
      orderIds.push(row.id);
    }
    const { token } = await benchSeller(server);
    const api = createApiClient({
      baseURL: server.url,
      secret: BENCH_SECRET,
      getToken: () => token,
      timeout: 600_000,
    });
    for (let from = 0; from < orderIds.length; from += 1_000) {
      await api.call('/api/purchase/start', { ids: orderIds.slice(from, from + 1_000) });
    }
    // Every purchase placed and paid; the supplier ships only when the bench says.
    const deadline = Date.now() + DEADLINE_MS;
    let purchases: { supplier_order_no: string; platform_order_no: string }[] = [];
    for (;;) {
      purchases = await db.query(
        `SELECT p.supplier_order_no, o.platform_order_no FROM order_purchases p JOIN orders o ON o.id = p.order_id
         WHERE p.status = 'placed' AND o.id = ANY($1::int[])`,
        [orderIds],
      );
      for (const p of purchases) {
        const order = alibaba.purchases.get(p.supplier_order_no);
        if (order?.paid && !Number.isFinite(order.shipAt)) continue;
        if (order?.paid) order.shipAt = Number.POSITIVE_INFINITY;
      }
      const paid = purchases.filter((p) => alibaba.purchases.get(p.supplier_order_no)?.paid).length;
      if (paid === ORDERS) break;
      if (Date.now() > deadline) throw new Error(`only ${purchases.length} placed, ${paid} paid`);
      await pause(500);
    }
    await alibaba.settleMessages();
    console.log(
      `prepared ${ORDERS} purchased 拼多多 orders in ${((performance.now() - prepared) / 1000).toFixed(1)} s (${STORAGE}), load ${load()}`,
    );

    // The supplier ships RATE a second; each shipment is watched on 拼多多.
    const shippedAt = new Map<string, number>();
    const acceptedAt = new Map<string, number>();
    const began = Date.now();
    let next = began;
    let i = 0;
    while (acceptedAt.size < ORDERS && Date.now() < deadline) {
      while (i < purchases.length && next <= Date.now()) {
        const p = purchases[i++] as (typeof purchases)[number];
        alibaba.ship(p.supplier_order_no);
        shippedAt.set(p.platform_order_no, Date.now());
        next += 1000 / RATE;
      }
      const at = Date.now();
      for (const no of shippedAt.keys()) {
        if (!acceptedAt.has(no) && pdd.orders.get(no)?.shipment) acceptedAt.set(no, at);
      }
      await pause(100);
    }
    const lags = [...acceptedAt].map(([no, at]) => at - (shippedAt.get(no) ?? at));
    const wrongNumber = purchases.filter(
      (p) =>
        acceptedAt.has(p.platform_order_no) &&
        pdd.orders.get(p.platform_order_no)?.shipment?.trackingNo !==
          alibaba.purchases.get(p.supplier_order_no)?.billNo,
    ).length;
    const [events] = await db.query<Record<string, number>>(
      `SELECT count(*)::int AS recorded, count(*) FILTER (WHERE status = 'done')::int AS done
       FROM platform_events WHERE platform = 'alibaba'`,
    );
    const [writebacks] = await db.query<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, sum(attempts)::int AS attempts
       FROM order_writebacks WHERE order_id = ANY($1::int[])`,
      [orderIds],
    );
    console.log(
      JSON.stringify({
        storage: STORAGE,
        orders: ORDERS,
        shippedPerSecond: RATE,
        shipped: shippedAt.size,
        acceptedByPinduoduo: acceptedAt.size,
        shipToWritebackSeconds: {
          p50: seconds(percentile(lags, 50)),
          p99: seconds(percentile(lags, 99)),
          max: seconds(percentile(lags, 100)),
        },
        wrongTrackingNumber: wrongNumber,
        alibabaMessages: events,
        writebacks,
        loadAverage: load(),
      }),
    );
  } finally {
    await server.close();
  }
}

await main();
process.exit(0);
