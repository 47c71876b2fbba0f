import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configError, readConfig } from '../src/config';
import { FAKE_ACCOUNT, FakeTencent } from './fake-tencent';
import { envelope, freePort, healthy, runCreateOperator, startTestServer, USER } from './helpers';

/**
 * `NODE_ENV=production` as an operator runs it: the real server process (`src/main.ts`). It refuses
 * the development defaults with one error and opens nothing; fully configured with the Tencent
 * providers (here against the local fake) it serves logins and has no `/__dev/*`.
 */
const serverDir = join(import.meta.dirname, '..');
/** At least 32 bytes, as production requires. */
const SECRET = 'production-test-secret-0123456789abcdef';
const DATA_KEY = randomBytes(32).toString('base64');
/** An Alipay app of our own (production refuses the sandbox's public development keys). */
const alipayKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const ALIPAY = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: alipayKeys.privateKey,
  ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
};
const scratch = mkdtempSync(join(tmpdir(), 'consign-production-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

/** Environment variables of the parent that would change the outcome are left out. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(TENCENT_|ALIPAY_|SMS_PROVIDER|CAPTCHA_PROVIDER|API_SIGN_SECRET|CSP_CAPTCHA_ORIGINS|DATABASE_URL|DATA_ENCRYPTION_KEY|PUBLIC_URL|PLATFORM_SANDBOX|PDD_|DOUDIAN_)/.test(
        name,
      )
    ) {
      delete env[name];
    }
  }
  return env;
}

function run(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...baseEnv(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function tencentEnv(fake: FakeTencent): NodeJS.ProcessEnv {
  return {
    SMS_PROVIDER: 'tencent',
    CAPTCHA_PROVIDER: 'tencent',
    TENCENT_SECRET_ID: FAKE_ACCOUNT.secretId,
    TENCENT_SECRET_KEY: FAKE_ACCOUNT.secretKey,
    TENCENT_SMS_SDK_APP_ID: FAKE_ACCOUNT.sms.sdkAppId,
    TENCENT_SMS_SIGN_NAME: FAKE_ACCOUNT.sms.signName,
    TENCENT_SMS_TEMPLATE_ID: FAKE_ACCOUNT.sms.templateId,
    TENCENT_SMS_ENDPOINT: fake.url,
    TENCENT_CAPTCHA_APP_ID: String(FAKE_ACCOUNT.captcha.appId),
    TENCENT_CAPTCHA_APP_SECRET_KEY: FAKE_ACCOUNT.captcha.appSecretKey,
    TENCENT_CAPTCHA_ENDPOINT: fake.url,
    CSP_CAPTCHA_ORIGINS: 'https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com',
  };
}

describe('NODE_ENV=production refuses insecure defaults', () => {
  it('with the development defaults: one error naming the secret, the console SMS and the dev captcha; nothing opened', async () => {
    const dataDir = join(scratch, 'defaults');
    const server = run({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output.match(/refuses to start/g)).toHaveLength(1);
    expect(output).toContain('API_SIGN_SECRET is unset or the development default');
    expect(output).toContain('SMS_PROVIDER is console');
    expect(output).toContain('CAPTCHA_PROVIDER is dev');
    expect(output).toContain('DATA_ENCRYPTION_KEY is not set');
    expect(output).toContain('PUBLIC_URL is not set');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('with the Tencent providers but no variables: every missing variable in the one error', async () => {
    const dataDir = join(scratch, 'missing');
    const server = run({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      API_SIGN_SECRET: SECRET,
      SMS_PROVIDER: 'tencent',
      CAPTCHA_PROVIDER: 'tencent',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output.match(/refuses to start/g)).toHaveLength(1);
    for (const name of [
      'TENCENT_SECRET_ID',
      'TENCENT_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_SIGN_NAME',
      'TENCENT_SMS_TEMPLATE_ID',
      'TENCENT_CAPTCHA_APP_ID',
      'TENCENT_CAPTCHA_APP_SECRET_KEY',
      'CSP_CAPTCHA_ORIGINS',
    ]) {
      expect(output).toContain(`${name} is not set`);
    }
    expect(output).not.toContain('API_SIGN_SECRET');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});

describe('NODE_ENV=production with the Tencent providers, from an empty database', () => {
  const OPERATOR = '13612340001';
  let fake: FakeTencent;
  let server: ReturnType<typeof run>;
  let url = '';
  let port = 0;
  const dataDir = join(scratch, 'empty');

  async function start() {
    server = run({
      ...tencentEnv(fake),
      NODE_ENV: 'production',
      API_SIGN_SECRET: SECRET,
      DATA_ENCRYPTION_KEY: DATA_KEY,
      PUBLIC_URL: 'https://erp.example.com',
      ...ALIPAY,
      DATA_DIR: dataDir,
      PORT: String(port),
    });
    // No deadline of our own: the server either answers or exits (the hook's timeout is the guard).
    while (!(await healthy(url))) {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function signIn(mobile: string) {
    const api = createApiClient({ baseURL: url, secret: SECRET });
    const ticket = fake.issueTicket();
    await api.call('/api/default/send-code', { mobile, type: 1, sign_type: 1, ...ticket });
    const code = fake.sent.findLast((message) => message.phone === `+86${mobile}`)?.params[0] ?? '';
    expect(code).toMatch(/^[0-9]{6}$/);
    const { access_token } = await api.call('/api/default/login', { mobile, code });
    return {
      code,
      ticket,
      api: createApiClient({ baseURL: url, secret: SECRET, getToken: () => access_token }),
    };
  }

  beforeAll(async () => {
    fake = await FakeTencent.start();
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    await start();
  }, 180_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await fake?.close();
  });

  it('seeds no demo: the log says how to make the first operator; create-operator makes one, once', async () => {
    const hint = 'pnpm --filter @consign/api-server create-operator <mobile>';
    expect(server.output()).toContain(hint);
    expect(server.output()).not.toContain('seeded with demo data');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // The server stopped (one process per PGlite directory): the command, with the contract's mobile rule.
    const env = { DATA_DIR: dataDir };
    const bad = await runCreateOperator('1380000000', env);
    expect(bad).toMatchObject({ code: 1, output: expect.stringContaining('Not a mobile number') });
    const first = await runCreateOperator(`${OPERATOR.slice(0, 3)} ${OPERATOR.slice(3)}`, env);
    expect(first.code).toBe(0);
    expect(first.output).toContain(`${OPERATOR}: created: a new user`);
    const again = await runCreateOperator(OPERATOR, env);
    expect(again.code).toBe(0);
    expect(again.output).toContain(`${OPERATOR}: already an operator: nothing changed`);

    await start();
    expect(server.output()).not.toContain(hint);
  }, 180_000);

  it('the operator signs in through Tencent: the only account is theirs, no order, no platform app', async () => {
    const { api } = await signIn(OPERATOR);
    expect(await api.call('/api/user/info')).toMatchObject({ mobile: OPERATOR, is_manage: true });
    const sellers = await api.call('/api/seller/index', { pageIndex: 1, pageSize: 20 });
    expect(sellers.total).toBe(1);
    expect((await api.call('/api/order/index', { pageIndex: 1, pageSize: 20 })).total).toBe(0);
    // The baseline: a neutral company profile and the platforms without any app, for the operator to fill in.
    expect(await api.call('/api/company/index')).toMatchObject({ name: 'Consign', short_name: 'Consign' });
    const platforms = await api.call('/api/company/platform-list');
    expect(platforms.map((p) => p.code)).toEqual(expect.arrayContaining(['pinduoduo', 'douyin', 'alibaba']));
    for (const platform of platforms) {
      const apps = await api.call(
        '/api/company/platform-auth-list',
        {},
        { query: { platform_id: platform.id } },
      );
      expect(apps, platform.code).toEqual([]);
    }
    const log = await api.call('/api/log/index', {
      pageIndex: 1,
      pageSize: 5,
      action: 'user.create-operator',
    });
    expect(log.list).toMatchObject([
      { target_name: OPERATOR, changes: [{ field: 'mobile' }, { field: 'is_manage' }] },
    ]);
  });

  it('has no /__dev/sms and no platform sandbox', async () => {
    expect((await fetch(`${url}/__dev/sms?mobile=${USER}`)).status).toBe(404);
    expect((await fetch(`${url}/__sandbox/pdd/service-market/auth`)).status).toBe(404);
    expect(server.output()).toContain('the real 拼多多, 抖店 and 1688 open platforms');
  });

  it('logs in with the code Tencent delivered, and logs neither the code, the mobile nor a secret', async () => {
    const mobile = '13612340000';
    const { code, ticket } = await signIn(mobile);

    const output = server.output();
    expect(output).toContain('Tencent Cloud SMS');
    for (const secret of [
      code,
      ticket.ticket,
      mobile,
      FAKE_ACCOUNT.secretKey,
      FAKE_ACCOUNT.secretId,
      FAKE_ACCOUNT.captcha.appSecretKey,
      SECRET,
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});

/**
 * The README's production example (between its `production-example` comments) run as written with bash,
 * from the repository's root, with a home directory of its own. One input is the operator's: Alipay's
 * public key, downloaded from Alipay's console (here a key of our own). Its `npm start` is the admin
 * build and then the server: here only the server step, as `npm start` runs it, since a build with the
 * example's VITE_* values would replace the admin app that other tests serve.
 */
it("the README's production example starts as written", async () => {
  const readme = readFileSync(join(serverDir, '../../README.md'), 'utf8');
  const example =
    /<!-- production-example:[^>]*-->\s*```sh\n([\s\S]*?)```\s*<!-- production-example: end -->/.exec(
      readme,
    )?.[1];
  expect(example, 'README.md has no production-example block').toBeDefined();
  const script = (example ?? '').replace(
    /^npm start\b.*$/m,
    'cd apps/api-server && exec node --import tsx src/main.ts',
  );
  expect(script).not.toBe(example);
  const home = join(scratch, 'readme-home');
  mkdirSync(join(home, '.consign'), { recursive: true });
  writeFileSync(join(home, '.consign', 'alipay-public.pem'), alipayKeys.publicKey);
  const port = await freePort();
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: join(serverDir, '../..'),
    env: { ...baseEnv(), NODE_ENV: undefined, HOME: home, PORT: String(port), DATA_DIR: join(home, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  while (!(await healthy(`http://127.0.0.1:${port}`))) {
    if (child.exitCode !== null) throw new Error(`the README's production example exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The banner comes through a pipe that may deliver it after the first healthy answer.
  const banner = `Consign is running at http://127.0.0.1:${port} (production)`;
  while (!output.includes(banner) && child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(output).toContain(banner);
  expect(output).toContain('create-operator');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}, 180_000);

it('startServer({ production: true }) has no /__dev/sms, even with the console provider', async () => {
  const server = await startTestServer({ production: true, copyWorker: false });
  try {
    const res = await server.post('/api/default/send-code', {
      mobile: USER,
      type: 1,
      sign_type: 1,
      ticket: 'dev-ticket',
      randstr: 'r',
    });
    expect(await envelope(res)).toEqual({ errorCode: 0, data: null });
    expect((await fetch(`${server.url}/__dev/sms?mobile=${USER}`)).status).toBe(404);
  } finally {
    await server.stop();
  }
}, 120_000);

describe('readConfig', () => {
  const complete = {
    NODE_ENV: 'production',
    API_SIGN_SECRET: SECRET,
    SMS_PROVIDER: 'tencent',
    CAPTCHA_PROVIDER: 'tencent',
    TENCENT_SECRET_ID: 'id',
    TENCENT_SECRET_KEY: 'key',
    TENCENT_SMS_SDK_APP_ID: '1400000001',
    TENCENT_SMS_SIGN_NAME: '云仓代发',
    TENCENT_SMS_TEMPLATE_ID: '100001',
    TENCENT_CAPTCHA_APP_ID: '190000001',
    TENCENT_CAPTCHA_APP_SECRET_KEY: 'app-secret',
    CSP_CAPTCHA_ORIGINS: 'https://turing.captcha.qcloud.com',
    DATA_ENCRYPTION_KEY: DATA_KEY,
    PUBLIC_URL: 'https://erp.example.com',
    ...ALIPAY,
  };

  it('accepts a complete production configuration, with Tencent’s endpoints by default', () => {
    const { config, problems } = readConfig(complete);
    expect(problems).toEqual([]);
    expect(config.production).toBe(true);
    expect(config.dataKey.equals(Buffer.from(DATA_KEY, 'base64'))).toBe(true);
    expect(config.platforms).toEqual({
      sandbox: false,
      pdd: {
        gatewayUrl: 'https://gw-api.pinduoduo.com/api/router',
        authUrl: 'https://fuwu.pinduoduo.com/service-market/auth',
        messageUrl: 'wss://message-api.pinduoduo.com/message',
      },
      doudian: {
        gatewayUrl: 'https://openapi-fxg.jinritemai.com',
        authUrl: 'https://fuwu.jinritemai.com/authorize',
      },
      alibaba: {
        gatewayUrl: 'https://gw.open.1688.com/openapi',
        authUrl: 'https://auth.1688.com/oauth/authorize',
      },
    });
    expect(config.sms).toMatchObject({
      provider: 'tencent',
      region: 'ap-guangzhou',
      endpoint: { protocol: 'https://', host: 'sms.tencentcloudapi.com' },
    });
    expect(config.captcha).toMatchObject({
      provider: 'tencent',
      appId: 190000001,
      endpoint: { protocol: 'https://', host: 'captcha.tencentcloudapi.com' },
    });
  });

  it('takes an endpoint as a host or a URL; plain http only to loopback', () => {
    const at = (TENCENT_SMS_ENDPOINT: string) => readConfig({ ...complete, TENCENT_SMS_ENDPOINT });
    expect(at('sms.ap-beijing.tencentcloudapi.com').config.sms).toMatchObject({
      endpoint: { protocol: 'https://', host: 'sms.ap-beijing.tencentcloudapi.com' },
    });
    expect(at('http://127.0.0.1:9000').config.sms).toMatchObject({
      endpoint: { protocol: 'http://', host: '127.0.0.1:9000' },
    });
    expect(at('http://sms.tencentcloudapi.com').problems).toEqual([
      'TENCENT_SMS_ENDPOINT=http://sms.tencentcloudapi.com: plain http is allowed only to a loopback address; use https.',
    ]);
    expect(at('https://sms.tencentcloudapi.com/path').problems).toHaveLength(1);
  });

  it('the polling safety nets: 5 minutes by default, a whole number of seconds from 60 to a day', () => {
    expect(readConfig({}).config).toMatchObject({ shopSyncFallbackSeconds: 300, supplierFollowSeconds: 300 });
    expect(
      readConfig({ SHOP_SYNC_FALLBACK_SECONDS: '120', SUPPLIER_FOLLOW_SECONDS: '900' }).config,
    ).toMatchObject({ shopSyncFallbackSeconds: 120, supplierFollowSeconds: 900 });
    expect(readConfig({ SHOP_SYNC_FALLBACK_SECONDS: '30', SUPPLIER_FOLLOW_SECONDS: '5m' }).problems).toEqual([
      'SHOP_SYNC_FALLBACK_SECONDS=30 is not a whole number of seconds from 60 to 86400.',
      'SUPPLIER_FOLLOW_SECONDS=5m is not a whole number of seconds from 60 to 86400.',
    ]);
  });

  it('outside production: the demo defaults pass, unknown providers and missing variables do not', () => {
    expect(readConfig({}).problems).toEqual([]);
    expect(readConfig({}).config).toMatchObject({
      production: false,
      sms: { provider: 'console' },
      captcha: { provider: 'dev' },
    });
    expect(readConfig({ SMS_PROVIDER: 'aliyun', CAPTCHA_PROVIDER: 'x' }).problems).toEqual([
      'SMS_PROVIDER=aliyun is not "console" or "tencent".',
      'CAPTCHA_PROVIDER=x is not "dev" or "tencent".',
    ]);
    expect(readConfig({ CAPTCHA_PROVIDER: 'tencent', TENCENT_CAPTCHA_APP_ID: 'abc' }).problems).toEqual([
      'TENCENT_CAPTCHA_APP_ID=abc is not a number (the CaptchaAppId).',
      'TENCENT_SECRET_ID is not set (CAPTCHA_PROVIDER=tencent needs it).',
      'TENCENT_SECRET_KEY is not set (CAPTCHA_PROVIDER=tencent needs it).',
      'TENCENT_CAPTCHA_APP_SECRET_KEY is not set (CAPTCHA_PROVIDER=tencent needs it).',
    ]);
  });

  it('production: DATA_ENCRYPTION_KEY and PUBLIC_URL required, the key well formed; never a sandbox or a loopback platform endpoint', () => {
    const { DATA_ENCRYPTION_KEY: _, ...withoutKey } = complete;
    expect(readConfig(withoutKey).problems).toEqual([
      expect.stringMatching(
        /^DATA_ENCRYPTION_KEY is not set: platform secrets and shop tokens are encrypted with it/,
      ),
    ]);
    const { PUBLIC_URL: __, ...withoutPublicUrl } = complete;
    expect(readConfig(withoutPublicUrl).problems).toEqual([
      'PUBLIC_URL is not set: the platforms send sellers back to <PUBLIC_URL>/shop/authorised/<platform> after authorising a shop. Set the https origin browsers reach the admin app at, e.g. https://erp.example.com.',
    ]);
    expect(readConfig({ ...complete, DATA_ENCRYPTION_KEY: 'short' }).problems).toEqual([
      expect.stringMatching(/^DATA_ENCRYPTION_KEY must be 32 random bytes/),
    ]);
    expect(readConfig({ ...complete, PLATFORM_SANDBOX: '1' }).problems).toEqual([
      'PLATFORM_SANDBOX is on: production never talks to the local platform sandboxes.',
    ]);
    expect(
      readConfig({
        ...complete,
        PDD_GATEWAY_URL: 'http://127.0.0.1:9000/api/router',
        DOUDIAN_AUTH_URL: 'https://localhost/a',
      }).problems,
    ).toEqual([
      'PDD_GATEWAY_URL=http://127.0.0.1:9000/api/router points at this machine or a local network (a sandbox or a fake): production talks to the real platform.',
      'DOUDIAN_AUTH_URL=https://localhost/a points at this machine or a local network (a sandbox or a fake): production talks to the real platform.',
    ]);
    expect(readConfig({ ...complete, ALIBABA_GATEWAY_URL: 'http://[::1]:9000/openapi' }).problems).toEqual([
      'ALIBABA_GATEWAY_URL=http://[::1]:9000/openapi points at this machine or a local network (a sandbox or a fake): production talks to the real platform.',
    ]);
    // The address as parsed, not its spelling: other loopback addresses, the unspecified one, IPv4-mapped,
    // `localhost` names, private and link-local networks; and https only.
    const local = [
      'https://127.0.0.2/api/router',
      'https://0.0.0.0/api/router',
      'https://[::ffff:127.0.0.1]/api/router',
      'https://localhost./api/router',
      'https://x.localhost/api/router',
      'https://2130706433/api/router',
      'https://10.0.0.8/api/router',
      'https://192.168.1.20/api/router',
      'https://[::ffff:172.16.0.1]/api/router',
      'https://169.254.169.254/api/router',
      'https://[fd00::1]/api/router',
      'https://[fe80::1]/api/router',
    ];
    for (const PDD_GATEWAY_URL of local) {
      expect(readConfig({ ...complete, PDD_GATEWAY_URL }).problems, PDD_GATEWAY_URL).toEqual([
        expect.stringContaining('points at this machine or a local network'),
      ]);
    }
    expect(readConfig({ ...complete, PDD_AUTH_URL: 'http://fuwu.pinduoduo.com/auth' }).problems).toEqual([
      'PDD_AUTH_URL=http://fuwu.pinduoduo.com/auth: production talks to the platform over https only.',
    ]);
    for (const PDD_MESSAGE_URL of ['ws://message-api.pinduoduo.com/message', 'wss://127.0.0.1/message']) {
      expect(readConfig({ ...complete, PDD_MESSAGE_URL }).problems, PDD_MESSAGE_URL).toEqual([
        `PDD_MESSAGE_URL=${PDD_MESSAGE_URL}: production talks to the real platform over wss only.`,
      ]);
    }
    expect(readConfig({ ...complete, PDD_MESSAGE_URL: 'https://x.example/m' }).problems).toEqual([
      'PDD_MESSAGE_URL=https://x.example/m is not a ws(s) URL.',
    ]);
    for (const ALIPAY_GATEWAY of [
      'https://127.0.0.2/gateway.do',
      'https://[::ffff:127.0.0.1]/gateway.do',
      'https://10.1.2.3/gateway.do',
      'http://openapi.alipay.com/gateway.do',
    ]) {
      expect(readConfig({ ...complete, ALIPAY_GATEWAY }).problems, ALIPAY_GATEWAY).toEqual([
        expect.stringContaining('is a sandbox, a local address or not https'),
      ]);
    }
    const proxied = readConfig({ ...complete, PDD_GATEWAY_URL: 'https://pdd-proxy.example.com/api/router' });
    expect(proxied.problems).toEqual([]);
    expect(proxied.config.platforms.pdd.gatewayUrl).toBe('https://pdd-proxy.example.com/api/router');
  });

  it('production: API_SIGN_SECRET of 32 bytes and Alipay keys that parse, every problem in the one message', () => {
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const { problems } = readConfig({
      ...complete,
      API_SIGN_SECRET: 'x'.repeat(31),
      ALIPAY_PRIVATE_KEY: pkcs1.privateKey,
      ALIPAY_PUBLIC_KEY: 'not a key',
      PDD_GATEWAY_URL: 'https://127.0.0.2/api/router',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^API_SIGN_SECRET is 31 bytes: production needs at least 32/),
      expect.stringMatching(/^PDD_GATEWAY_URL=https:\/\/127\.0\.0\.2\/api\/router points at this machine/),
      expect.stringMatching(/^ALIPAY_PRIVATE_KEY is not an RSA private key in PKCS8/),
      expect.stringMatching(/^ALIPAY_PUBLIC_KEY is not an RSA public key/),
    ]);
    const message = configError(problems, true);
    expect(message.match(/refuses to start/g)).toHaveLength(1);
    for (const name of ['API_SIGN_SECRET', 'PDD_GATEWAY_URL', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']) {
      expect(message).toContain(`  - ${name}`);
    }
    // The base64 body alone (as Alipay's key tool shows it) and escaped newlines are accepted.
    const body = (pem: string) => pem.replace(/-----[A-Z ]+-----|\n/g, '');
    expect(
      readConfig({
        ...complete,
        ALIPAY_PRIVATE_KEY: body(alipayKeys.privateKey),
        ALIPAY_PUBLIC_KEY: alipayKeys.publicKey.replaceAll('\n', '\\n'),
      }).problems,
    ).toEqual([]);
  });

  it('outside production: the sandbox by default; endpoints need PLATFORM_SANDBOX=0, and http only to loopback', () => {
    const dev = readConfig({});
    expect(dev.config.platforms.sandbox).toBe(true);
    expect(dev.config.dataKey).toHaveLength(32);
    expect(readConfig({ PDD_AUTH_URL: 'http://127.0.0.1:9000/auth' }).problems).toEqual([
      'PDD_AUTH_URL is set while PLATFORM_SANDBOX is on (the default outside production); set PLATFORM_SANDBOX=0 to use it.',
    ]);
    const fake = readConfig({ PLATFORM_SANDBOX: '0', DOUDIAN_GATEWAY_URL: 'http://127.0.0.1:9000' });
    expect(fake.problems).toEqual([]);
    expect(fake.config.platforms).toMatchObject({
      sandbox: false,
      doudian: { gatewayUrl: 'http://127.0.0.1:9000', authUrl: 'https://fuwu.jinritemai.com/authorize' },
    });
    expect(
      readConfig({ PLATFORM_SANDBOX: 'off', PDD_GATEWAY_URL: 'http://gw-api.pinduoduo.com/api/router' })
        .problems,
    ).toEqual([
      'PDD_GATEWAY_URL=http://gw-api.pinduoduo.com/api/router: plain http is allowed only to a loopback address; use https.',
    ]);
    const fake1688 = readConfig({
      PLATFORM_SANDBOX: '0',
      ALIBABA_AUTH_URL: 'http://127.0.0.1:9001/oauth/authorize',
    });
    expect(fake1688.problems).toEqual([]);
    expect(fake1688.config.platforms.alibaba).toEqual({
      gatewayUrl: 'https://gw.open.1688.com/openapi',
      authUrl: 'http://127.0.0.1:9001/oauth/authorize',
    });
    expect(
      readConfig({ PLATFORM_SANDBOX: '0', ALIBABA_AUTH_URL: 'http://auth.1688.com/oauth/authorize' })
        .problems,
    ).toEqual([
      'ALIBABA_AUTH_URL=http://auth.1688.com/oauth/authorize: plain http is allowed only to a loopback address; use https.',
    ]);
    expect(readConfig({ PLATFORM_SANDBOX: '0', PDD_GATEWAY_URL: 'gw-api.pinduoduo.com' }).problems).toEqual([
      'PDD_GATEWAY_URL=gw-api.pinduoduo.com is not an http(s) URL.',
    ]);
    expect(readConfig({ PLATFORM_SANDBOX: '0', PDD_GATEWAY_URL: 'http://localhost.:9000' }).problems).toEqual(
      [],
    );
    expect(readConfig({ PLATFORM_SANDBOX: '0', PDD_GATEWAY_URL: 'http://10.0.0.8:9000' }).problems).toEqual([
      'PDD_GATEWAY_URL=http://10.0.0.8:9000: plain http is allowed only to a loopback address; use https.',
    ]);
    expect(readConfig({ PLATFORM_SANDBOX: 'maybe' }).problems).toEqual([
      'PLATFORM_SANDBOX=maybe is not 1 or 0.',
    ]);
  });
});
