import { DataDirInUseError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { DEFAULT_DATA_DIR, openDatabase } from './paths';
import { rotateDataKey } from './security/rotate-data-key';
import { DEV_DATA_KEY, parseDataKey, SecretBox } from './security/secret-box';

/**
 * `pnpm --filter @consign/api-server rotate-data-key`: re-encrypts the secrets at rest (platform app
 * secrets, shop tokens) from `DATA_ENCRYPTION_KEY_OLD` (the key in use until now; `dev` for the
 * development key) to `DATA_ENCRYPTION_KEY` (the new one), in one transaction, on the database of
 * `DATA_DIR` / `DATABASE_URL`. Stop the servers first (a PGlite directory is locked by its server;
 * servers still running with the old key cannot open what was re-sealed), then start them with the new
 * key.
 */
function fatal(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const key = (name: string): Buffer => {
  const text = process.env[name]?.trim();
  if (!text)
    fatal(
      `${name} is not set. Usage: DATA_ENCRYPTION_KEY_OLD=<old key> DATA_ENCRYPTION_KEY=<new key> pnpm --filter @consign/api-server rotate-data-key`,
    );
  if (name === 'DATA_ENCRYPTION_KEY_OLD' && text === 'dev') return DEV_DATA_KEY;
  try {
    return parseDataKey(text);
  } catch (error) {
    return fatal(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
};

const previous = new SecretBox(key('DATA_ENCRYPTION_KEY_OLD'));
const next = new SecretBox(key('DATA_ENCRYPTION_KEY'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const db = await openDatabase({ dataDir: process.env.DATA_DIR ?? DEFAULT_DATA_DIR, databaseUrl }).catch(
  (error: unknown) => fatal(error instanceof DataDirInUseError ? error.message : String(error)),
);
try {
  await migrate(db);
  const done = await rotateDataKey(db, previous, next);
  process.stdout.write(
    `Re-encrypted under key ${next.keyId}: ${done.appSecrets} platform app secrets, ${done.shopTokens} shop tokens, ${done.supplierTokens} 1688 account tokens. ` +
      'Start the server with the new DATA_ENCRYPTION_KEY.\n',
  );
} catch (error) {
  await db.close();
  fatal(`Nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
}
await db.close();
