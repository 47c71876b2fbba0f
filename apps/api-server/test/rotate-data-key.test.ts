import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb } from '../src/db/db';
import { appSecretContext } from '../src/db/platform-apps';
import { openShopTokens } from '../src/db/shop-tokens';
import { SecretBox } from '../src/security/secret-box';
import { ADMIN, seededDataDir, startTestServer, type TestServer, USER } from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';

/**
 * `rotate-data-key` (src/rotate-data-key.ts), run as an operator runs it, on a PGlite directory that
 * holds sealed app secrets (the sandbox apps, one registered in 平台授权), a secret left in clear text
 * by an older version, and an authorised shop's tokens: afterwards every one opens under the new key and
 * none is left under the old; a wrong old key changes nothing.
 */

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);
const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);
const oldBox = new SecretBox(OLD_KEY);
const newBox = new SecretBox(NEW_KEY);

let dataDir: string;
let shopId = 0;

function rotate(oldKey: string, newKey: string) {
  return run(process.execPath, ['--import', 'tsx', join(here, '../src/rotate-data-key.ts')], {
    cwd: join(here, '..'),
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY_OLD: oldKey,
      DATA_ENCRYPTION_KEY: newKey,
    },
  });
}

async function sealedValues(dir: string) {
  const db = await openDb({ dataDir: dir });
  try {
    const apps = await db.query<{ id: number; app_secret: string }>(
      "SELECT id, app_secret FROM platform_auths WHERE app_secret <> '' ORDER BY id",
    );
    const shops = await db.query<{ id: number; access_token_sealed: string; refresh_token_sealed: string }>(
      'SELECT id, access_token_sealed, refresh_token_sealed FROM shops WHERE access_token_sealed IS NOT NULL',
    );
    return { apps, shops };
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = await seededDataDir();
  // A server under the old key, the sandboxes mounted (their apps registered), one shop authorised.
  let t: TestServer = await startTestServer({
    dataDir,
    dataKey: OLD_KEY,
    platformSandbox: { demoEveryMs: false },
    copyWorker: false,
    exportWorker: false,
  });
  try {
    const token = await t.login(ADMIN);
    const api = t.client(() => token);
    const { url } = await api.call('/api/shop/authorise', { platform: 'pinduoduo' });
    const back = await decideOnAuthorisationPage(url, { shopId: '900001' });
    const shop = await api.call('/api/shop/authorise-callback', {
      platform: 'pinduoduo',
      state: back.searchParams.get('state') ?? '',
      code: back.searchParams.get('code') ?? '',
    });
    shopId = shop.id;
    // A secret written in clear by an older version, behind the server's back.
    await t.server.db.query("UPDATE platform_auths SET app_secret = 'clear-text-secret' WHERE id = 1");
  } finally {
    await t.stop({ keepData: true });
  }
  // Restarting seals the clear-text secret under the (old) key.
  t = await startTestServer({ dataDir, dataKey: OLD_KEY, copyWorker: false, exportWorker: false });
  await t.stop({ keepData: true });
}, 240_000);

afterAll(async () => {
  const { rmSync } = await import('node:fs');
  rmSync(dataDir, { recursive: true, force: true });
});

it('the server seals a clear-text app secret at start', async () => {
  const { apps } = await sealedValues(dataDir);
  const first = apps.find((a) => a.id === 1);
  expect(first?.app_secret).toMatch(/^v1\./);
  expect(oldBox.open(first?.app_secret ?? '', appSecretContext(1))).toBe('clear-text-secret');
});

it('a wrong old key: refused, nothing changed', async () => {
  const before = await sealedValues(dataDir);
  const wrong = randomBytes(32).toString('base64');
  await expect(rotate(wrong, NEW_KEY.toString('base64'))).rejects.toMatchObject({
    stderr: expect.stringContaining('Nothing was changed'),
  });
  expect(await sealedValues(dataDir)).toEqual(before);
}, 120_000);

it('re-seals every app secret and shop token under the new key; the server works with it', async () => {
  const before = await sealedValues(dataDir);
  expect(before.apps.length).toBeGreaterThanOrEqual(3);
  expect(before.shops).toHaveLength(1);
  const { stdout } = await rotate(OLD_KEY.toString('hex'), NEW_KEY.toString('base64'));
  expect(stdout).toContain(`${before.apps.length} platform app secrets, 2 shop tokens`);

  const after = await sealedValues(dataDir);
  for (const app of after.apps) {
    expect(newBox.sealedHere(app.app_secret)).toBe(true);
    const was = before.apps.find((a) => a.id === app.id)?.app_secret ?? '';
    expect(newBox.open(app.app_secret, appSecretContext(app.id))).toBe(
      oldBox.open(was, appSecretContext(app.id)),
    );
  }
  const all = JSON.stringify(after);
  expect(all).not.toContain(`.${oldBox.keyId}.`);

  // Run again: nothing left to do.
  expect((await rotate(OLD_KEY.toString('hex'), NEW_KEY.toString('base64'))).stdout).toContain(
    '0 platform app secrets, 0 shop tokens',
  );

  // The server under the new key opens the tokens and reaches the platform with the app's secret.
  const t = await startTestServer({
    dataDir,
    dataKey: NEW_KEY,
    platformSandbox: { demoEveryMs: false },
    copyWorker: false,
    exportWorker: false,
  });
  try {
    const tokens = await openShopTokens(t.server.db, t.server.secretBox, shopId);
    expect(tokens?.accessToken).toMatch(/^[0-9a-f]{40}$/);
    const connector = await t.server.platforms.connector('pinduoduo');
    expect(connector).not.toBeNull();
    // The sandbox of this new process knows nothing of the old token: a fresh authorisation proves the
    // re-sealed app secret signs correctly.
    // The member (the owner's sign-in codes of the first server still count against the rate limit).
    const token = await t.login(USER);
    const { url } = await t
      .client(() => token)
      .call('/api/shop/authorise', { platform: 'pinduoduo', shop_id: shopId });
    const back = await decideOnAuthorisationPage(url, { shopId: '900001' });
    const shop = await t
      .client(() => token)
      .call('/api/shop/authorise-callback', {
        platform: 'pinduoduo',
        state: back.searchParams.get('state') ?? '',
        code: back.searchParams.get('code') ?? '',
      });
    expect(shop).toMatchObject({ id: shopId, state: 'normal' });
  } finally {
    await t.stop({ keepData: true });
  }
}, 180_000);
