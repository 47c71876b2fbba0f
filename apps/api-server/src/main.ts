import { DataDirInUseError } from './db/data-dir-lock';
import { parseLogLevel } from './log';
import { DEFAULT_DATA_DIR, openDatabase } from './paths';

/**
 * `npm start` / `pnpm --filter @consign/api-server start`: the whole product on one port.
 * Environment: PORT (8080), HOST (127.0.0.1), DATA_DIR (.data/ at the repo root; `memory://` for a
 * throwaway database), DATABASE_URL (a real Postgres instead), API_SIGN_SECRET, SMS_PROVIDER
 * (console), CAPTCHA_PROVIDER (dev), LOG_LEVEL (info), STATIC_DIR, TRUST_PROXY,
 * SIGNUP (open; `closed`: only existing users sign in).
 */
const env = process.env;

function fatal(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if ((env.SMS_PROVIDER ?? 'console') !== 'console') {
  fatal(
    `SMS_PROVIDER=${env.SMS_PROVIDER} is not available: only "console" ships (see apps/api-server/README.md).`,
  );
}
if ((env.CAPTCHA_PROVIDER ?? 'dev') !== 'dev') {
  fatal(
    `CAPTCHA_PROVIDER=${env.CAPTCHA_PROVIDER} is not available: only "dev" ships (see apps/api-server/README.md).`,
  );
}
const signup = env.SIGNUP ?? 'open';
if (signup !== 'open' && signup !== 'closed') fatal(`SIGNUP=${env.SIGNUP} is not "open" or "closed".`);
const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) fatal(`PORT=${env.PORT} is not a port number.`);

// Start opening the database first: PGlite compiles its WebAssembly off the main thread while the
// rest of the server (Hono, zod, the contract) loads.
const db = openDatabase({
  dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
  databaseUrl: env.DATABASE_URL || undefined,
});
db.catch(() => {}); // reported by startServer, which awaits it
const [{ startServer }, { SEED_ACCOUNTS }] = await Promise.all([import('./server'), import('./db/seed')]);

const server = await startServer({
  db,
  port,
  host: env.HOST ?? '127.0.0.1',
  dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
  databaseUrl: env.DATABASE_URL || undefined,
  secret: env.API_SIGN_SECRET ?? 'consign-dev-secret',
  staticDir: env.STATIC_DIR ?? undefined,
  logLevel: parseLogLevel(env.LOG_LEVEL, 'info'),
  trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  signup,
}).catch((error: unknown) => {
  if (error instanceof DataDirInUseError) fatal(error.message);
  throw error;
});

const storage = env.DATABASE_URL
  ? 'Postgres (DATABASE_URL)'
  : `PGlite in ${env.DATA_DIR ?? DEFAULT_DATA_DIR}`;
process.stdout.write(
  [
    '',
    `  Consign is running at ${server.url}`,
    `  storage: ${storage}${server.seeded ? ' (seeded with demo data)' : ''}`,
    `  accounts: ${SEED_ACCOUNTS.admin.mobile} (管理员, admin)  ${SEED_ACCOUNTS.user.mobile} (normal user)`,
    `  SMS codes are printed here and readable at ${server.url}/__dev/sms?mobile=<mobile>`,
    '  captcha: the dev captcha accepts the ticket "dev-ticket"',
    env.NODE_ENV === 'production'
      ? '  warning: the console SMS provider and the dev captcha are development providers'
      : '',
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.log.info('shutting down', { signal });
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`shutdown failed: ${String(error)}\n`);
        process.exit(1);
      });
  });
}
