import { createHash } from 'node:crypto';
import { createNonce, HttpError, signPayload, unixSeconds } from '@consign/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_RULES } from '../src/security/sms-codes';
import { ADMIN, envelope, SECRET, startTestServer, type TestServer, USER } from './helpers';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** A signed body as the client would send it, with the given overrides. */
function signed(fields: Record<string, unknown> = {}, ts = unixSeconds(t.clock.now())) {
  const body = { nonce: createNonce(), ts, ...fields };
  return { body, signature: signPayload(body, SECRET) };
}

function send(path: string, body: unknown, headers: Record<string, string>) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function sendCode(mobile: string) {
  return t.post('/api/default/send-code', {
    mobile,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'r',
  });
}

async function outboxCode(mobile: string): Promise<string> {
  const res = await fetch(`${t.url}/__dev/sms?mobile=${mobile}`);
  return ((await res.json()) as { code: string }).code;
}

describe('request signature', () => {
  it('accepts a correctly signed request', async () => {
    const { body, signature } = signed();
    const res = await send('/api/default/config', body, { 'cache-key': signature });
    expect(res.status).toBe(200);
  });

  it('refuses a forged signature', async () => {
    const { body } = signed();
    const res = await send('/api/default/config', body, { 'cache-key': signPayload(body, 'wrong-secret') });
    expect(res.status).toBe(400);
    expect(await envelope(res)).toEqual({ errorCode: 1, msg: '签名校验失败' });
  });

  it('refuses a body changed after signing', async () => {
    const { body, signature } = signed({ pageIndex: 1, pageSize: 20 });
    const res = await send('/api/order/index', { ...body, pageSize: 100 }, { 'cache-key': signature });
    expect(res.status).toBe(400);
  });

  it('refuses a missing signature', async () => {
    const { body } = signed();
    const res = await send('/api/default/config', body, {});
    expect(res.status).toBe(400);
    expect((await envelope(res)).msg).toBe('缺少签名');
  });

  it('refuses a ts more than 300 s in the past or the future, and accepts one just inside', async () => {
    const nowS = unixSeconds(t.clock.now());
    for (const ts of [nowS - 301, nowS + 301]) {
      const { body, signature } = signed({}, ts);
      const res = await send('/api/default/config', body, { 'cache-key': signature });
      expect(res.status).toBe(400);
      expect((await envelope(res)).msg).toContain('时间戳');
    }
    const { body, signature } = signed({}, nowS - 299);
    expect((await send('/api/default/config', body, { 'cache-key': signature })).status).toBe(200);
  });

  it('refuses a replayed nonce, even with a fresh ts', async () => {
    const { body, signature } = signed();
    expect((await send('/api/default/config', body, { 'cache-key': signature })).status).toBe(200);
    const again = await send('/api/default/config', body, { 'cache-key': signature });
    expect(again.status).toBe(400);
    expect((await envelope(again)).msg).toBe('重复的请求');
    t.clock.advance(120_000);
    const resigned = { ...body, ts: unixSeconds(t.clock.now()) };
    const replay = await send('/api/default/config', resigned, {
      'cache-key': signPayload(resigned, SECRET),
    });
    expect(replay.status).toBe(400);
  });

  it('refuses a nonce that is not 16 alphanumerics', async () => {
    const body = { nonce: 'short', ts: unixSeconds(t.clock.now()) };
    const res = await send('/api/default/config', body, { 'cache-key': signPayload(body, SECRET) });
    expect(res.status).toBe(400);
  });

  it('verifies multipart form fields and leaves files out of the signature', async () => {
    const fields = { nonce: createNonce(), ts: String(unixSeconds(t.clock.now())) };
    const form = new FormData();
    form.set('nonce', fields.nonce);
    form.set('ts', fields.ts);
    form.set('file', new Blob([new Uint8Array(1000)]), 'a.bin');
    const ok = await fetch(`${t.url}/api/default/config`, {
      method: 'POST',
      headers: { 'cache-key': signPayload(fields, SECRET) },
      body: form,
    });
    expect(ok.status).toBe(200);
    const forged = new FormData();
    forged.set('nonce', createNonce());
    forged.set('ts', fields.ts);
    const bad = await fetch(`${t.url}/api/default/config`, {
      method: 'POST',
      headers: { 'cache-key': signPayload(fields, SECRET) },
      body: forged,
    });
    expect(bad.status).toBe(400);
  });
});

describe('idempotent creates', () => {
  it('a create sent again with its key (another nonce) creates once and answers the same; another key creates again', async () => {
    const token = await t.login(USER);
    const [user] = await t.server.db.query<{ account_id: number }>(
      'SELECT account_id FROM users WHERE mobile = $1',
      [USER],
    );
    const senders = async () =>
      (
        await t.server.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM addresses WHERE account_id = $1 AND name = '幂等仓'",
          [user?.account_id],
        )
      )[0]?.n;
    const address = {
      kind: 'sender',
      name: '幂等仓',
      mobile: '13712349003',
      region: '浙江省 杭州市',
      address: '文三路 2 号',
    };
    const create = (key: string, fields: Record<string, unknown> = address) => {
      const { body, signature } = signed({ ...fields, idempotency_key: key });
      return send('/api/address/save', body, { 'cache-key': signature, authorization: `Bearer ${token}` });
    };
    const key = createNonce(24);
    const [first, again] = await Promise.all([create(key), create(key)]);
    const third = await create(key);
    const answers = await Promise.all([first, again, third].map((res) => res.text()));
    expect([first.status, again.status, third.status]).toEqual([200, 200, 200]);
    expect(new Set(answers).size).toBe(1);
    expect(await senders()).toBe(1);
    // The key with another body: refused, nothing created.
    const other = await create(key, { ...address, address: '文三路 3 号' });
    expect(other.status).toBe(422);
    expect((await envelope(other)).msg).toContain('idempotency_key');
    // Another key is another create; a call without a key creates as before.
    expect((await create(createNonce(24))).status).toBe(200);
    expect(await senders()).toBe(2);
    // A replayed nonce is still refused, key or not.
    const { body, signature } = signed({ ...address, idempotency_key: key });
    const headers = { 'cache-key': signature, authorization: `Bearer ${token}` };
    expect((await send('/api/address/save', body, headers)).status).toBe(200);
    const replay = await send('/api/address/save', body, headers);
    expect({ status: replay.status, msg: (await envelope(replay)).msg }).toEqual({
      status: 400,
      msg: '重复的请求',
    });
    expect(await senders()).toBe(2);
    // One entry in the operation log per create made.
    const [logged] = await t.server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operation_log WHERE action = 'address.save' AND account_id = $1 AND target_name = '幂等仓'",
      [user?.account_id],
    );
    expect(logged?.n).toBe(2);
  });
});

describe('access tokens', () => {
  it('needs a token for private calls (401) but not for public ones', async () => {
    await expect(t.client().call('/api/user/info', {}, { skipErrorHandler: true })).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      t.client().call('/api/order/index', { pageIndex: 1, pageSize: 1 }, { skipErrorHandler: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect((await t.client().call('/api/default/config')).short_name).toBeTruthy();
  });

  it('refuses an unknown or malformed token', async () => {
    for (const token of ['x'.repeat(43), 'not a token', `${'A'.repeat(43)}'--`]) {
      await expect(
        t.client(() => token).call('/api/user/info', {}, { skipErrorHandler: true }),
      ).rejects.toMatchObject({
        status: 401,
      });
    }
  });

  it('issues 256-bit random tokens and stores only their sha256', async () => {
    const token = await t.login(USER);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.login(USER)).not.toBe(token);
    const rows = await t.server.db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens');
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    expect(hashes).not.toContain(token);
  });

  it('expires a token after 7 days', async () => {
    const token = await t.login(USER);
    const api = t.client(() => token);
    expect((await api.call('/api/user/info')).mobile).toBe(USER);
    t.clock.advance(7 * 24 * 3600 * 1000 - 120_000);
    expect((await api.call('/api/user/info')).mobile).toBe(USER);
    t.clock.advance(121_000);
    await expect(api.call('/api/user/info', {}, { skipErrorHandler: true })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('revokes a token on logout', async () => {
    const token = await t.login(USER);
    const api = t.client(() => token);
    expect((await api.call('/api/user/info')).mobile).toBe(USER);
    await api.call('/api/default/logout');
    await expect(api.call('/api/user/info', {}, { skipErrorHandler: true })).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('roles', () => {
  it('answers 403 to a normal user on company calls, and lets the admin through', async () => {
    const userToken = await t.login(USER);
    const user = t.client(() => userToken);
    const profile = {
      name: '某公司',
      short_name: 'X',
      en_name: '',
      logo_url: '',
      foot_copyright: '',
      foot_info: '',
      version: 1,
    };
    await expect(user.call('/api/company/update', profile, { skipErrorHandler: true })).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    await expect(
      user.call(
        '/api/company/ad-save',
        { name: 'x', ad_login_image_url: '/a.svg' },
        { ...{ skipErrorHandler: true }, query: undefined },
      ),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      user.call('/api/company/ad-del', {}, { ...{ skipErrorHandler: true }, query: { id: 1 } }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(user.call('/api/company/index', {}, { skipErrorHandler: true })).rejects.toMatchObject({
      status: 403,
    });
    // Nothing changed.
    expect((await t.client().call('/api/default/config')).ad_list).toHaveLength(3);
    const adminToken = await t.login(ADMIN);
    expect((await t.client(() => adminToken).call('/api/company/index')).short_name).toBe('Consign');
  });
});

describe('SMS codes', () => {
  it('sends 6-digit codes, at most one per mobile per 60 s', async () => {
    t.clock.advance(61_000);
    const mobile = '13611112222';
    expect((await sendCode(mobile)).status).toBe(200);
    expect(await outboxCode(mobile)).toMatch(/^\d{6}$/);
    const again = await sendCode(mobile);
    expect(again.status).toBe(429);
    expect((await envelope(again)).msg).toContain('秒后再试');
    t.clock.advance(59_000);
    expect((await sendCode(mobile)).status).toBe(429);
    t.clock.advance(1_000);
    expect((await sendCode(mobile)).status).toBe(200);
  });

  it('requires the captcha', async () => {
    const res = await t.post('/api/default/send-code', {
      mobile: '13611113333',
      type: 1,
      sign_type: 1,
      ticket: 'wrong',
      randstr: 'r',
    });
    expect(res.status).toBe(200);
    expect(await envelope(res)).toEqual({ errorCode: 1, msg: '人机验证未通过，请重试' });
    expect((await fetch(`${t.url}/__dev/sms?mobile=13611113333`)).status).toBe(404);
  });

  it('spends a code after five wrong tries', async () => {
    t.clock.advance(61_000);
    const mobile = '13622223333';
    await sendCode(mobile);
    const code = await outboxCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const api = t.client();
    for (let i = 0; i < SMS_RULES.maxAttempts; i++) {
      await expect(api.call('/api/default/login', { mobile, code: wrong }, { silent: true })).rejects.toThrow(
        /验证码错误/,
      );
    }
    await expect(api.call('/api/default/login', { mobile, code }, { silent: true })).rejects.toThrow(
      /验证码/,
    );
  });

  it('accepts a right code once, and only within 5 minutes', async () => {
    t.clock.advance(61_000);
    const mobile = '13633334444';
    await sendCode(mobile);
    const code = await outboxCode(mobile);
    const api = t.client();
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(api.call('/api/default/login', { mobile, code: wrong }, { silent: true })).rejects.toThrow();
    expect((await api.call('/api/default/login', { mobile, code })).access_token).toBeTruthy();
    await expect(api.call('/api/default/login', { mobile, code }, { silent: true })).rejects.toThrow(
      /验证码/,
    );

    t.clock.advance(61_000);
    await sendCode(mobile);
    const late = await outboxCode(mobile);
    t.clock.advance(SMS_RULES.validSeconds * 1000 + 1000);
    await expect(api.call('/api/default/login', { mobile, code: late }, { silent: true })).rejects.toThrow(
      /过期/,
    );
  });

  it('lets one IP ask for at most 30 codes in 10 minutes', async () => {
    t.clock.advance(11 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < SMS_RULES.perIpLimit + 1; i++) {
      statuses.push((await sendCode(`1350000${String(i).padStart(4, '0')}`)).status);
    }
    expect(statuses.slice(0, SMS_RULES.perIpLimit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await sendCode('13599990000')).status).toBe(200);
  });
});

describe('body limits', () => {
  it('answers 413 to a JSON body over 1 MB', async () => {
    const { body, signature } = signed({ pad: 'x'.repeat(1024 * 1024) });
    const res = await send('/api/default/config', body, { 'cache-key': signature });
    expect(res.status).toBe(413);
    expect((await envelope(res)).errorCode).toBe(1);
  });

  it('answers 413 to a chunked body over 1 MB without content-length', async () => {
    const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(256 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${t.url}/api/default/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cache-key': 'X' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('accepts multipart up to 5 MB and answers 413 above', async () => {
    const make = (bytes: number) => {
      const fields = { nonce: createNonce(), ts: String(unixSeconds(t.clock.now())) };
      const form = new FormData();
      form.set('nonce', fields.nonce);
      form.set('ts', fields.ts);
      form.set('file', new Blob([new Uint8Array(bytes)]), 'big.bin');
      return { form, signature: signPayload(fields, SECRET) };
    };
    const small = make(4 * 1024 * 1024);
    const ok = await fetch(`${t.url}/api/default/config`, {
      method: 'POST',
      headers: { 'cache-key': small.signature },
      body: small.form,
    });
    expect(ok.status).toBe(200);
    const big = make(5 * 1024 * 1024 + 1);
    const res = await fetch(`${t.url}/api/default/config`, {
      method: 'POST',
      headers: { 'cache-key': big.signature },
      body: big.form,
    });
    expect(res.status).toBe(413);
  });
});

describe('dev SMS outbox', () => {
  it('does not exist when another SMS provider is active', async () => {
    const other = await startTestServer({
      smsProvider: { name: 'test', send: async () => {} },
      copyWorker: false,
    });
    try {
      expect((await fetch(`${other.url}/__dev/sms?mobile=${USER}`)).status).toBe(404);
      const res = await other.post('/api/default/send-code', {
        mobile: USER,
        type: 1,
        sign_type: 1,
        ticket: 'dev-ticket',
        randstr: 'r',
      });
      expect(res.status).toBe(200);
      expect((await fetch(`${other.url}/__dev/sms?mobile=${USER}`)).status).toBe(404);
    } finally {
      await other.stop();
    }
  }, 60_000);
});

it('HttpError is what the client raises for these statuses', () => {
  expect(new HttpError(401, '/x')).toBeInstanceOf(Error);
});
