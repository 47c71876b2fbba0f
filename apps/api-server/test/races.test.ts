import { STALE_RECORD_MESSAGE } from '@consign/api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db';
import {
  ADMIN,
  envelope,
  startTwoInstances,
  TEST_POSTGRES,
  TestClock,
  type TestServer,
  type TwoInstances,
} from './helpers';

/**
 * Writes that race at the database's constraints answer their route's clear 409 / 404 (or succeed),
 * never a 500, and leave the database consistent. With TEST_DATABASE_URL: two instances on one
 * Postgres, the calls spread over both (each with its own pool, as two processes); without it the
 * same races on one PGlite server, where requests interleave between statements.
 */

const clock = new TestClock();
let a: TestServer;
let b: TestServer;
let instances: TwoInstances | undefined;
let owner: string;

// These races are about the database, not the bound on API calls in flight (in-flight.test.ts): a
// call waits for its place however slow the machine is, so all 400 corrections are admitted.
const admitAll = { queueWaitMs: 120_000 };

beforeAll(async () => {
  instances = await startTwoInstances({ clock, copyWorker: false, ...admitAll });
  ({ a, b } = instances);
  owner = await a.login(ADMIN);
}, 180_000);

afterAll(() => instances?.stop());

const db = () => a.server.db;

interface Answer {
  status: number;
  msg?: string;
  data?: unknown;
}
/** A signed call on instance `on`, as the answer's status and envelope. */
async function call(
  on: TestServer,
  path: string,
  body: Record<string, unknown>,
  token = owner,
): Promise<Answer> {
  const res = await on.post(path, body, { token });
  const answer = await envelope(res);
  return { status: res.status, msg: answer.msg, data: answer.data };
}
/** The i-th call goes to instance a or b in turn. */
const instance = (i: number) => (i % 2 === 0 ? a : b);

/** A new seller account (empty: no addresses, roles or groups) and its owner's token. */
let accounts = 0;
async function newAccount(): Promise<string> {
  accounts += 1;
  return a.login(`1371234${String(5000 + accounts).padStart(4, '0')}`);
}

const sender = (i: number) => ({
  kind: 'sender',
  name: `发货人${i}`,
  mobile: '13800000009',
  region: '浙江省杭州市',
  address: `并发路 ${i} 号`,
});

describe('sender addresses (one default per account and kind)', () => {
  it('ten first addresses of an account at once: all saved, exactly one the default', async () => {
    for (let round = 0; round < 3; round++) {
      const token = await newAccount();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(instance(i), '/api/address/save', sender(i), token)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
      const list = (await call(a, '/api/address/index', {}, token)).data as { is_default: boolean }[];
      expect(list).toHaveLength(10);
      expect(list.filter((x) => x.is_default)).toHaveLength(1);
    }
  });

  it('twenty "make default" saves at once: each saved or 409, exactly one default', async () => {
    const token = await newAccount();
    const saved: { id: number; version: number }[] = [];
    for (let i = 0; i < 20; i++) {
      saved.push(
        (await call(a, '/api/address/save', sender(i), token)).data as { id: number; version: number },
      );
    }
    const answers = await Promise.all(
      saved.map((row, i) =>
        call(
          instance(i),
          '/api/address/save',
          { ...sender(i), id: row.id, version: row.version, is_default: true },
          token,
        ),
      ),
    );
    for (const answer of answers) {
      expect(
        answer.status === 200 || (answer.status === 409 && answer.msg === STALE_RECORD_MESSAGE),
        JSON.stringify(answer),
      ).toBe(true);
    }
    // Only the address that was the default before could have changed under its save.
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(19);
    const list = (await call(a, '/api/address/index', {}, token)).data as {
      id: number;
      is_default: boolean;
    }[];
    expect(list.filter((x) => x.is_default)).toHaveLength(1);
  });
});

describe('a write onto a record being deleted', () => {
  it('a member saved onto a role being deleted: 404 for the save or the role stays in use, never 500', async () => {
    const team = (path: string, body: Record<string, unknown>, on = a) => call(on, `/api/team/${path}`, body);
    const keep = (await team('role-save', { name: '保留角色', permissions: ['order:view'] })).data as {
      id: number;
    };
    const member = (
      await team('member-save', { mobile: '13712348001', nickname: '并发成员', role_id: keep.id })
    ).data as { id: number; version: number };
    let version = member.version;
    const seen = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const role = (await team('role-save', { name: `将删角色${round}`, permissions: ['order:view'] }))
        .data as {
        id: number;
      };
      const [save, del] = await Promise.all([
        team('member-save', { id: member.id, nickname: '并发成员', role_id: role.id, version }, a),
        team('role-del', { id: role.id }, b),
      ]);
      const [row] = await db().query<{ role_id: number; version: number }>(
        'SELECT role_id, version FROM users WHERE id = $1',
        [member.id],
      );
      const roleLeft = await db().query('SELECT 1 FROM roles WHERE id = $1', [role.id]);
      if (save.status === 200) {
        // The member holds the role: its deletion was refused as a role in use.
        expect(del).toMatchObject({ status: 200, msg: expect.stringContaining('该角色下还有 1 个子账号') });
        expect(row?.role_id).toBe(role.id);
        expect(roleLeft).toHaveLength(1);
        seen.add('saved');
      } else {
        expect(save).toMatchObject({ status: 404, msg: '记录不存在' });
        expect(del.status).toBe(200);
        expect(roleLeft).toHaveLength(0);
        expect(row?.role_id).not.toBe(role.id);
        seen.add('deleted first');
      }
      version = row?.version ?? version;
      // Back onto the kept role (a deleted role cannot be held, a held one cannot be deleted).
      const back = await team('member-save', {
        id: member.id,
        nickname: '并发成员',
        role_id: keep.id,
        version,
      });
      expect(back.status).toBe(200);
      version = (back.data as { version: number }).version;
      await team('role-del', { id: role.id });
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('a shop moved into a group being deleted: 404 for the move or the shop ends ungrouped, never 500', async () => {
    const [shop] = await db().query<{ id: number }>(
      'SELECT id FROM shops WHERE account_id = 1 ORDER BY id LIMIT 1',
    );
    for (let round = 0; round < 20; round++) {
      const group = (await call(a, '/api/shop/group-save', { name: `将删分组${round}` })).data as {
        id: number;
      };
      const [before] = await db().query<{ version: number; group_id: number | null }>(
        'SELECT version, group_id FROM shops WHERE id = $1',
        [shop?.id],
      );
      const version = before?.version;
      const [move, del] = await Promise.all([
        call(a, '/api/shop/move', { shop_id: shop?.id, group_id: group.id, version }),
        call(b, '/api/shop/group-del', { id: group.id }),
      ]);
      expect(del.status).toBe(200);
      expect([200, 404]).toContain(move.status);
      if (move.status === 404) expect(move.msg).toBe('记录不存在');
      const [row] = await db().query<{ group_id: number | null }>(
        'SELECT group_id FROM shops WHERE id = $1',
        [shop?.id],
      );
      // Moved, then its group deleted: ungrouped (ON DELETE SET NULL); refused: where it was.
      expect(row?.group_id).toBe(move.status === 200 ? null : before?.group_id);
      expect(await db().query('SELECT 1 FROM shop_groups WHERE id = $1', [group.id])).toHaveLength(0);
    }
  });
});

/** A plain connection to the test's Postgres (not through the server), closed by the caller. */
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: instances?.databaseUrl ?? undefined });
  await client.connect();
  return client;
}

/** Waits until `count` other sessions of the database wait for a lock (a generous minute at most). */
async function waitersOnLock(client: pg.Client, count: number) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} sessions waited for a lock`);
}

describe.skipIf(!TEST_POSTGRES)('lock order and retries (Postgres)', () => {
  it('two corrections moving receivers in opposite directions no longer deadlock in the triggers', async () => {
    // Two orders with receivers of their own and one mobile (so their buyers keep their rows): the
    // first takes the second's receiver, the second the first's. The list total is held meanwhile, so
    // both statements are inside the triggers at once when it is released: the triggers of migration
    // 0013 then held one receiver each and wanted the other's (40P01 for one of them).
    const [shop] = await db().query<{ id: number }>('SELECT id FROM shops WHERE account_id = 1 LIMIT 1');
    const order = async (n: number) => {
      const [row] = await db().query<{ id: number }>(
        `INSERT INTO orders (account_id, order_no, shop_id, goods, goods_titles, amount, status, buyer_name,
           receiver_name, receiver_mobile, receiver_address, created_at)
         VALUES (1, $1, $2, '[]', '锁序商品', 100, 'pending', $3, $4, '13900007777', $5, 1700000000) RETURNING id`,
        [`LOCK-${n}`, shop?.id, `锁序买家${n}`, `锁序收货人${n}`, `锁序路 ${n} 号`],
      );
      return row?.id;
    };
    const [o1, o2] = [await order(1), await order(2)];
    const holder = await connect();
    const [c1, c2] = [await connect(), await connect()];
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM group_totals WHERE account_id = 1 AND list = 'receivers' FOR UPDATE");
      const move = (client: pg.Client, id: number | undefined, to: number) =>
        client
          .query('UPDATE orders SET receiver_name = $2, receiver_address = $3 WHERE id = $1', [
            id,
            `锁序收货人${to}`,
            `锁序路 ${to} 号`,
          ])
          .then(
            () => 'ok',
            (error: { code?: string }) => error.code ?? 'error',
          );
      const moves = Promise.all([move(c1, o1, 2), move(c2, o2, 1)]);
      await waitersOnLock(holder, 2);
      await holder.query('COMMIT');
      expect(await moves).toEqual(['ok', 'ok']);
    } finally {
      await Promise.all([holder.end(), c1.end(), c2.end()]);
    }
    const rows = await db().query<{ receiver_name: string; order_count: number; last_order_id: number }>(
      `SELECT receiver_name, order_count, last_order_id FROM receivers
       WHERE account_id = 1 AND receiver_mobile = '13900007777' ORDER BY receiver_name`,
    );
    expect(rows).toEqual([
      { receiver_name: '锁序收货人1', order_count: 1, last_order_id: o2 },
      { receiver_name: '锁序收货人2', order_count: 1, last_order_id: o1 },
    ]);
  });

  it('a transaction that deadlocks with another is run again, and both commit', async () => {
    const store = await openDb({ databaseUrl: instances?.databaseUrl ?? undefined });
    try {
      let runs = 0;
      let arrived = 0;
      let release: () => void = () => {};
      const bothHoldOne = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Each takes one advisory lock, waits until the other holds its own, then wants the other's.
      const crossing = (first: number, second: number) =>
        store.transaction(async (tx) => {
          runs += 1;
          await tx.query('SELECT pg_advisory_xact_lock($1)', [first]);
          arrived += 1;
          if (arrived === 2) release();
          await bothHoldOne;
          await tx.query('SELECT pg_advisory_xact_lock($1)', [second]);
          return first;
        });
      expect(await Promise.all([crossing(727201, 727202), crossing(727202, 727201)])).toEqual([
        727201, 727202,
      ]);
      // Postgres chose one of them as the deadlock's victim; it ran once more.
      expect(runs).toBe(3);
    } finally {
      await store.close();
    }
  });
});

describe('修改收货地址 at once, in opposite directions', () => {
  it('400 corrections swapping receivers between pairs of orders all succeed, and buyers and receivers match the orders', async () => {
    type Open = {
      id: number;
      buyer_name: string;
      receiver_name: string;
      receiver_mobile: string;
      receiver_address: string;
    };
    const open = await db().query<Open>(
      `SELECT id, buyer_name, receiver_name, receiver_mobile, receiver_address FROM orders
       WHERE account_id = 1 AND status IN ('pending', 'purchased') ORDER BY id LIMIT 200`,
    );
    expect(open.length).toBeGreaterThanOrEqual(100);
    let corrections = 0;
    for (let round = 0; corrections < 400; round++) {
      const rows = await db().query<Open & { version: number }>(
        `SELECT id, buyer_name, receiver_name, receiver_mobile, receiver_address, version FROM orders
         WHERE id = ANY($1::int[]) ORDER BY id`,
        [open.map((o) => o.id)],
      );
      // Each order takes the receiver of its pair's other order, so two corrections move one
      // receiver and one buyer each way at the same moment.
      const calls = rows.map((row, i) => {
        const other = rows[i % 2 === 0 ? i + 1 : i - 1] ?? row;
        return call(instance(i + round), '/api/order/address', {
          id: row.id,
          name: other.receiver_name,
          mobile: other.receiver_mobile,
          address: other.receiver_address,
          version: row.version,
        });
      });
      const answers = await Promise.all(calls);
      corrections += answers.length;
      const failed = answers.filter((r) => r.status !== 200);
      expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
    }
    // The tables the triggers keep equal the orders grouped, and so do the lists' totals.
    const [buyers] = await db().query<{ diff: number }>(
      `SELECT count(*)::int AS diff FROM (
         (SELECT account_id, buyer_name, receiver_mobile, order_count, spend FROM buyers
          EXCEPT SELECT account_id, buyer_name, receiver_mobile, count(*)::int, sum(amount) FROM orders
          GROUP BY 1, 2, 3)
         UNION ALL
         (SELECT account_id, buyer_name, receiver_mobile, count(*)::int, sum(amount) FROM orders GROUP BY 1, 2, 3
          EXCEPT SELECT account_id, buyer_name, receiver_mobile, order_count, spend FROM buyers)) d`,
    );
    expect(buyers?.diff).toBe(0);
    const [receivers] = await db().query<{ diff: number }>(
      `SELECT count(*)::int AS diff FROM (
         (SELECT account_id, receiver_name, receiver_mobile, receiver_address, order_count FROM receivers
          EXCEPT SELECT account_id, receiver_name, receiver_mobile, receiver_address, count(*)::int FROM orders
          GROUP BY 1, 2, 3, 4)
         UNION ALL
         (SELECT account_id, receiver_name, receiver_mobile, receiver_address, count(*)::int FROM orders
          GROUP BY 1, 2, 3, 4
          EXCEPT SELECT account_id, receiver_name, receiver_mobile, receiver_address, order_count FROM receivers)) d`,
    );
    expect(receivers?.diff).toBe(0);
    const totals = await db().query<{ list: string; total: number; actual: number }>(
      `SELECT g.list, g.total,
         CASE g.list WHEN 'buyers' THEN (SELECT count(*)::int FROM buyers WHERE account_id = 1)
           ELSE (SELECT count(*)::int FROM receivers WHERE account_id = 1) END AS actual
       FROM group_totals g WHERE g.account_id = 1`,
    );
    for (const t of totals) expect(t.total, t.list).toBe(t.actual);
  }, 300_000);
});
