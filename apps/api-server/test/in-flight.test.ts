import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { BUSY_RETRY_AFTER_S, defaultMaxInFlight } from '../src/middleware/in-flight';
import { startTestServer, type TestServer } from './helpers';

/**
 * The bound on API calls in flight (middleware/in-flight.ts). Handlers are held the way
 * signals.test.ts holds one: a `send-code` whose captcha check waits until the test releases it, so
 * the bound is reached without timing anything.
 */

let t: TestServer | null = null;
afterEach(async () => {
  await t?.stop();
  t = null;
});

/** A captcha provider whose checks wait for `release()`; `entered(n)` resolves once n are waiting. */
function heldCaptcha() {
  let waiting = 0;
  const watchers: { n: number; done: () => void }[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    provider: {
      name: 'held',
      async verify() {
        waiting++;
        for (const w of watchers.filter((w) => w.n <= waiting)) w.done();
        await gate;
        return true;
      },
    },
    entered: (n: number) =>
      new Promise<void>((done) => {
        if (waiting >= n) done();
        else watchers.push({ n, done });
      }),
    release: () => release(),
  };
}

const sendCode = (server: TestServer, mobile: string) =>
  server.post('/api/default/send-code', {
    mobile,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'r',
  });

/** `/healthz` on a new connection (no keep-alive agent), as a liveness probe asks. */
function freshHealthz(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${url}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('API calls in flight', () => {
  it('answers 503 with Retry-After past the bound, /healthz meanwhile, and serves again once released', async () => {
    const captcha = heldCaptcha();
    t = await startTestServer({
      dataDir: 'memory://',
      seed: false,
      copyWorker: false,
      exportWorker: false,
      captchaProvider: captcha.provider,
      smsProvider: { name: 'quiet', send: async () => {} },
      maxInFlight: 3,
      apiQueue: 0,
    });
    const server = t;
    const held = ['13500000001', '13500000002', '13500000003'].map((mobile) => sendCode(server, mobile));
    await captcha.entered(3);

    const refused = await server.post('/api/default/logout', {});
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
    expect(await refused.json()).toEqual({ errorCode: 1, msg: '服务器繁忙，请稍后再试' });
    // A private call is refused the same way, before its token is looked at.
    expect((await server.post('/api/user/info', {})).status).toBe(503);
    expect(await freshHealthz(server.url)).toBe(200);

    captcha.release();
    for (const answer of await Promise.all(held)) {
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { errorCode: number }).errorCode).toBe(0);
    }
    const config = await server.post('/api/default/logout', {});
    expect(config.status).toBe(200);
    expect(((await config.json()) as { errorCode: number }).errorCode).toBe(0);
  });

  it('lets a call wait in the queue for a place, and refuses past the queue or its wait', async () => {
    const captcha = heldCaptcha();
    t = await startTestServer({
      dataDir: 'memory://',
      seed: false,
      copyWorker: false,
      exportWorker: false,
      captchaProvider: captcha.provider,
      smsProvider: { name: 'quiet', send: async () => {} },
      maxInFlight: 1,
      apiQueue: 1,
      // Long enough that the queued call below is still waiting when the handler is released.
      queueWaitMs: 60_000,
    });
    const server = t;
    const held = sendCode(server, '13500000001');
    await captcha.entered(1);
    let queuedStatus = 0;
    const queued = server.post('/api/default/logout', {}).then((res) => {
      queuedStatus = res.status;
      return res;
    });
    // The queue holds one: the next is refused at once, while the queued one is still waiting.
    const refused = await server.post('/api/default/logout', {});
    expect(refused.status).toBe(503);
    expect(queuedStatus).toBe(0);
    expect(await freshHealthz(server.url)).toBe(200);

    captcha.release();
    expect((await held).status).toBe(200);
    expect((await queued).status).toBe(200);
  });

  it('answers 503 to a queued call that waited its time', async () => {
    const captcha = heldCaptcha();
    t = await startTestServer({
      dataDir: 'memory://',
      seed: false,
      copyWorker: false,
      exportWorker: false,
      captchaProvider: captcha.provider,
      smsProvider: { name: 'quiet', send: async () => {} },
      maxInFlight: 1,
      apiQueue: 5,
      queueWaitMs: 1,
    });
    const server = t;
    const held = sendCode(server, '13500000001');
    await captcha.entered(1);
    const waited = await server.post('/api/default/logout', {});
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
    captcha.release();
    expect((await held).status).toBe(200);
    // The place it gave up is not lost: the next calls are served.
    expect((await server.post('/api/default/logout', {})).status).toBe(200);
    expect((await server.post('/api/default/logout', {})).status).toBe(200);
  });
});

describe('configuration', () => {
  it('reads API_MAX_IN_FLIGHT and API_QUEUE, and refuses what is not a count', () => {
    expect(readConfig({ API_MAX_IN_FLIGHT: '30', API_QUEUE: '0' }).config).toMatchObject({
      maxInFlight: 30,
      apiQueue: 0,
    });
    expect(readConfig({}).config).toMatchObject({ maxInFlight: undefined, apiQueue: undefined });
    const { problems } = readConfig({ API_MAX_IN_FLIGHT: '0', API_QUEUE: 'many' });
    expect(problems).toEqual([
      'API_MAX_IN_FLIGHT=0 is not a whole number from 1 to 100000.',
      'API_QUEUE=many is not a whole number from 0 to 100000.',
    ]);
  });

  it('defaults to five times the database connections, at least 8', () => {
    expect(defaultMaxInFlight(1)).toBe(8);
    expect(defaultMaxInFlight(10)).toBe(50);
  });
});
