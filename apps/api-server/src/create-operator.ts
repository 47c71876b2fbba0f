import { isValidMobile, MOBILE_PATTERN, normalizeMobile } from '@consign/api-client';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { makeOperator, type OperatorOutcome } from './db/operator';
import { DEFAULT_DATA_DIR, openDatabase } from './paths';

/**
 * `pnpm --filter @consign/api-server create-operator <mobile>`: makes the user of `<mobile>` a
 * platform operator (管理员: 全局设置, 卖家管理), creating the user (the owner of a new, empty seller
 * account) when nobody has the mobile, on the database of `DATA_DIR` / `DATABASE_URL`. Production
 * seeds nothing, so this is how its first operator is made (README "Production configuration").
 * Idempotent: run twice, the second run says `already an operator` and changes nothing. Each change
 * is in the operation log (操作日志, a platform change). On PGlite stop the server first (one process
 * per data directory); on Postgres it runs beside the servers.
 */
function fatal(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = 'Usage: pnpm --filter @consign/api-server create-operator <mobile>';
const given = process.argv.slice(2);
if (given.length !== 1) fatal(usage);
const mobile = normalizeMobile(given[0] ?? '');
if (!isValidMobile(mobile)) {
  fatal(`Not a mobile number: "${given[0]}" (11 digits matching ${MOBILE_PATTERN.source}). ${usage}`);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const db = await openDatabase({ dataDir: process.env.DATA_DIR ?? DEFAULT_DATA_DIR, databaseUrl }).catch(
  (error: unknown) => fatal(error instanceof DataDirInUseError ? error.message : String(error)),
);
const said: Record<OperatorOutcome, string> = {
  created: 'created: a new user (the owner of a new, empty seller account), now an operator',
  promoted: 'made an existing user an operator (their seller account is unchanged)',
  already: 'already an operator: nothing changed',
};
try {
  await migrate(db);
  const done = await makeOperator(db, mobile, Math.floor(Date.now() / 1000));
  process.stdout.write(
    `${mobile}: ${said[done.outcome]} (user ${done.userId}, seller account ${done.accountId}).` +
      (done.active
        ? ' They sign in with an SMS code.\n'
        : ' Their user or seller account is disabled: enable it in 卖家管理 / 子账号 before they can sign in.\n'),
  );
} catch (error) {
  await db.close();
  fatal(`Nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
}
await db.close();
