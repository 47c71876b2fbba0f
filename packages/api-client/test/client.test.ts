import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiClientOptions,
  ApiError,
  type ApiNotification,
  createApiClient,
  HttpError,
  NetworkError,
  ResponseFormatError,
  verifySignature,
} from '../src';
import { refusedOrigin, startServer, type TestServer } from './server';

const SECRET = 'test-secret';
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.handle(() => ({ body: { errorCode: 0, data: null } }));
});

function setup(overrides: Partial<ApiClientOptions> = {}) {
  const notes: ApiNotification[] = [];
  const hooks = { onUnauthorized: vi.fn(), onForbidden: vi.fn(), onServerError: vi.fn() };
  const api = createApiClient({
    baseURL: server.origin,
    secret: SECRET,
    notify: (note) => notes.push(note),
    ...hooks,
    ...overrides,
  });
  return { api, notes, hooks };
}

/** Runs a call that must fail and returns its error. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

const USER = {
  id: 1,
  mobile: '13800000000',
  nickname: '管理员',
  avatar_image: '',
  is_manage: true,
  created_at: 1_700_000_000,
  account_role: 'owner',
  permissions: ['order:view', 'team:manage'],
};

describe('envelopes', () => {
  it('resolves a success envelope to its data', async () => {
    server.handle(() => ({ body: { errorCode: 0, msg: 'ok', data: USER } }));
    const { api, notes } = setup();
    await expect(api.call('/api/user/info')).resolves.toEqual(USER);
    expect(server.requests[0]?.path).toBe('/api/user/info');
    expect(server.requests[0]?.method).toBe('POST');
    expect(notes).toEqual([]);
  });

  it('rejects errorCode 1 with ApiError(msg) and shows msg as an error toast', async () => {
    server.handle(() => ({ body: { errorCode: 1, msg: '验证码错误' } }));
    const { api, notes } = setup();
    const error = await failure(api.call('/api/default/login', { mobile: '13800000000', code: '000000' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('验证码错误');
    expect((error as ApiError).path).toBe('/api/default/login');
    expect(notes).toEqual([{ kind: 'error', title: '验证码错误' }]);
  });

  it("defaults the ApiError message to 'api error'", async () => {
    server.handle(() => ({ body: { errorCode: 1, msg: '' } }));
    const { api, notes } = setup();
    const error = await failure(api.post('/api/x/y'));
    expect((error as ApiError).message).toBe('api error');
    expect(notes).toEqual([{ kind: 'error', title: 'api error' }]);
  });

  it('rejects a 200 that is not JSON with ResponseFormatError', async () => {
    server.handle(() => ({ body: '<!doctype html><title>index</title>' }));
    const { api, notes } = setup();
    const error = await failure(api.call('/api/default/config'));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as ResponseFormatError).message).toBe('response is not JSON');
    expect((error as ResponseFormatError).body).toContain('<!doctype html>');
    expect(notes).toEqual([{ kind: 'error', title: '请求失败', description: '服务器返回的数据格式有误' }]);
  });

  it('rejects a 200 JSON answer that is not an envelope', async () => {
    for (const body of [
      { ok: true },
      { errorCode: '0', data: 1 },
      { errorCode: 2, data: 1 },
      { errorCode: 1, msg: 5 },
      [1],
      'null',
    ]) {
      server.handle(() => ({ body, headers: { 'content-type': 'application/json' } }));
      const { api } = setup();
      const error = await failure(api.post('/api/x/y'));
      expect(error, JSON.stringify(body)).toBeInstanceOf(ResponseFormatError);
    }
  });

  it('treats a missing msg or data as the defaults', async () => {
    const { api, notes } = setup();
    server.handle(() => ({ body: { errorCode: 0 } }));
    await expect(api.post('/api/x/y')).resolves.toBeUndefined();
    server.handle(() => ({ body: { errorCode: 1 } }));
    expect(((await failure(api.post('/api/x/y'))) as ApiError).message).toBe('api error');
    expect(notes).toEqual([{ kind: 'error', title: 'api error' }]);
  });

  it('rejects an empty 204 answer rather than resolving', async () => {
    server.handle(() => ({ status: 204 }));
    const { api } = setup();
    expect(await failure(api.post('/api/x/y'))).toBeInstanceOf(ResponseFormatError);
  });

  it('checks data against the contract only when validateResponses is on', async () => {
    server.handle(() => ({ body: { errorCode: 0, data: { ...USER, is_manage: 'yes' } } }));
    await expect(setup().api.call('/api/user/info')).resolves.toMatchObject({ is_manage: 'yes' });
    const error = await failure(setup({ validateResponses: true }).api.call('/api/user/info'));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect((error as ResponseFormatError).issues?.length).toBeGreaterThan(0);
    server.handle(() => ({ body: { errorCode: 0, data: USER } }));
    await expect(setup({ validateResponses: true }).api.call('/api/user/info')).resolves.toEqual(USER);
  });
});

describe('HTTP statuses', () => {
  it('401 calls onUnauthorized and rejects with HttpError, without a toast', async () => {
    server.handle(() => ({ status: 401, body: { errorCode: 1, msg: 'token expired' } }));
    const { api, notes, hooks } = setup();
    const error = await failure(api.call('/api/user/info'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).statusText).toBe('登录超时，请重新登录');
    expect((error as HttpError).data).toEqual({ errorCode: 1, msg: 'token expired' });
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).toHaveBeenCalledWith(error);
    expect(hooks.onForbidden).not.toHaveBeenCalled();
    expect(notes).toEqual([]);
  });

  it('403 calls onForbidden', async () => {
    server.handle(() => ({ status: 403, body: { errorCode: 1, msg: 'no' } }));
    const { api, hooks, notes } = setup();
    expect(((await failure(api.call('/api/setting/index'))) as HttpError).statusText).toBe('没有操作权限');
    expect(hooks.onForbidden).toHaveBeenCalledTimes(1);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(notes).toEqual([]);
  });

  it('500 calls onServerError', async () => {
    server.handle(() => ({ status: 500, body: 'boom' }));
    const { api, hooks, notes } = setup();
    const error = (await failure(api.call('/api/company/index'))) as HttpError;
    expect(error.status).toBe(500);
    expect(error.data).toBe('boom');
    expect(hooks.onServerError).toHaveBeenCalledTimes(1);
    expect(notes).toEqual([]);
  });

  it.each([
    [404, '发出的请求针对的是不存在的记录，服务器没有进行操作'],
    [502, '网关错误'],
    [503, '服务不可用，服务器暂时过载或维护'],
    [422, '当创建一个对象时，发生一个验证错误'],
  ])('%i shows 请求失败 with the zh-CN status text', async (status, text) => {
    server.handle(() => ({ status, body: { errorCode: 1, msg: 'x' } }));
    const { api, hooks, notes } = setup();
    const error = (await failure(api.post('/api/x/y'))) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(text);
    expect(notes).toEqual([{ kind: 'error', title: '请求失败', description: text }]);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.onServerError).not.toHaveBeenCalled();
  });

  it('a 409 reads as the server’s own message; only one without a message as the stale save’s', async () => {
    server.handle(() => ({
      status: 409,
      body: { errorCode: 1, msg: '未连接1688采购账号，请先在代发设置中连接' },
    }));
    const { api, notes } = setup();
    const error = (await failure(api.post('/api/x/y'))) as HttpError;
    expect(error.message).toBe('未连接1688采购账号，请先在代发设置中连接');
    expect(notes).toEqual([
      { kind: 'error', title: '请求失败', description: '未连接1688采购账号，请先在代发设置中连接' },
    ]);
    server.handle(() => ({ status: 409, body: 'conflict' }));
    expect(((await failure(setup().api.post('/api/x/y'))) as HttpError).message).toBe(
      '数据已被他人修改，请刷新后重试',
    );
  });

  it('uses the reason phrase for a status without a zh-CN text', async () => {
    server.handle(() => ({ status: 418, body: {} }));
    const { api, notes } = setup();
    const error = (await failure(api.post('/api/x/y'))) as HttpError;
    expect(error.statusText).toBe("I'm a Teapot");
    expect(notes).toEqual([{ kind: 'error', title: '请求失败', description: "I'm a Teapot" }]);
  });
});

describe('no response', () => {
  it('times out with NetworkError(timeout) and a 请求失败 toast', async () => {
    server.handle(() => ({ delayMs: 3000, body: { errorCode: 0, data: null } }));
    const { api, notes } = setup({ timeout: 50 });
    const started = Date.now();
    const error = (await failure(api.post('/api/x/y'))) as NetworkError;
    expect(Date.now() - started).toBeLessThan(2500);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('请求超时');
    expect(notes).toEqual([{ kind: 'error', title: '请求失败', description: '请求超时' }]);
  });

  it('still times out when the caller passes its own signal', async () => {
    server.handle(() => ({ delayMs: 3000, body: { errorCode: 0, data: null } }));
    const { api } = setup({ timeout: 50 });
    const error = (await failure(
      api.post('/api/x/y', {}, { signal: new AbortController().signal }),
    )) as NetworkError;
    expect(error.kind).toBe('timeout');
  });

  it('rejects a refused connection with NetworkError(network), keeping the cause', async () => {
    const { api, notes } = setup({ baseURL: await refusedOrigin() });
    const error = (await failure(api.call('/api/default/config'))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.kind).toBe('network');
    expect(error.cause).toBeInstanceOf(Error);
    expect(
      JSON.stringify(error.cause, Object.getOwnPropertyNames(error.cause)) + String(error.cause),
    ).toMatch(/fetch failed|ECONNREFUSED/);
    expect(notes).toEqual([{ kind: 'error', title: '请求失败', description: '网络异常' }]);
  });

  it('rejects a dropped connection with NetworkError(network)', async () => {
    server.handle(() => ({ destroy: true }));
    const { api } = setup();
    expect(((await failure(api.post('/api/x/y'))) as NetworkError).kind).toBe('network');
  });

  it('an abort by the caller rejects with NetworkError(abort) and shows nothing', async () => {
    server.handle(() => ({ delayMs: 3000, body: { errorCode: 0, data: null } }));
    const { api, notes } = setup();
    const controller = new AbortController();
    const pending = failure(api.post('/api/x/y', {}, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = (await pending) as NetworkError;
    expect(error.kind).toBe('abort');
    expect(notes).toEqual([]);
  });
});

describe('central handling switches', () => {
  it('silent suppresses toasts but not the redirect hooks', async () => {
    const { api, notes, hooks } = setup();
    server.handle(() => ({ body: { errorCode: 1, msg: 'nope' } }));
    expect(await failure(api.call('/api/user/info', {}, { silent: true }))).toBeInstanceOf(ApiError);
    server.handle(() => ({ status: 404, body: {} }));
    expect(await failure(api.call('/api/default/config', {}, { silent: true }))).toBeInstanceOf(HttpError);
    server.handle(() => ({ status: 401, body: {} }));
    expect(await failure(api.call('/api/user/info', {}, { silent: true }))).toBeInstanceOf(HttpError);
    expect(notes).toEqual([]);
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('skipErrorHandler bypasses hooks and toasts and hands back the raw error', async () => {
    const { api, notes, hooks } = setup();
    for (const status of [401, 403, 500, 404]) {
      server.handle(() => ({ status, body: {} }));
      const error = (await failure(api.post('/api/x/y', {}, { skipErrorHandler: true }))) as HttpError;
      expect(error.status).toBe(status);
    }
    server.handle(() => ({ body: { errorCode: 1, msg: 'nope' } }));
    expect(await failure(api.post('/api/x/y', {}, { skipErrorHandler: true }))).toBeInstanceOf(ApiError);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(hooks.onForbidden).not.toHaveBeenCalled();
    expect(hooks.onServerError).not.toHaveBeenCalled();
    expect(notes).toEqual([]);
  });

  it('a burst of ten 401s calls onUnauthorized once', async () => {
    server.handle(() => ({ status: 401, body: {} }));
    const { api, hooks, notes } = setup();
    const errors = await Promise.all(Array.from({ length: 10 }, () => failure(api.call('/api/user/info'))));
    expect(errors.every((error) => error instanceof HttpError && error.status === 401)).toBe(true);
    expect(server.requests).toHaveLength(10);
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notes).toEqual([]);
  });

  it('a new 401 after a later success is handled again', async () => {
    const { api, hooks } = setup();
    server.handle(() => ({ status: 401, body: {} }));
    await failure(api.call('/api/user/info'));
    server.handle(() => ({ body: { errorCode: 0, data: null } }));
    await api.post('/api/x/y');
    server.handle(() => ({ status: 401, body: {} }));
    await failure(api.call('/api/user/info'));
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('a new 401 after the burst window is handled again', async () => {
    let clock = 1_000_000;
    const { api, hooks } = setup({ now: () => clock, burstWindow: 2000 });
    server.handle(() => ({ status: 401, body: {} }));
    await failure(api.call('/api/user/info'));
    clock += 1999;
    await failure(api.call('/api/user/info'));
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    clock += 1;
    await failure(api.call('/api/user/info'));
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('a burst of identical failures shows one toast', async () => {
    server.handle(() => ({ status: 502, body: {} }));
    const { api, notes } = setup();
    await Promise.all(Array.from({ length: 10 }, () => failure(api.post('/api/x/y'))));
    expect(notes).toEqual([{ kind: 'error', title: '请求失败', description: '网关错误' }]);
  });
});

describe('headers and signing', () => {
  it('sends Authorization: Bearer <token> only when there is a token', async () => {
    let token: string | null = 'tok-123';
    const { api } = setup({ getToken: () => token });
    await api.post('/api/x/y');
    token = null;
    await api.post('/api/x/y');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(server.requests[1]?.headers.authorization).toBeUndefined();
  });

  it('adds nonce and ts to the JSON body and signs it; the server-side check passes', async () => {
    const { api } = setup();
    const before = Math.floor(Date.now() / 1000);
    await api.call('/api/default/send-code', {
      mobile: '13800000000',
      type: 1,
      sign_type: 1,
      ticket: 'dev-ticket',
      randstr: 'r',
    });
    const seen = server.requests[0];
    const body = seen?.json ?? {};
    expect(body).toMatchObject({ mobile: '13800000000', type: 1, ticket: 'dev-ticket' });
    expect(body.nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(body.ts).toBeTypeOf('number');
    expect(body.ts).toBeGreaterThanOrEqual(before);
    expect(body.ts).toBeLessThanOrEqual(before + 2);
    const signature = String(seen?.headers['cache-key']);
    expect(signature).toMatch(/^[0-9A-F]{32}$/);
    expect(verifySignature(body, SECRET, signature)).toBe(true);
    expect(verifySignature(body, 'other-secret', signature)).toBe(false);
    expect(verifySignature({ ...body, mobile: '13800000001' }, SECRET, signature)).toBe(false);
  });

  it('draws a new nonce for every request and leaves the caller body alone', async () => {
    const { api } = setup();
    const body = { keyword: 'x' };
    await api.post('/api/x/y', body);
    await api.post('/api/x/y', body);
    expect(body).toEqual({ keyword: 'x' });
    expect(server.requests[0]?.json?.nonce).not.toBe(server.requests[1]?.json?.nonce);
  });

  it('sends an idempotency_key, the same again only for a retry of a call that got no answer', async () => {
    const { api } = setup();
    const body = { kind: 'sender', name: '仓' };
    await api.post('/api/address/save', body);
    await api.post('/api/address/save', body);
    const [a, b] = server.requests.map((request) => request.json?.idempotency_key);
    expect(a).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(b).not.toBe(a); // the first was answered: a second save is a second create
    server.handle(() => ({ status: 502, body: 'bad gateway' }));
    await failure(api.post('/api/address/save', body, { silent: true }));
    server.handle(() => ({ body: { errorCode: 0, data: null } }));
    await api.post('/api/address/save', body);
    await api.post('/api/address/save', body, { idempotencyKey: 'k'.repeat(20) });
    const [, , failed, retried, given] = server.requests.map((request) => request.json?.idempotency_key);
    expect(retried).toBe(failed);
    expect(given).toBe('k'.repeat(20));
    expect(server.requests[3]?.json?.nonce).not.toBe(server.requests[2]?.json?.nonce);
  });

  it('carries arrays without signing them and does not sign the query', async () => {
    const { api } = setup();
    await api.call('/api/copy/create', { shop_id: 1, urls: ['https://a.example/1'] });
    await api.call('/api/company/ad-del', {}, { query: { id: 7 } });
    const [create, del] = server.requests;
    expect(create?.json?.urls).toEqual(['https://a.example/1']);
    expect(verifySignature(create?.json ?? {}, SECRET, String(create?.headers['cache-key']))).toBe(true);
    const { urls: _urls, ...withoutUrls } = create?.json ?? {};
    expect(verifySignature(withoutUrls, SECRET, String(create?.headers['cache-key']))).toBe(true);
    expect(del?.query.get('id')).toBe('7');
    expect(verifySignature(del?.json ?? {}, SECRET, String(del?.headers['cache-key']))).toBe(true);
  });

  it('signs multipart forms over their text fields, leaving the file out', async () => {
    const { api } = setup();
    const form = new FormData();
    form.append('name', '春季主图');
    form.append('shop_id', '3');
    form.append('file', new Blob(['PNG-bytes'], { type: 'image/png' }), 'a.png');
    await api.post('/api/upload/image', form);
    expect([...form.keys()]).toEqual(['name', 'shop_id', 'file']);
    const seen = server.requests[0];
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const received = seen?.form as FormData;
    const file = received.get('file') as File;
    expect(await file.text()).toBe('PNG-bytes');
    expect(received.get('nonce')).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(received.get('ts')).toMatch(/^\d{10}$/);
    // The server recomputes the signature from the parsed text fields, without the file.
    const fields: Record<string, string> = {};
    for (const [key, value] of received.entries()) if (typeof value === 'string') fields[key] = value;
    expect(Object.keys(fields).sort()).toEqual(['name', 'nonce', 'shop_id', 'ts']);
    expect(verifySignature(fields, SECRET, String(seen?.headers['cache-key']))).toBe(true);
  });
});

describe('a body with a file', () => {
  it('goes as a multipart form: the file under its key and name, the text fields signed', async () => {
    server.handle(() => ({ body: { errorCode: 0, data: { rows: [], valid: 0, invalid: 0 } } }));
    const { api } = setup();
    const file = new File(['订单号,快递公司,快递单号\n'], 'orders.csv', { type: 'text/csv' });
    await api.call('/api/order/import-preview', { file });
    const seen = server.requests[0];
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const received = seen?.form as FormData;
    const sent = received.get('file') as File;
    expect(sent.name).toBe('orders.csv');
    expect(await sent.text()).toBe('订单号,快递公司,快递单号\n');
    const fields: Record<string, string> = {};
    for (const [key, value] of received.entries()) if (typeof value === 'string') fields[key] = value;
    expect(Object.keys(fields).sort()).toEqual(['nonce', 'ts']);
    expect(verifySignature(fields, SECRET, String(seen?.headers['cache-key']))).toBe(true);
  });
});

describe('typed calls', () => {
  it('post to the paths of the contract with bodies and queries', async () => {
    const { api } = setup();
    const list = { pageIndex: 1, pageSize: 20 };
    const calls: [() => Promise<unknown>, string, Record<string, unknown>?, Record<string, string>?][] = [
      [() => api.call('/api/default/logout'), '/api/default/logout'],
      [() => api.call('/api/default/config'), '/api/default/config'],
      [
        () =>
          api.call('/api/company/update', {
            name: 'N',
            short_name: 'S',
            en_name: '',
            logo_url: '',
            foot_copyright: '',
            foot_info: '',
            version: 3,
          }),
        '/api/company/update',
        { name: 'N', version: 3 },
      ],
      [
        () =>
          api.call(
            '/api/company/ad-save',
            { name: 'b', ad_login_image_url: '/b.png' },
            { query: { from: 'x' } },
          ),
        '/api/company/ad-save',
        { name: 'b' },
        { from: 'x' },
      ],
      [
        () => api.call('/api/company/platform-save', { name: '淘宝', code: 'taobao', enabled: true }),
        '/api/company/platform-save',
        { code: 'taobao' },
      ],
      [() => api.call('/api/company/platform-list'), '/api/company/platform-list', {}],
      [
        () => api.call('/api/company/platform-del', {}, { query: { id: 2 } }),
        '/api/company/platform-del',
        {},
        { id: '2' },
      ],
      [
        () => api.call('/api/company/platform-auth-save', { platform_id: 2, shop_name: 's', app_key: 'k' }),
        '/api/company/platform-auth-save',
        { platform_id: 2 },
      ],
      [
        () => api.call('/api/company/platform-auth-del', {}, { query: { id: 4 } }),
        '/api/company/platform-auth-del',
        {},
        { id: '4' },
      ],
      [
        () => api.call('/api/company/platform-auth-list', {}, { query: { platform_id: 2 } }),
        '/api/company/platform-auth-list',
        {},
        { platform_id: '2' },
      ],
      [
        () => api.call('/api/setting/update', { auto_purchase: true, version: 2 }),
        '/api/setting/update',
        { auto_purchase: true, version: 2 },
      ],
      [
        () => api.call('/api/order/index', { ...list, status: 'pending' }),
        '/api/order/index',
        { status: 'pending' },
      ],
      [
        () => api.call('/api/order/after-sale', { ...list, type: 'refund' }),
        '/api/order/after-sale',
        { type: 'refund' },
      ],
      [() => api.call('/api/shop/index', list), '/api/shop/index', list],
      [() => api.call('/api/shop/group-index', list), '/api/shop/group-index', list],
      [() => api.call('/api/shop/group-save', { name: 'g' }), '/api/shop/group-save', { name: 'g' }],
      [() => api.call('/api/shop/group-del', { id: 5 }), '/api/shop/group-del', { id: 5 }],
      [
        () => api.call('/api/shop/move', { shop_id: 1, group_id: null, version: 1 }),
        '/api/shop/move',
        { shop_id: 1, group_id: null, version: 1 },
      ],
      [() => api.call('/api/goods/index', list), '/api/goods/index', list],
      [() => api.call('/api/goods/detail', { id: 9 }), '/api/goods/detail', { id: 9 }],
      [
        () =>
          api.call('/api/goods/save', {
            shop_id: 1,
            title: 't',
            price: 100,
            stock: 1,
            status: 'draft',
            images: ['/a.png'],
          }),
        '/api/goods/save',
        { price: 100 },
      ],
      [() => api.call('/api/copy/index', list), '/api/copy/index', list],
      [
        () => api.call('/api/log/index', { ...list, action: 'goods.save' }),
        '/api/log/index',
        { action: 'goods.save' },
      ],
    ];
    for (const [run, path, body, query] of calls) {
      server.requests.length = 0;
      await run();
      const seen = server.requests[0];
      expect(seen?.path).toBe(path);
      expect(seen?.json).toMatchObject(body ?? {});
      expect(Object.fromEntries(seen?.query ?? [])).toEqual(query ?? {});
    }
  });
});
