import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app';
import { CopyWorker, type CopyWorkerOptions } from './copy-worker';
import type { Db } from './db/db';
import { ExportWorker, type ExportWorkerOptions } from './export-worker';
import { DEFAULT_DATA_DIR, DEFAULT_STATIC_DIR, openDatabase } from './paths';

export { DEFAULT_DATA_DIR, DEFAULT_STATIC_DIR, openDatabase, REPO_ROOT } from './paths';

import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { answerClientError } from './http/client-error';
import { StaticSite } from './http/static';
import { ImportReader, type ImportReaderOptions } from './import-file';
import { JobRunner } from './jobs/runner';
import { type ConnectorSource, SHOP_SYNC_KIND, type ShopSyncOptions, shopSyncKind } from './jobs/shop-sync';
import { createLogger, type Logger, type LogLevel } from './log';
import { DEFAULT_API_QUEUE, DEFAULT_QUEUE_WAIT_MS, defaultMaxInFlight } from './middleware/in-flight';
import type { PlatformCode, PlatformConnector } from './platforms/connector';
import { DoudianConnector } from './platforms/doudian';
import { PddConnector } from './platforms/pdd';
import {
  createSandboxes,
  DOUDIAN_SANDBOX_APP,
  PDD_SANDBOX_APP,
  type PlatformSandboxes,
} from './platforms/sandbox';
import { type CaptchaProvider, DevCaptchaProvider } from './providers/captcha';
import { ConsoleSmsProvider, type SmsProvider } from './providers/sms';
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
  /** Seed an empty database with the demo data. Default true. */
  seed?: boolean;
  copyWorker?: CopyWorkerOptions | false;
  /**
   * `EXPORT_DIR`: where export files are written. Default `exports/` in the PGlite data directory;
   * on Postgres `.data/exports`; with `memory://` a temp directory removed on close. Instances
   * sharing a Postgres need it on storage they share.
   */
  exportDir?: string;
  /** The export worker's batch size and timings; false: no worker (jobs stay queued). */
  exportWorker?: Omit<ExportWorkerOptions, 'dir'> | false;
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
  /** `DATA_ENCRYPTION_KEY`: seals shop tokens at rest. Default `DEV_DATA_KEY` (outside production). */
  dataKey?: Buffer;
  /** The shop order sync (jobs/shop-sync.ts): its concurrency and timings; false: not run. */
  shopSync?: ShopSyncOptions | false;
  /** The connector of each platform (null: disabled). Default: the sandboxes' when served, else none. */
  platformConnector?: ConnectorSource;
}

export interface RunningServer {
  url: string;
  port: number;
  host: string;
  db: Db;
  log: Logger;
  sms: SmsProvider;
  /** The export worker (null when disabled). */
  exports: ExportWorker | null;
  exportDir: string;
  /** Whether this start seeded the database. */
  seeded: boolean;
  /** The platform sandboxes when served (`platformSandbox`), with their endpoints on this server. */
  sandboxes: PlatformSandboxes | null;
  /** The one runner of the background job kinds (the shop sync: `SHOP_SYNC_KIND`). */
  jobs: JobRunner;
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

  const began = performance.now();
  const phase = (name: string) =>
    log.debug('startup', {
      phase: name,
      ms: Math.round(performance.now() - began),
      uptimeMs: Math.round(process.uptime() * 1000),
    });
  phase('begin');
  const db = await (options.db ?? openDatabase(options));
  phase('database open');
  let seeded = false;
  try {
    const applied = await migrate(db, undefined, now);
    phase('migrated');
    if (options.seed !== false) seeded = await seed(db, now());
    phase(seeded ? 'seeded' : 'seed not needed');
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
      await tokens.purgeExpired();
    })().catch((error: unknown) => log.warn('sweep failed', { error: String(error) }));
  }, options.sweepEveryMs ?? 60_000);
  sweeper.unref();
  const worker = options.copyWorker === false ? null : new CopyWorker(db, now, log, options.copyWorker);
  const memory = !options.databaseUrl && (options.dataDir ?? '').startsWith('memory://');
  const exportDir =
    options.exportDir ??
    (memory
      ? mkdtempSync(join(tmpdir(), 'consign-exports-'))
      : join(options.databaseUrl ? DEFAULT_DATA_DIR : (options.dataDir ?? DEFAULT_DATA_DIR), 'exports'));
  const exportWorker =
    options.exportWorker === false
      ? null
      : new ExportWorker(db, now, log, { ...options.exportWorker, dir: exportDir });
  const sandboxes = options.platformSandbox
    ? createSandboxes({
        now,
        demoEveryMs:
          typeof options.platformSandbox === 'object' ? options.platformSandbox.demoEveryMs : 20_000,
      })
    : null;
  const imports = new ImportReader(log, options.importReader);
  const jobs = new JobRunner(log);
  let serverUrl = '';
  if (options.shopSync !== false) {
    jobs.register(
      shopSyncKind({
        db,
        box: new SecretBox(options.dataKey ?? DEV_DATA_KEY),
        now,
        log,
        connector: options.platformConnector ?? sandboxConnectors(sandboxes, () => serverUrl, now),
        options: options.shopSync,
      }),
    );
  }
  const maxInFlight = options.maxInFlight ?? defaultMaxInFlight(db.connections);
  const app = createApp({
    db,
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
    wakeCopyWorker: () => worker?.wake(),
    wakeExportWorker: () => exportWorker?.wake(),
    wakeShopSync: () => jobs.wake(SHOP_SYNC_KIND),
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
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  phase('listening');
  serverUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  worker?.start();
  jobs.start();
  await exportWorker?.start();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
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
      await worker?.stop();
      await exportWorker?.stop();
      sandboxes?.close();
      await imports.close();
      await db.close();
      if (memory && !options.exportDir) rmSync(exportDir, { recursive: true, force: true });
    })();
    return closing;
  };

  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    host,
    db,
    log,
    sms: smsProvider,
    seeded,
    exports: exportWorker,
    exportDir,
    sandboxes,
    jobs,
    close,
  };
}

/**
 * The platforms' connectors until the platform registry (全局设置's apps, enabled or not) provides
 * them: the sandboxes' apps on this server's `/__sandbox/` when the sandboxes are served, else none.
 * Replaced by `PlatformRegistry.connector` when that lands.
 */
function sandboxConnectors(
  sandboxes: PlatformSandboxes | null,
  serverUrl: () => string,
  now: () => number,
): ConnectorSource {
  const made = new Map<PlatformCode, PlatformConnector>();
  return async (platform) => {
    if (!sandboxes || !serverUrl()) return null;
    let connector = made.get(platform);
    if (!connector) {
      const endpoints = sandboxes.endpoints(serverUrl())[platform];
      connector =
        platform === 'pinduoduo'
          ? new PddConnector({ app: PDD_SANDBOX_APP, endpoints, now })
          : new DoudianConnector({ app: DOUDIAN_SANDBOX_APP, endpoints, now });
      made.set(platform, connector);
    }
    return connector;
  };
}
