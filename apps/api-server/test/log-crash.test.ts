import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '@consign/api-client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Queryable } from '../src/db/db';
import {
  ADMIN,
  freePort,
  healthy,
  SECRET,
  seededDataDir,
  seededPostgresDatabase,
  TEST_POSTGRES,
} from './helpers';

/**
 * The operation log under kill -9: the real server process (`src/main.ts`) on a file-backed PGlite
 * directory (and, with TEST_DATABASE_URL, on Postgres) is killed in the middle of a 批量发货 of 1,000
 * orders and again in the middle of an 导入快递单号 of 1,000 rows, each as soon as one of its orders
 * is seen shipped. Whatever the count shipped by then, every order that changed has its log entry
 * and no entry exists without its change: each order commits with its own entry.
 */
const serverDir = join(import.meta.dirname, '..');
const ORDERS = 1000;
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

interface Storage {
  /** The variables that point the server at the storage. */
  env: Record<string, string>;
  open(): Promise<Queryable & { close(): Promise<void> }>;
}

/** Environment variables of the parent that would change the outcome are left out. */
function serverEnv(storage: Storage, port: number): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(TENCENT_|SMS_PROVIDER|CAPTCHA_PROVIDER|DATABASE_URL|DATA_DIR|NODE_ENV|SIGNUP)/.test(name)) {
      delete env[name];
    }
  }
  return { ...env, API_SIGN_SECRET: SECRET, PORT: String(port), LOG_LEVEL: 'warn', ...storage.env };
}

/** Starts the server on `storage`; signs in, unless given the token of an earlier run (on the same data). */
async function start(storage: Storage, token?: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: serverEnv(storage, port),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // No deadline of our own: the server answers, or it exits (and says why), or the test times out.
  while (!(await healthy(url))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let signedIn = token;
  if (!signedIn) {
    const anonymous = createApiClient({ baseURL: url, secret: SECRET });
    await anonymous.call('/api/default/send-code', {
      mobile: ADMIN,
      type: 1,
      sign_type: 1,
      ticket: 'dev-ticket',
      randstr: 'r',
    });
    const { code } = (await (await fetch(`${url}/__dev/sms?mobile=${ADMIN}`)).json()) as { code: string };
    signedIn = (await anonymous.call('/api/default/login', { mobile: ADMIN, code })).access_token;
  }
  const api = createApiClient({ baseURL: url, secret: SECRET, getToken: () => signedIn ?? null });
  return {
    api,
    token: signedIn,
    /** kill -9, and wait until the process is gone. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
      children.delete(child);
    },
  };
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
    return { batch: afterBatch.changed.length, import: afterImport.changed.length };
  } finally {
    await db.close();
  }
}

describe('kill -9 mid-batch and mid-import', () => {
  it('PGlite: every changed order has its log entry, and every entry its change', async () => {
    const dataDir = await seededDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const counts = await crashTwice({
      env: { DATA_DIR: dataDir },
      open: () => openDb({ dataDir }),
    });
    console.log(`PGlite: killed after ${counts.batch} of ${ORDERS} batch orders, ${counts.import} imported`);
  }, 300_000);

  it.skipIf(!TEST_POSTGRES)(
    'Postgres: every changed order has its log entry, and every entry its change',
    async () => {
      const database = await seededPostgresDatabase(TEST_POSTGRES ?? '');
      cleanups.push(() => database.drop());
      const counts = await crashTwice({
        env: { DATABASE_URL: database.url },
        open: () => openDb({ databaseUrl: database.url }),
      });
      console.log(
        `Postgres: killed after ${counts.batch} of ${ORDERS} batch orders, ${counts.import} imported`,
      );
    },
    300_000,
  );
});
