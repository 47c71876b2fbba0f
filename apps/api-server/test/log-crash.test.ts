import type { ApiClient } from '@consign/api-client';
import { describe, expect } from 'vitest';
import type { Queryable } from '../src/db/db';
import { ADMIN, SECRET } from './helpers';
import { type Storage, serverProcesses, signInBySms } from './server-process';

/**
 * The operation log under kill -9: the real server process (`src/main.ts`) on a file-backed PGlite
 * directory (and, with TEST_DATABASE_URL, on Postgres) is killed in the middle of a 批量发货 of 1,000
 * orders and again in the middle of an 导入快递单号 of 1,000 rows, each as soon as one of its orders
 * is seen shipped. Whatever the count shipped by then, every order that changed has its log entry
 * and no entry exists without its change: each order commits with its own entry.
 */
const ORDERS = 1000;
const servers = serverProcesses();

/** Starts the server on `storage`; signs in, unless given the token of an earlier run (on the same data). */
async function start(storage: Storage, token?: string) {
  const server = await servers.started({ API_SIGN_SECRET: SECRET, ...storage.env });
  return { ...(await signInBySms(server.url, { mobile: ADMIN, secret: SECRET, token })), kill: server.kill };
}

/**
 * Adds `count` 已采购 orders of the demo account numbered `<prefix>0001`... (copies of one seeded
 * order) and answers their ids and numbers in number order.
 */
async function addPurchasedOrders(db: Queryable, prefix: string, count: number) {
  await db.query(
    `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
       receiver_name, receiver_mobile, receiver_address, created_at)
     SELECT o.account_id, $1 || lpad(g::text, 4, '0'), o.shop_id, o.goods, o.goods_titles, o.amount,
       'purchased', o.buyer_name, o.receiver_name, o.receiver_mobile, o.receiver_address, o.created_at
     FROM generate_series(1, $2::int) g,
       (SELECT * FROM orders WHERE account_id = 1 ORDER BY id LIMIT 1) o`,
    [prefix, count],
  );
  return db.query<{ id: number; order_no: string }>(
    'SELECT id, order_no FROM orders WHERE order_no LIKE $1 ORDER BY order_no',
    [`${prefix}%`],
  );
}

/** Polls `order/detail` of `id` until it is shipped (the batch or import has committed it). */
async function shipped(api: ApiClient, id: number) {
  while ((await api.call('/api/order/detail', { id })).status !== 'shipped') {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The orders among `ids` that are shipped, and the targets of the log entries of `action`. */
async function outcome(db: Queryable, ids: number[], action: string) {
  const changed = await db.query<{ id: number }>(
    "SELECT id FROM orders WHERE id = ANY($1::int[]) AND status = 'shipped' ORDER BY id",
    [ids],
  );
  const entries = await db.query<{ target_id: number }>(
    'SELECT target_id FROM operation_log WHERE action = $1 ORDER BY target_id',
    [action],
  );
  return { changed: changed.map((row) => row.id), logged: entries.map((row) => row.target_id) };
}

async function crashTwice(storage: Storage) {
  const setup = await storage.open();
  const batch = await addPurchasedOrders(setup, 'CRASHB', ORDERS);
  const imported = await addPurchasedOrders(setup, 'CRASHI', ORDERS);
  const [sender] = await setup.query<{ id: number }>(
    "SELECT id FROM addresses WHERE account_id = 1 AND kind = 'sender' AND is_default",
  );
  await setup.close();
  if (!sender || batch.length !== ORDERS || imported.length !== ORDERS) throw new Error('setup failed');

  // 1. 批量发货 of 1,000 orders, killed once the first is shipped.
  let server = await start(storage);
  const batchCall = server.api
    .call(
      '/api/order/batch-ship',
      {
        carrier: 'SF',
        sender_address_id: sender.id,
        items: batch.map((order, i) => ({ id: order.id, tracking_no: `SF${1_000_000_000_000 + i}` })),
      },
      { skipErrorHandler: true },
    )
    .catch(() => null); // the connection dies with the server
  await shipped(server.api, batch[0]?.id ?? 0);
  await server.kill();
  await batchCall;

  // 2. On the same data: 导入快递单号 of 1,000 rows, killed once the first is shipped.
  server = await start(storage, server.token);
  const lines = imported.map((order, i) => `${order.order_no},SF,SF${2_000_000_000_000 + i}`);
  // A File: the client sends a body's file under its name, and the server reads the format from it.
  const file = new File([`订单号,快递公司,快递单号\n${lines.join('\n')}\n`], 'import.csv', {
    type: 'text/csv',
  });
  const importCall = server.api
    .call('/api/order/import-apply', { file }, { skipErrorHandler: true })
    .catch(() => null);
  await shipped(server.api, imported[0]?.id ?? 0);
  await server.kill();
  await importCall;

  // 3. Open the data again (the database recovers from the crash) and compare.
  const db = await storage.open();
  try {
    const afterBatch = await outcome(
      db,
      batch.map((o) => o.id),
      'order.batch-ship',
    );
    const afterImport = await outcome(
      db,
      imported.map((o) => o.id),
      'order.import-apply',
    );
    for (const { changed, logged } of [afterBatch, afterImport]) {
      expect(changed.length).toBeGreaterThan(0);
      // One entry per changed order, none for an order that did not change.
      expect(logged).toEqual(changed);
    }
    console.log(
      `${storage.name}: killed after ${afterBatch.changed.length} of ${ORDERS} batch orders, ${afterImport.changed.length} imported`,
    );
  } finally {
    await db.close();
  }
}

describe('kill -9 mid-batch and mid-import', () => {
  servers.itOnEachStorage(
    'every changed order has its log entry, and every entry its change',
    crashTwice,
    300_000,
  );
});
