/**
 * What the benches that hold the server in their own process share (`monitor`, `messages`,
 * `supplier-ship`, `publish`): the storage (Postgres when `DATABASE_URL`, or `TEST_DATABASE_URL` as
 * `node scripts/with-postgres.mjs` sets it, names an empty database; else PGlite in memory), the server
 * started with the benches' defaults, sellers signed in, sandboxes served on loopback with each request
 * seen first, a seller's 1688 buyer account and 拼多多 shops connected, and the load average printed
 * beside each figure (other sessions share the machine's cores).
 */
import { loadavg } from 'node:os';
import type { ApiClient } from '@consign/api-client';
import { SANDBOX_APPS } from '@consign/platform-sandboxes';
import type { AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import type { Db } from '../src/db/db';
import { registerSandboxApps } from '../src/db/platform-apps';
import type { PlatformEndpoints } from '../src/platforms/connector';
import { PddConnector } from '../src/platforms/pdd';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import { type RunningServer, type ServerOptions, startServer } from '../src/server';
import { ADMIN } from '../test/helpers';
import { connectSupplier } from '../test/purchase-helpers';
import { signInBySms } from '../test/server-process';
import { authorisedShop } from '../test/writeback-helpers';

export const DATABASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
/** What the figures ran on. */
export const STORAGE = DATABASE_URL ? 'postgres' : 'pglite';
export const BENCH_SECRET = 'bench-secret';

/** The load average (1, 5, 15 minutes). */
export const load = () => loadavg().map((n) => Number(n.toFixed(1)));
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Seconds since `began` (a `performance.now()`), to the tenth. */
export const since = (began: number) => Number(((performance.now() - began) / 1000).toFixed(1));
/** Milliseconds as seconds to the hundredth (null stays null). */
export const seconds = (ms: number | null | undefined) =>
  ms == null ? null : Number((ms / 1000).toFixed(2));

/** The `p`th percentile of `values` (nearest rank), null when empty. */
export function percentile(values: number[], p: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? null
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null);
}

/**
 * A server in this process on the bench's storage: any port on loopback, no static files, warnings
 * and errors printed, and the workers no bench measures off (商品复制, exports, the authorisation
 * sweep). `options` adds or overrides (each bench names the job kinds it measures or turns off).
 */
export function startBenchServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    secret: BENCH_SECRET,
    dataDir: DATABASE_URL ? undefined : 'memory://',
    databaseUrl: DATABASE_URL,
    staticDir: null,
    logLevel: 'warn',
    logWrite: (line, isError) => (isError ? process.stderr : process.stdout).write(`${line}\n`),
    copyWorker: false,
    exportWorker: false,
    authExpirySweep: false,
    ...options,
  });
}

/** `mobile` signed in by SMS (a new seller account the first time; the demo owner by default). */
export async function benchSeller(
  server: RunningServer,
  mobile = ADMIN,
): Promise<{ api: ApiClient; token: string; accountId: number }> {
  const { api, token } = await signInBySms(server.url, { mobile, secret: BENCH_SECRET });
  const [user] = await server.db.query<{ account_id: number }>(
    'SELECT account_id FROM users WHERE mobile = $1',
    [mobile],
  );
  if (!user) throw new Error(`no user ${mobile}`);
  return { api, token, accountId: user.account_id };
}

/**
 * `sandbox` served on a loopback port of its own; `see` is told of each request first (its body read
 * once, as text).
 */
export function serveSeen(
  sandbox: { fetch(request: Request): Promise<Response> | Response },
  see: (request: Request, body: string) => void,
): Promise<ServedSandbox> {
  return serveSandbox({
    fetch: async (request: Request) => {
      const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      see(request, body);
      return sandbox.fetch(
        new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: body === '' ? undefined : body,
        }),
      );
    },
  });
}

/** The server's `platforms` for sandboxes served at these addresses (抖店 unreachable). */
export function sandboxPlatforms(pddUrl: string, alibaba: PlatformEndpoints): ServerOptions['platforms'] {
  return {
    pdd: PddSandbox.endpoints(pddUrl),
    doudian: { gatewayUrl: 'http://127.0.0.1:9/none', authUrl: 'http://127.0.0.1:9/none' },
    alibaba,
  };
}

/**
 * The sandboxes' apps in 全局设置 (idempotent), then, for the seller `accountId`, its 1688 buyer account (member
 * `memberId`) connected and the 拼多多 sandbox shops `platformShopIds` authorised the way a seller does
 * it; answers our shop ids in that order.
 */
export async function connectBenchSeller(
  db: Db,
  options: {
    accountId: number;
    alibaba?: { sandbox: AlibabaSandbox; endpoints: PlatformEndpoints; memberId?: string };
    pdd: { sandbox: PddSandbox; endpoints: PlatformEndpoints };
    platformShopIds: string[];
    nowS: number;
  },
): Promise<number[]> {
  await db.transaction((tx) => registerSandboxApps(tx, new SecretBox(DEV_DATA_KEY), SANDBOX_APPS));
  const { accountId, nowS } = options;
  if (options.alibaba) {
    const { sandbox, endpoints, memberId } = options.alibaba;
    await connectSupplier(db, sandbox, endpoints, { accountId, nowS, memberId });
  }
  const connector = new PddConnector({
    app: PDD_SANDBOX_APP,
    endpoints: options.pdd.endpoints,
  });
  const shops: number[] = [];
  for (const platformShopId of options.platformShopIds) {
    shops.push(
      await authorisedShop(db, connector, options.pdd.sandbox, {
        accountId,
        clientId: PDD_SANDBOX_APP.clientId,
        platformShopId,
        now: nowS,
      }),
    );
  }
  return shops;
}

/** The most of `times` (ms) within any `windowMs` (sliding). */
export function busiest(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while ((sorted[to] ?? 0) - (sorted[from] ?? 0) >= windowMs) from++;
    most = Math.max(most, to - from + 1);
  }
  return most;
}
