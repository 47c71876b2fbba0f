import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNonce, signPayload, unixSeconds } from '@consign/api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/db/notifications';
import { EXPORT_HEARTBEAT_TIMEOUT_S, EXPORT_MESSAGES, ExportJobs } from '../src/jobs/export';
import { SMS_MESSAGES, SMS_RULES } from '../src/security/sms-codes';
import {
  ADMIN,
  createPostgresDatabase,
  envelope,
  openLive,
  SECRET,
  seededPostgresDatabase,
  startTestServer,
  TestClock,
  type TestServer,
  USER,
} from './helpers';

/**
 * Two instances on one Postgres share nothing but the database (docs/design.md#running-in-production): each has its
 * own nonce store, rate limiter, SMS code rules, token store and copy worker, talking to the same
 * database, as two processes behind a load balancer would. Every rule must hold whichever instance a
 * request lands on. One frozen clock for both (as NTP keeps real servers within a second). Runs when
 * TEST_DATABASE_URL is set (`npm test` starts a throwaway cluster: scripts/with-postgres.mjs).
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('two instances on one Postgres', () => {
  const clock = new TestClock();
  let a: TestServer;
  let b: TestServer;
  let database: { url: string; drop(): Promise<void> };
  let exportDir: string;

  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };

  const sendCode = (on: TestServer, mobile: string) =>
    on.post('/api/default/send-code', { mobile, type: 1, sign_type: 1, ticket: 'dev-ticket', randstr: 'r' });
  const outboxCode = async (on: TestServer, mobile: string) => {
    const res = await fetch(`${on.url}/__dev/sms?mobile=${mobile}`);
    return ((await res.json()) as { code: string }).code;
  };
  const login = (on: TestServer, mobile: string, code: string) =>
    on.post('/api/default/login', { mobile, code });

  beforeAll(async () => {
    database = await createPostgresDatabase(base ?? '');
    // Export files on storage both share, as EXPORT_DIR must be behind a load balancer.
    exportDir = mkdtempSync(join(tmpdir(), 'consign-shared-exports-'));
    const options = {
      dataDir: 'memory://unused',
      databaseUrl: database.url,
      clock,
      exportDir,
      exportWorker: { idlePollMs: 100 },
    };
    [a, b] = await Promise.all([startTestServer(options), startTestServer(options)]);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    if (exportDir) rmSync(exportDir, { recursive: true, force: true });
  });

  it('a change written through instance A reaches a live stream on instance B (LISTEN/NOTIFY)', async () => {
    const token = await a.login(ADMIN);
    const [row] = await query<{ account_id: number }>('SELECT account_id FROM users WHERE mobile = $1', [
      ADMIN,
    ]);
    const account_id = row?.account_id ?? 0;
    const stream = await openLive(b, token);
    try {
      await notify(a.server.db, {
        accountId: account_id,
        kind: 'shop_auth',
        key: `live:instances:${Date.now()}`,
        title: '授权即将过期',
        body: '',
        link: '',
      });
      await stream.waitFor('notifications');
    } finally {
      await stream.close();
    }
  });

  it('refuses a signed request replayed on the other instance: the write runs once', async () => {
    const token = await a.login(USER);
    const url = `https://detail.1688.com/offer/${Date.now()}1.html`;
    const signed = { shop_id: 1, urls: [url], nonce: createNonce(), ts: unixSeconds(clock.now()) };
    const send = (on: TestServer) =>
      fetch(`${on.url}/api/copy/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'cache-key': signPayload(signed, SECRET),
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify(signed),
      });
    const first = await send(a);
    expect(first.status).toBe(200);
    const replay = await send(b);
    expect(replay.status).toBe(400);
    expect(await envelope(replay)).toEqual({ errorCode: 1, msg: '重复的请求' });
    expect(await query('SELECT count(*)::int AS n FROM copy_records WHERE source_url = $1', [url])).toEqual([
      { n: 1 },
    ]);

    // The same signed request arriving at both at the same moment: exactly one runs.
    const url2 = `https://detail.1688.com/offer/${Date.now()}2.html`;
    signed.urls = [url2];
    signed.nonce = createNonce();
    const statuses = (await Promise.all([send(a), send(b), send(a), send(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    expect(await query('SELECT count(*)::int AS n FROM copy_records WHERE source_url = $1', [url2])).toEqual([
      { n: 1 },
    ]);
  });

  it('limits SMS codes per IP across both instances (30 in all, not 30 each)', async () => {
    clock.advance(SMS_RULES.perIpWindowSeconds * 1000 + 60_000); // a fresh window for 127.0.0.1
    const statuses: number[] = [];
    for (let i = 0; i < SMS_RULES.perIpLimit; i++) {
      statuses.push((await sendCode(i % 2 === 0 ? a : b, `1360000${String(i).padStart(4, '0')}`)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const on of [a, b]) {
      const refused = await sendCode(on, '13600009999');
      expect(refused.status).toBe(429);
      expect((await envelope(refused)).msg).toBe(SMS_MESSAGES.ipLimited);
    }
    clock.advance(SMS_RULES.perIpWindowSeconds * 1000 + 60_000); // leave the next tests a fresh window
    expect((await sendCode(b, '13600009999')).status).toBe(200);
  });

  it('logs in on B with a code sent through A, and a code is used once across both', async () => {
    clock.advance(61_000);
    const mobile = '13700000001';
    expect((await sendCode(a, mobile)).status).toBe(200);
    const code = await outboxCode(a, mobile);
    const signedIn = await login(b, mobile, code);
    expect(await envelope(signedIn)).toMatchObject({ errorCode: 0 });
    expect((await envelope(await login(a, mobile, code))).msg).toBe(SMS_MESSAGES.expired);
    // The 60 s rule holds across instances too.
    expect((await sendCode(b, mobile)).status).toBe(429);
  });

  it('ends a token on B at once when it logs out on A', async () => {
    const token = await a.login(USER);
    const onB = (t: TestServer) => t.post('/api/user/info', {}, { token });
    expect((await onB(b)).status).toBe(200);
    expect((await a.post('/api/default/logout', {}, { token })).status).toBe(200);
    expect((await onB(b)).status).toBe(401);
    expect((await onB(a)).status).toBe(401);
  });

  it('spends a code after five wrong tries, even when tried at once on A and B', async () => {
    clock.advance(61_000);
    const mobile = '13700000002';
    expect((await sendCode(b, mobile)).status).toBe(200);
    const code = await outboxCode(b, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    // Eight wrong tries at once, four on each: five count, and the code is spent by the fifth.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(i % 2 === 0 ? a : b, mobile, wrong).then(envelope)),
    );
    const messages = answers.map((answer) => answer.msg);
    expect(messages.filter((m) => m === SMS_MESSAGES.wrongCode)).toHaveLength(SMS_RULES.maxAttempts - 1);
    expect(messages.filter((m) => m === SMS_MESSAGES.spent)).toHaveLength(1);
    expect(messages.filter((m) => m === SMS_MESSAGES.expired)).toHaveLength(8 - SMS_RULES.maxAttempts);
    for (const on of [a, b]) {
      expect((await envelope(await login(on, mobile, code))).msg).toBe(SMS_MESSAGES.expired);
    }
  });

  it('spends a download link on both: fetched through A, refused on B; fetched on both at once, once', async () => {
    const token = await a.login(ADMIN);
    const api = a.client(() => token);
    const job = await api.call('/api/export/create', { format: 'csv', status: 'completed' });
    for (let i = 0; i < 600; i++) {
      const [row] = await query<{ status: string }>('SELECT status FROM export_jobs WHERE id = $1', [job.id]);
      if (row?.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const first = await api.call('/api/export/download-url', { id: job.id });
    expect((await fetch(`${a.url}${first.url}`)).status).toBe(200);
    const again = await fetch(`${b.url}${first.url}`);
    expect(again.status).toBe(403);

    const second = await api.call('/api/export/download-url', { id: job.id });
    const both = await Promise.all([a, b, a, b].map((on) => fetch(`${on.url}${second.url}`)));
    await Promise.all(both.map((res) => res.arrayBuffer()));
    expect(both.map((res) => res.status).sort()).toEqual([200, 403, 403, 403]);
  });
});

describe.skipIf(!base)('export hand-over between instances whose clocks disagree', () => {
  it('judges a running export by the database clock: a live one is kept, a dead one is failed', async () => {
    const database = await seededPostgresDatabase(base ?? '');
    // A's clock is ten minutes behind B's (and the database's).
    const behind = new TestClock();
    behind.advance(-10 * 60_000);
    const options = {
      dataDir: 'memory://unused',
      databaseUrl: database.url,
      copyWorker: false as const,
      exportWorker: false as const,
    };
    const a = await startTestServer({ ...options, clock: behind });
    const b = await startTestServer(options);
    const dir = mkdtempSync(join(tmpdir(), 'consign-handover-'));
    try {
      const token = await a.login(ADMIN);
      expect((await a.post('/api/export/create', { format: 'csv' }, { token })).status).toBe(200);
      // Each instance's export worker, with its instance's clock.
      const onA = new ExportJobs(a.server.db, behind.now, a.server.log, { dir });
      const onB = new ExportJobs(b.server.db, b.clock.now, b.server.log, { dir });
      const job = await onA.claimJob();
      if (!job) throw new Error('nothing claimed');
      const state = async () =>
        (
          await b.server.db.query<{ status: string; error: string | null }>(
            'SELECT status, error FROM export_jobs WHERE id = $1',
            [job.id],
          )
        )[0];
      // By B's clock, a heartbeat written with A's would be ten minutes old: B must not fail the job.
      await onB.failDead(false);
      expect(await state()).toEqual({ status: 'running', error: null });
      // A heartbeat that really stopped (older than the timeout by the database's clock) is found.
      await b.server.db.query('UPDATE export_jobs SET heartbeat_at = heartbeat_at - $2 WHERE id = $1', [
        job.id,
        EXPORT_HEARTBEAT_TIMEOUT_S + 1,
      ]);
      await onB.failDead(false);
      expect(await state()).toEqual({ status: 'failed', error: EXPORT_MESSAGES.interrupted });
    } finally {
      await a.stop();
      await b.stop();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
