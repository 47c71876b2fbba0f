import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app';
import type { Db } from './db/db';
import { CopyJobs, type CopyJobsOptions } from './jobs/copy';
import { ExportJobs, type ExportJobsOptions, ExportSweep } from './jobs/export';
import { MonitorJobs, type MonitorOptions } from './jobs/monitor';
import { PddMessageChannel, type PddMessageChannelOptions, pddPermitKind } from './jobs/pdd-messages';
import { PlatformEventJobs, type PlatformEventJobsOptions } from './jobs/platform-events';
import { PublishJobs, type PublishJobsOptions } from './jobs/publish';
import {
  AutoPurchaseJobs,
  PurchaseJobs,
  type PurchaseJobsOptions,
  SupplierLogisticsJobs,
} from './jobs/purchase';
import { type ReconcileOptions, reconcileKind } from './jobs/reconcile';
import { JobRunner } from './jobs/runner';
import { type ConnectorFor, WritebackJobs, type WritebackJobsOptions } from './jobs/writeback';
import { DEFAULT_DATA_DIR, DEFAULT_STATIC_DIR, openDatabase } from './paths';
import { ALIBABA_MESSAGE_PATH, DOUDIAN_PUSH_PATH } from './routes/platform-events';

export { DEFAULT_DATA_DIR, DEFAULT_STATIC_DIR, openDatabase, REPO_ROOT } from './paths';

import type { PlatformSettings } from './config';
import { ensureBaseline, hasOperator } from './db/baseline';
import { migrate } from './db/migrate';
import { sweepOAuthStates } from './db/oauth-state';
import { registerSandboxApps, sealPlaintextAppSecrets } from './db/platform-apps';
import { seed } from './db/seed';
import { answerClientError } from './http/client-error';
import { StaticSite } from './http/static';
import { ImportReader, type ImportReaderOptions } from './import-file';
import { type AuthExpiryOptions, authExpiryKind } from './jobs/auth-expiry';
import { type ShopSyncOptions, shopSyncKind } from './jobs/shop-sync';
import { LiveHub, type LiveOptions } from './live/hub';
import { createLogger, type Logger, type LogLevel } from './log';
import { pruneIdempotentRequests } from './middleware/idempotency';
import { DEFAULT_API_QUEUE, DEFAULT_QUEUE_WAIT_MS, defaultMaxInFlight } from './middleware/in-flight';
import { Alipay, type AlipaySettings } from './payments/alipay';
import { DEV_APP_PRIVATE_KEY, DEV_SANDBOX_PUBLIC_KEY } from './payments/alipay-dev-keys';
import { ALIBABA_DEFAULTS } from './platforms/alibaba';
import type { PlatformCode, PlatformEndpoints } from './platforms/connector';
import { DOUDIAN_DEFAULTS } from './platforms/doudian';
import type { OfferReadRules } from './platforms/offer-reads';
import { PDD_DEFAULTS } from './platforms/pdd';
import { PlatformRegistry, type PlatformRegistryOptions } from './platforms/registry';
import { ShopCalls } from './platforms/shop-calls';
import { type CaptchaProvider, DevCaptchaProvider } from './providers/captcha';
import { ConsoleSmsProvider, type SmsProvider } from './providers/sms';
import { authorisedPath } from './routes/shop';
import {
  type AlipaySandbox,
  type AlipaySandboxOptions,
  loadSandboxes,
  type PlatformSandboxes,
  SANDBOX_MOUNT,
} from './sandboxes';
import { NonceStore } from './security/nonce-store';
import { RateLimiter } from './security/rate-limit';
import { DEV_DATA_KEY, SecretBox } from './security/secret-box';
import { SmsCodes } from './security/sms-codes';
import { TokenStore } from './security/tokens';

export interface ServerOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PGlite data directory, or `memory://` for a throwaway database. Default {@link DEFAULT_DATA_DIR}. */
  dataDir?: string;
  /** A `postgres://` URL: use a real Postgres instead of PGlite. */
  databaseUrl?: string;
  /** Signing secret shared with the client. Default `consign-dev-secret`. */
  secret?: string;
  /** The clock (ms since the epoch). Tests inject one instead of sleeping. */
  now?: () => number;
  /** The built admin app; null serves no static files. Default {@link DEFAULT_STATIC_DIR}. */
  staticDir?: string | null;
  /**
   * `NODE_ENV=production` (main.ts has refused the development providers by then): no `/__dev/*`
   * routes whatever the providers are. Default false.
   */
  production?: boolean;
  /** `console` (default) or a provider object (main.ts builds the Tencent one from the environment). */
  smsProvider?: 'console' | SmsProvider;
  /** `dev` (default) or a provider object. */
  captchaProvider?: 'dev' | CaptchaProvider;
  logLevel?: LogLevel;
  /** Where log lines go (default stdout/stderr). */
  logWrite?: (line: string, isError: boolean) => void;
  /**
   * Seed an empty database with the demo data (operator 13800000000 included). Default: outside
   * production only; production starts empty (README "Production configuration").
   */
  seed?: boolean;
  /** The copy jobs' timings (jobs/copy.ts); false: not run in this process (jobs stay queued). */
  copyWorker?: CopyJobsOptions | false;
  /** 铺货's job kind (jobs/publish.ts); false: not run in this process (listings stay queued). */
  publishJobs?: PublishJobsOptions | false;
  /** 货源监控's job kind (jobs/monitor.ts); false: not run in this process. */
  monitorJobs?: MonitorOptions | false;
  /**
   * `EXPORT_DIR`: where export files are written. Default `exports/` in the PGlite data directory;
   * on Postgres `.data/exports`; with `memory://` a temp directory removed on close. Instances
   * sharing a Postgres need it on storage they share.
   */
  exportDir?: string;
  /** The export worker's batch size and timings; false: no worker (jobs stay queued). */
  exportWorker?: Omit<ExportJobsOptions, 'dir'> | false;
  /**
   * 发货回传's job kind (jobs/writeback.ts): its concurrency, lease and backoff; false: not run in this
   * process (writebacks stay queued).
   */
  writebackJobs?: WritebackJobsOptions | false;
  /**
   * The platforms' pushed messages' job kind (jobs/platform-events.ts): its concurrency, lease, backoff;
   * false: not run in this process (events stay recorded).
   */
  platformEventJobs?: PlatformEventJobsOptions | false;
  /**
   * 拼多多 消息服务 (jobs/pdd-messages.ts): the app's WebSocket (its checks, lease, heartbeat, backoff)
   * and the `pdd-permit` job kind; false: neither runs in this process.
   */
  pddMessages?: (PddMessageChannelOptions & { permitPollMs?: number }) | false;
  /**
   * Tests: the connector 发货回传 and 查看完整收货信息 use for each platform (null: not set up) instead of
   * the registry's (the apps of 全局设置).
   */
  platformConnector?: ConnectorFor;
  /** The import files' parser threads: time budget, heap cap, how many at once (import-file.ts). */
  importReader?: ImportReaderOptions;
  trustProxy?: boolean;
  /** `open` (default): an unknown mobile that passes the SMS login signs up; `closed`: it is refused. */
  signup?: 'open' | 'closed';
  /**
   * A database already being opened (see `openDatabase`): main.ts starts opening it before it loads
   * the rest of the server, so that PGlite's WebAssembly compiles while the modules load.
   */
  db?: Promise<Db>;
  /** How long `close()` waits for in-flight requests before cutting connections. Default 10 s. */
  shutdownGraceMs?: number;
  /** 1688 offer reads: the cache's time to live (platforms/offer-reads.ts). */
  offerReads?: Partial<OfferReadRules>;
  /** Each account's budgets of outbound platform calls, some overridden (platforms/budgets.ts). */
  budgets?: PlatformRegistryOptions['budgets'];
  /** How often expired nonces, rate-limit windows and tokens are deleted. Default 60 s. */
  sweepEveryMs?: number;
  /**
   * `PLATFORM_SANDBOX`: serve the 拼多多 and 抖店 sandboxes under `/__sandbox/` (an order per
   * authorised shop every `demoEveryMs`, default 20 s; false: none). Refused with `production`.
   */
  platformSandbox?: boolean | { demoEveryMs: number | false };
  /**
   * `API_MAX_IN_FLIGHT`: API calls handled at once; past it (and the queue) 503 with `Retry-After`.
   * Default five times the database's connections, at least 8 (`defaultMaxInFlight`).
   */
  maxInFlight?: number;
  /** `API_QUEUE`: calls that may wait for a place, each at most `queueWaitMs`. Default 1000; 0: none. */
  apiQueue?: number;
  /** How long a queued API call waits before its 503. Default 1000 ms. */
  queueWaitMs?: number;
  /**
   * The platforms' endpoints (`config.platforms`); with `platformSandbox` the mounted sandboxes' are
   * used instead. Default: the real platforms'.
   */
  platforms?: Pick<PlatformSettings, 'pdd' | 'doudian'> & Partial<Pick<PlatformSettings, 'alibaba'>>;
  /** `DATA_ENCRYPTION_KEY` (32 bytes). Default `DEV_DATA_KEY` (main.ts refuses production without a key). */
  dataKey?: Buffer;
  /** `PUBLIC_URL`: where the platforms send sellers back to. Default `http://127.0.0.1:<port>`. */
  publicUrl?: string;
  /**
   * Alipay (充值): the app's settings, or `'sandbox'`: serve the Alipay sandbox at `/__sandbox/alipay`
   * and pay through it with the development keys (refused with `production`). Unset: no top-ups
   * (`/api/balance/topup` answers 503).
   */
  alipay?: AlipaySettings | 'sandbox';
  /** The live pages' coalescing, stream limit and heartbeat (live/hub.ts; tests shorten them). */
  live?: LiveOptions;
  /** The Alipay sandbox's options (tests: `notifyRetryMs`). */
  alipaySandbox?: AlipaySandboxOptions;
  /** The platform connectors' `fetch` (tests of a broken platform). */
  platformFetch?: typeof fetch;
  /**
   * The authorisation sweep (jobs/auth-expiry.ts: notifies shops expiring within 7 days or expired),
   * a kind of the job runner; false: not registered (tests that compare tables between calls).
   */
  authExpirySweep?: AuthExpiryOptions | false;
  /** The shop order sync (jobs/shop-sync.ts): its concurrency and timings; false: not run. */
  shopSync?: ShopSyncOptions | false;
  /**
   * 一键采购's job kinds (jobs/purchase.ts: `purchase`, `supplier-logistics`, `auto-purchase`): their
   * timings; false: not run in this process (purchases stay queued).
   */
  purchaseJobs?: PurchaseJobsOptions | false;
  /**
   * 充值对账 (jobs/reconcile.ts), registered when `alipay` is set: how often it runs (default daily) and
   * how old a pending top-up must be to be looked up (default 15 min); false: not run in this process.
   */
  reconcile?: ReconcileOptions | false;
}

export interface RunningServer {
  url: string;
  port: number;
  host: string;
  db: Db;
  log: Logger;
  sms: SmsProvider;
  /** The export jobs' kind (null when disabled): its `sweep()`, `failDead()`. */
  exports: ExportJobs | null;
  /**
   * The one runner of every background job kind of this process (jobs/runner.ts): `jobs.wake(kind)`
   * looks for work of that kind now; `jobs.register(kind)` adds one.
   */
  jobs: JobRunner;
  exportDir: string;
  /** Whether this start seeded the database. */
  seeded: boolean;
  /** 拼多多 消息服务's connection of this process (null when `pddMessages: false`). */
  pddMessages: PddMessageChannel | null;
  /** The platform sandboxes when served (`platformSandbox`), with their endpoints on this server. */
  sandboxes: PlatformSandboxes | null;
  /** The Alipay sandbox when served (`alipay: 'sandbox'`). */
  alipaySandbox: AlipaySandbox | null;
  /** The platforms' connectors: `platforms.connector(platform)` (null when disabled or without an app). */
  platforms: PlatformRegistry;
  /** Seals and opens app secrets and shop tokens (`DATA_ENCRYPTION_KEY`). */
  secretBox: SecretBox;
  /** `PUBLIC_URL`, or `http://127.0.0.1:<port>`. */
  publicUrl: string;
  /** Stops accepting, finishes in-flight requests, stops the worker and closes the database. */
  close(): Promise<void>;
}

/** How long close() waits, after cutting connections, for their handlers to finish. */
const CUT_HANDLERS_WAIT_MS = 10_000;

/** Opens the database, migrates and seeds it, and listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const now = options.now ?? Date.now;
  const log = createLogger(options.logLevel ?? 'info', options.logWrite);
  const secret = options.secret ?? 'consign-dev-secret';
  if (options.platformSandbox && options.production) {
    throw new Error('The platform sandboxes are never served in production.');
  }
  if (options.alipay === 'sandbox' && options.production) {
    throw new Error('The Alipay sandbox is never served in production.');
  }
  const secretBox = new SecretBox(options.dataKey ?? DEV_DATA_KEY);

  const began = performance.now();
  const phase = (name: string) =>
    log.debug('startup', {
      phase: name,
      ms: Math.round(performance.now() - began),
      uptimeMs: Math.round(process.uptime() * 1000),
    });
  phase('begin');
  // The sandboxes' code is loaded only when one is served (never in production, refused above).
  const sandboxKit = options.platformSandbox || options.alipay === 'sandbox' ? await loadSandboxes() : null;
  const db = await (options.db ?? openDatabase(options));
  phase('database open');
  let seeded = false;
  try {
    const applied = await migrate(db, undefined, now);
    phase('migrated');
    if (options.seed ?? !options.production) seeded = await seed(db, now());
    phase(seeded ? 'seeded' : 'seed not needed');
    // Unseeded: the company profile and the platforms, without any account or app.
    if (await ensureBaseline(db)) log.info('created the company profile and the platforms (no accounts)');
    if (!(await hasOperator(db))) {
      log.warn('no operator yet: make the first one with create-operator', {
        run: 'pnpm --filter @consign/api-server create-operator <mobile>',
      });
    }
    // App secrets written before they were sealed; then the sandbox apps for the demo.
    const sealed = await db.transaction((tx) => sealPlaintextAppSecrets(tx, secretBox));
    if (sealed > 0) log.info('sealed platform app secrets', { count: sealed });
    if (options.platformSandbox && sandboxKit) {
      await db.transaction((tx) => registerSandboxApps(tx, secretBox, sandboxKit.SANDBOX_APPS));
    }
    // A migration that rewrote a table leaves its visibility map empty (no index-only scans) until
    // the next vacuum; PGlite has no autovacuum (the seed vacuums on its own).
    if (applied.length > 0 && !seeded && db.kind === 'pglite') await db.exec('VACUUM ANALYZE');
  } catch (error) {
    await db.close();
    throw error;
  }

  const print = (line: string) => {
    if (log.level !== 'silent') process.stdout.write(`${line}\n`);
  };
  const smsProvider =
    options.smsProvider === undefined || options.smsProvider === 'console'
      ? new ConsoleSmsProvider(print, now)
      : options.smsProvider;
  const captcha =
    options.captchaProvider === undefined || options.captchaProvider === 'dev'
      ? new DevCaptchaProvider()
      : options.captchaProvider;

  const tokens = new TokenStore(db, now);
  await tokens.purgeExpired();
  // PGlite runs Postgres in single-user mode, without autovacuum: vacuum and analyse every 30 minutes
  // (a few milliseconds at demo sizes). A real Postgres does this itself.
  const maintenance =
    db.kind === 'pglite'
      ? setInterval(() => {
          db.exec('VACUUM ANALYZE').catch((error: unknown) =>
            log.warn('vacuum failed', { error: String(error) }),
          );
        }, 30 * 60_000)
      : null;
  maintenance?.unref();
  // Every instance deletes what expired (in bounded batches; rows another instance is deleting are
  // skipped). `sweeping` is awaited by close(), so the database never closes under it.
  const nonces = new NonceStore(db, now);
  let sweeping: Promise<void> = Promise.resolve();
  const sweeper = setInterval(() => {
    sweeping = (async () => {
      await nonces.prune();
      await RateLimiter.prune(db, Math.floor(now() / 1000));
      await platforms.offerReads.prune(db, Math.floor(now() / 1000));
      await pruneIdempotentRequests(db, Math.floor(now() / 1000));
      await tokens.purgeExpired();
      await sweepOAuthStates(db, Math.floor(now() / 1000));
    })().catch((error: unknown) => log.warn('sweep failed', { error: String(error) }));
  }, options.sweepEveryMs ?? 60_000);
  sweeper.unref();
  const jobs = new JobRunner(log);
  const memory = !options.databaseUrl && (options.dataDir ?? '').startsWith('memory://');
  const exportDir =
    options.exportDir ??
    (memory
      ? mkdtempSync(join(tmpdir(), 'consign-exports-'))
      : join(options.databaseUrl ? DEFAULT_DATA_DIR : (options.dataDir ?? DEFAULT_DATA_DIR), 'exports'));
  const exportJobs =
    options.exportWorker === false
      ? null
      : new ExportJobs(db, now, log, { ...options.exportWorker, dir: exportDir });
  const sandboxes: PlatformSandboxes | null =
    options.platformSandbox && sandboxKit
      ? sandboxKit.createSandboxes({
          now,
          demoEveryMs:
            typeof options.platformSandbox === 'object' ? options.platformSandbox.demoEveryMs : 20_000,
          // The callback registered for the sandbox app's 抖店 service, as operators register it (docs/api-server/platforms.md).
          doudianCallbackUrl: () => `${publicUrl()}${authorisedPath('douyin')}`,
          // The sandbox app's 消息推送 URL, as operators set it for their app (docs/api-server/platforms.md).
          doudianPushUrl: () => `${publicUrl()}${DOUDIAN_PUSH_PATH}`,
          // The sandbox app's 1688 消息服务 URL, as operators set it for their app (docs/design.md#1688-order-messages).
          alibabaMessageUrl: () => `${publicUrl()}${ALIBABA_MESSAGE_PATH}`,
        })
      : null;
  // The endpoints are read when a connector is built: the mounted sandboxes' need this server's URL.
  let url = '';
  const configured: Record<PlatformCode, PlatformEndpoints> = {
    pinduoduo: options.platforms?.pdd ?? PDD_DEFAULTS,
    douyin: options.platforms?.doudian ?? DOUDIAN_DEFAULTS,
  };
  const platforms = new PlatformRegistry({
    db,
    box: secretBox,
    endpoints: () => (sandboxes ? sandboxes.endpoints(`${url}${SANDBOX_MOUNT}`) : configured),
    supplierEndpoints: () =>
      sandboxes
        ? sandboxes.alibabaEndpoints(`${url}${SANDBOX_MOUNT}`)
        : (options.platforms?.alibaba ?? ALIBABA_DEFAULTS),
    now,
    log,
    fetch: options.platformFetch,
    offerReads: options.offerReads,
    budgets: options.budgets,
  });
  // `PUBLIC_URL`, else this server as a browser on this machine reaches it (a wildcard address is not one).
  const publicUrl = () =>
    options.publicUrl ?? (host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${port}` : url);
  if (options.copyWorker !== false) {
    jobs.register(new CopyJobs({ db, now, box: secretBox, platforms, log }, options.copyWorker));
  }
  const alipaySandbox: AlipaySandbox | null =
    options.alipay === 'sandbox' && sandboxKit
      ? new sandboxKit.AlipaySandbox({ now, ...options.alipaySandbox })
      : null;
  // In sandbox mode the demo app's development keys and the mounted sandbox's gateway.
  const alipaySettings = (): AlipaySettings | null =>
    options.alipay !== 'sandbox'
      ? (options.alipay ?? null)
      : sandboxKit && {
          appId: sandboxKit.ALIPAY_SANDBOX_APP.appId,
          privateKey: DEV_APP_PRIVATE_KEY,
          alipayPublicKey: DEV_SANDBOX_PUBLIC_KEY,
          gateway: sandboxKit.AlipaySandbox.gateway(`${url}${SANDBOX_MOUNT}/alipay`),
        };
  let alipay: Alipay | null = null;
  const alipayClient = () => {
    const settings = alipaySettings();
    if (!settings) return null;
    alipay ??= new Alipay(settings);
    return alipay;
  };
  // balance: the daily reconciliation of pending top-ups with Alipay
  if (options.alipay && options.reconcile !== false) {
    jobs.register(reconcileKind({ db, alipay: alipayClient, log, now, options: options.reconcile }));
  }
  const imports = new ImportReader(log, options.importReader);
  const shopCalls = new ShopCalls(db, secretBox, now);
  const connectorFor: ConnectorFor =
    options.platformConnector ?? ((platform) => platforms.connector(platform));
  if (options.writebackJobs !== false) {
    jobs.register(new WritebackJobs(db, shopCalls, connectorFor, now, log, options.writebackJobs));
  }
  if (options.publishJobs !== false) {
    jobs.register(
      new PublishJobs(
        { db, now, box: secretBox, platforms, shopCalls, connectorFor, log },
        options.publishJobs,
      ),
    );
  }
  if (options.monitorJobs !== false) {
    jobs.register(
      new MonitorJobs(
        { db, now, box: secretBox, platforms, shopCalls, connectorFor, log },
        options.monitorJobs,
      ),
    );
  }
  if (options.platformEventJobs !== false) {
    jobs.register(
      new PlatformEventJobs(db, shopCalls, connectorFor, now, log, {
        ...options.platformEventJobs,
        wake: (kind) => jobs.wake(kind),
      }),
    );
  }
  const pddMessages =
    options.pddMessages === false
      ? null
      : new PddMessageChannel(
          { db, connectorFor, now, log, wake: (kind) => jobs.wake(kind) },
          options.pddMessages,
        );
  if (options.pddMessages !== false) {
    jobs.register(
      pddPermitKind({
        db,
        shops: shopCalls,
        connectorFor,
        now,
        log,
        pollMs: options.pddMessages?.permitPollMs,
      }),
    );
  }
  if (options.shopSync !== false) {
    jobs.register(
      shopSyncKind({ db, box: secretBox, now, log, connector: connectorFor, options: options.shopSync }),
    );
  }
  if (options.purchaseJobs !== false) {
    const deps = {
      db,
      box: secretBox,
      supplier: () => platforms.supplier(),
      budgets: platforms.budgets,
      now,
      log,
      wake: (kind: string) => jobs.wake(kind),
    };
    jobs
      .register(new PurchaseJobs(deps, options.purchaseJobs))
      .register(new SupplierLogisticsJobs(deps, options.purchaseJobs))
      .register(new AutoPurchaseJobs(deps, options.purchaseJobs));
  }
  const maxInFlight = options.maxInFlight ?? defaultMaxInFlight(db.connections);
  const live = new LiveHub(db, options.live);
  const app = createApp({
    db,
    live,
    inFlight: {
      maxInFlight,
      queue: options.apiQueue ?? DEFAULT_API_QUEUE,
      queueWaitMs: options.queueWaitMs ?? DEFAULT_QUEUE_WAIT_MS,
    },
    tokens,
    sms: new SmsCodes(db, smsProvider, secret, now),
    captcha,
    now,
    log,
    wakeJobs: (kind) => jobs.wake(kind),
    shopCalls,
    connectorFor,
    imports,
    exportDir,
    secret,
    nonces,
    smsProvider,
    production: options.production ?? false,
    staticSite: options.staticDir === null ? null : new StaticSite(options.staticDir ?? DEFAULT_STATIC_DIR),
    trustProxy: options.trustProxy,
    signup: options.signup ?? 'open',
    sandboxes,
    alipaySandbox,
    alipay: alipayClient,
    secretBox,
    platforms,
    publicUrl,
  });

  // Requests whose handler is still running. When the grace is over, close() cuts their connections,
  // but a cut does not stop a handler: the database is closed only once they have all settled.
  let handling = 0;
  let settled: (() => void) | null = null;
  const server = createAdaptorServer({
    fetch: async (request, env) => {
      handling++;
      try {
        return await app.fetch(request, env);
      } finally {
        if (--handling === 0) settled?.();
      }
    },
  }) as Server;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  // An overlong address gets a short page instead of Node's empty 431.
  server.on('clientError', answerClientError);
  // The 拼多多 sandbox's 消息服务 WebSocket; the server itself takes no upgrade.
  server.on('upgrade', (request, socket, head) => {
    if (sandboxes && request.url?.startsWith(`${SANDBOX_MOUNT}/pdd/message/`)) {
      sandboxes.pdd.upgrade(request, socket, head);
    } else socket.destroy();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  url = `http://${shownHost}:${port}`;
  phase('listening');
  if (exportJobs) {
    await exportJobs.prepare();
    jobs.register(exportJobs).register(new ExportSweep(exportJobs));
  }
  if (options.authExpirySweep !== false) jobs.register(authExpiryKind(db, now, options.authExpirySweep));
  jobs.start();
  pddMessages?.start();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting; idle keep-alive sockets close now, busy ones after their response. The live
      // streams end first (their pages connect again, to another instance).
      await live.close();
      // The 拼多多 message connection first: in sandbox mode it is a WebSocket to this very server,
      // and an upgraded socket keeps the server from closing.
      await pddMessages?.stop();
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      const grace = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
      await closed;
      clearInterval(idleSweep);
      clearTimeout(grace);
      // Every connection is gone, so no request can start; handlers cut at the grace may still be
      // running (a query, a provider call): let them finish before the database closes under them,
      // bounded in case one hangs.
      if (handling > 0) {
        const cutHandlers = new Promise<void>((done) => {
          settled = done;
        });
        let hung: NodeJS.Timeout | undefined;
        await Promise.race([
          cutHandlers,
          new Promise((done) => (hung = setTimeout(done, CUT_HANDLERS_WAIT_MS))),
        ]);
        clearTimeout(hung);
        if (handling > 0) log.warn('closing the database under running handlers', { handling });
      }
      if (maintenance) clearInterval(maintenance);
      clearInterval(sweeper);
      await sweeping;
      await jobs.stop();
      sandboxes?.close();
      alipaySandbox?.close();
      await imports.close();
      await db.close();
      if (memory && !options.exportDir) rmSync(exportDir, { recursive: true, force: true });
    })();
    return closing;
  };

  return {
    url,
    port,
    host,
    db,
    log,
    sms: smsProvider,
    seeded,
    pddMessages,
    exports: exportJobs,
    jobs,
    exportDir,
    sandboxes,
    alipaySandbox,
    platforms,
    secretBox,
    publicUrl: publicUrl(),
    close,
  };
}
