import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { expect } from 'vitest';
import { storeShopTokens } from '../src/db/shop-tokens';
import { PddConnector } from '../src/platforms/pdd';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { type TestClock, type TestServer, waitFor } from './helpers';
import { authoriseInBrowser } from './platform-helpers';

/**
 * The 拼多多 sandbox served on loopback behind a switch, for the shop sync's tests: `mode` makes the
 * "platform" answer HTML, garbage, a 500, drop the connection, or never answer; `transform` rewrites
 * the JSON of the order list (an amount as a string, a missing field); `beforeList` runs before each
 * order-list call reaches the sandbox (to change orders while the sync pages); `listCalls` records
 * every order-list call (token, window, page) so tests can count them.
 */
export type FaultMode = 'ok' | 'html' | 'garbage' | 'error500' | 'reset' | 'hang';

export interface ListCall {
  token: string;
  start: number;
  end: number;
  page: number;
}

export class PlatformUnderTest {
  static readonly rateLimit = 100_000;
  readonly sandbox: PddSandbox;
  readonly connector: PddConnector;
  mode: FaultMode = 'ok';
  /** Fails the order-list calls from this one on (1 = the next), with `failMode`; 0: none. */
  failFromListCall = 0;
  failMode: FaultMode = 'error500';
  transform: ((json: Record<string, unknown>) => void) | null = null;
  beforeList: ((call: ListCall, index: number) => void) | null = null;
  readonly listCalls: ListCall[] = [];
  #served: ServedSandbox | null = null;

  private constructor(
    readonly clock: TestClock,
    served: ServedSandbox,
    sandbox: PddSandbox,
  ) {
    this.#served = served;
    this.sandbox = sandbox;
    this.connector = new PddConnector({
      app: PDD_SANDBOX_APP,
      endpoints: PddSandbox.endpoints(served.url),
      now: clock.now,
    });
  }

  static async start(clock: TestClock): Promise<PlatformUnderTest> {
    // The test clock stands still, so the sandbox's per-second rate limit would never reset: a limit
    // far above what the tests call (the throttling test sets its own).
    const sandbox = new PddSandbox({
      apps: [PDD_SANDBOX_APP],
      now: clock.now,
      seedOrders: 0,
      rateLimit: PlatformUnderTest.rateLimit,
    });
    let self: PlatformUnderTest | null = null;
    const served = await serveSandbox({ fetch: (request) => (self as PlatformUnderTest).handle(request) });
    self = new PlatformUnderTest(clock, served, sandbox);
    return self;
  }

  private async handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return this.sandbox.fetch(request);
    const body = request.method === 'POST' ? await request.clone().text() : '';
    const params = new URLSearchParams(body);
    const isList = params.get('type') === 'pdd.order.number.list.increment.get';
    let mode = this.mode;
    if (isList) {
      const call = {
        token: params.get('access_token') ?? '',
        start: Number(params.get('start_updated_at')),
        end: Number(params.get('end_updated_at')),
        page: Number(params.get('page')),
      };
      this.listCalls.push(call);
      if (this.failFromListCall > 0 && this.listCalls.length >= this.failFromListCall) mode = this.failMode;
      if (mode === 'ok') this.beforeList?.(call, this.listCalls.length);
    }
    switch (mode) {
      case 'html':
        return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        });
      case 'garbage':
        return new Response('{"order_sn_increment_get_response": {"total_count": 3, "order_sn_list": [', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      case 'error500':
        return new Response('Internal Server Error', { status: 500 });
      case 'reset':
        // The connection drops half way through the answer.
        return new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"order_sn_increment_get_response": {'));
              setTimeout(() => controller.error(new Error('connection dropped')), 20);
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      case 'hang':
        return new Promise<Response>(() => {});
      default:
        break;
    }
    const response = await this.sandbox.fetch(
      new Request(request.url, { method: 'POST', headers: request.headers, body }),
    );
    if (!isList || !this.transform) return response;
    const json = (await response.json()) as Record<string, unknown>;
    this.transform(json);
    return Response.json(json);
  }

  async close() {
    await this.#served?.close();
  }
}

/**
 * A shop of the demo account authorised on the sandbox the way a seller does it (the platform's page,
 * 同意授权, the code exchanged), its tokens stored as the authorisation stores them; not due yet, so
 * a test decides when it syncs (`syncNow`).
 */
export async function authorisedShop(t: TestServer, platform: PlatformUnderTest, shopId = '900001') {
  const back = await authoriseInBrowser(platform.connector, { shopId, state: `s-${shopId}` });
  const auth = await platform.connector.exchangeCode(back.get('code') ?? '');
  const [row] = await t.server.db.query<{ id: number }>(
    `INSERT INTO shops (name, platform, auth_status, auth_expires_at, created_at, account_id, platform_shop_id,
       sync_due_at)
     VALUES ($1, 'pinduoduo', 'authorized', $2, $3, 1, $4, $5) RETURNING id`,
    [auth.shopName, auth.expiresAt, Math.floor(t.clock.now() / 1000), auth.shopId, 4_000_000_000],
  );
  if (!row) throw new Error('no shop');
  await storeShopTokens(t.server.db, new SecretBox(DEV_DATA_KEY), row.id, auth);
  return row.id;
}

export interface SyncState {
  sync_cursor: number | null;
  sync_due_at: number | null;
  sync_lease_token: string | null;
  sync_finished_at: number | null;
  sync_succeeded_at: number | null;
  sync_error: string | null;
  sync_failures: number;
  auth_status: string;
}

export async function syncState(t: TestServer, shopId: number): Promise<SyncState> {
  const [row] = await t.server.db.query<SyncState>(
    `SELECT sync_cursor, sync_due_at, sync_lease_token, sync_finished_at, sync_succeeded_at, sync_error,
       sync_failures, auth_status FROM shops WHERE id = $1`,
    [shopId],
  );
  if (!row) throw new Error('no shop');
  return row;
}

/** Waits (real time, the machine may be slow) until `check` holds. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  await waitFor(what, check, { timeoutMs, everyMs: 25 });
}

/**
 * 立即同步 through the API (a minute later than the last, the floor), then waits until the sync has
 * run and given its lease up. Returns the shop's sync state afterwards.
 */
export async function syncNow(t: TestServer, token: string, shopId: number): Promise<SyncState> {
  t.clock.advance(61_000);
  const res = await t.post('/api/shop/sync', { id: shopId }, { token });
  expect(res.status).toBe(200);
  const nowS = Math.floor(t.clock.now() / 1000);
  await until(async () => {
    const state = await syncState(t, shopId);
    return state.sync_lease_token === null && state.sync_due_at !== null && state.sync_due_at > nowS;
  }, `the sync of shop ${shopId}`);
  return syncState(t, shopId);
}
