import { configError, readConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { createLogger } from './log';
import { openDatabase } from './paths';

/**
 * `npm start` / `pnpm --filter @consign/api-server start`: the whole product on one port.
 * Environment (read in config.ts): PORT (8080), HOST (127.0.0.1), DATA_DIR (.data/ at the repo root;
 * `memory://` for a throwaway database), DATABASE_URL (a real Postgres instead), API_SIGN_SECRET,
 * SMS_PROVIDER (console | tencent), CAPTCHA_PROVIDER (dev | tencent), the TENCENT_* variables,
 * LOG_LEVEL (info), STATIC_DIR, EXPORT_DIR, TRUST_PROXY, API_MAX_IN_FLIGHT, API_QUEUE, SIGNUP (open; `closed`: only existing users sign in),
 * PLATFORM_SANDBOX, PDD_* / DOUDIAN_* / ALIBABA_* endpoints, DATA_ENCRYPTION_KEY, PUBLIC_URL,
 * NODE_ENV (`production` refuses the development defaults).
 */
function fatal(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

// Every problem of the configuration at once, before anything (the data directory included) is opened.
const { config, problems } = readConfig(process.env);
if (problems.length > 0) fatal(configError(problems, config.production));

// Start opening the database first: PGlite compiles its WebAssembly off the main thread while the
// rest of the server (Hono, zod, the contract) loads.
const db = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
db.catch(() => {}); // reported by startServer, which awaits it
// The Tencent providers (and the SDK) are loaded only when configured.
const [{ startServer }, { SEED_ACCOUNTS }, tencent] = await Promise.all([
  import('./server'),
  import('./db/seed'),
  config.sms.provider === 'tencent' || config.captcha.provider === 'tencent'
    ? import('./providers/tencent')
    : null,
]);
const providerLog = createLogger(config.logLevel);
const smsProvider =
  config.sms.provider === 'tencent' && tencent
    ? new tencent.TencentSmsProvider(config.sms, { log: providerLog })
    : 'console';
const captchaProvider =
  config.captcha.provider === 'tencent' && tencent
    ? new tencent.TencentCaptchaProvider(config.captcha, { log: providerLog })
    : 'dev';

// The signal handlers come before the server starts: it answers /healthz as soon as it listens, and a
// process manager that stops it then (a SIGTERM right after the health check) must see it drain and
// exit 0, not die of the signal's default action.
let stopping = false;
let started: ReturnType<typeof startServer> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    providerLog.info('shutting down', { signal });
    (started ?? Promise.reject(new Error('the server had not started')))
      .then((running) => running.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  });
}

started = startServer({
  db,
  port: config.port,
  host: config.host,
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  secret: config.secret,
  staticDir: config.staticDir,
  exportDir: config.exportDir,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  signup: config.signup,
  maxInFlight: config.maxInFlight,
  apiQueue: config.apiQueue,
  production: config.production,
  smsProvider,
  captchaProvider,
  platformSandbox: config.platforms.sandbox,
  platforms: config.platforms,
  dataKey: config.dataKey,
  publicUrl: config.publicUrl,
  alipay: config.alipay,
  // The demo: sandbox orders appear every 20 s, so its shops sync every minute.
  shopSync: {
    fallbackSeconds: config.shopSyncFallbackSeconds,
    ...(config.platforms.sandbox ? { everySeconds: 60 } : {}),
  },
  purchaseJobs: { followEveryMs: config.supplierFollowSeconds * 1000 },
}).catch((error: unknown) => {
  if (error instanceof DataDirInUseError) fatal(error.message);
  throw error;
});
const server = await started;

const storage = config.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
process.stdout.write(
  [
    '',
    `  Consign is running at ${server.url}${config.production ? ' (production)' : ''}`,
    `  storage: ${storage}${server.seeded ? ' (seeded with demo data)' : ''}`,
    config.production
      ? '  accounts: production seeds no demo data (operators: create-operator, see README)'
      : `  accounts: ${SEED_ACCOUNTS.admin.mobile} (管理员, admin)  ${SEED_ACCOUNTS.user.mobile} (normal user)`,
    config.sms.provider === 'tencent'
      ? '  SMS: Tencent Cloud SMS'
      : `  SMS codes are printed here and readable at ${server.url}/__dev/sms?mobile=<mobile>`,
    config.captcha.provider === 'tencent'
      ? '  captcha: Tencent Captcha, verified on the server'
      : '  captcha: the dev captcha accepts the ticket "dev-ticket"',
    config.platforms.sandbox
      ? `  platforms: the 拼多多, 抖店 and 1688 sandboxes at ${server.url}/__sandbox/ (PLATFORM_SANDBOX=0: the real ones)`
      : '  platforms: the real 拼多多, 抖店 and 1688 open platforms',
    config.alipay === 'sandbox'
      ? `  充值: the Alipay sandbox at ${server.url}/__sandbox/alipay (set ALIPAY_* for the real Alipay)`
      : '  充值: Alipay',
    '',
  ].join('\n'),
);
