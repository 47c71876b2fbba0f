import Sign from 'tencentcloud-sdk-nodejs-common/tencentcloud/common/sign';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TencentCaptchaSettings, TencentSmsSettings } from '../src/config';
import { createLogger } from '../src/log';
import { CaptchaUnavailableError } from '../src/providers/captcha';
import { TencentCaptchaProvider, TencentSmsProvider } from '../src/providers/tencent';
import { FAKE_ACCOUNT, FakeTencent } from './fake-tencent';
import { envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * The Tencent providers through the whole server (send-code, login) against a local fake of the
 * Tencent Cloud API (fake-tencent.ts) that checks every request's TC3-HMAC-SHA256 signature. The SDK
 * is the real one; only the endpoint points at the fake.
 */
let fake: FakeTencent;
let t: TestServer;
/** Every log line of the server and the providers during this file. */
const logLines: string[] = [];
/** Codes and tickets that went through the server: none may appear in a log line. */
const seenSecrets = new Set<string>([
  FAKE_ACCOUNT.secretId,
  FAKE_ACCOUNT.secretKey,
  FAKE_ACCOUNT.captcha.appSecretKey,
]);

const log = createLogger('debug', (line) => logLines.push(line));

function endpoint() {
  const { host } = new URL(fake.url);
  return { protocol: 'http://' as const, host };
}

function smsSettings(overrides: Partial<TencentSmsSettings> = {}): TencentSmsSettings {
  return {
    secretId: FAKE_ACCOUNT.secretId,
    secretKey: FAKE_ACCOUNT.secretKey,
    region: 'ap-guangzhou',
    sdkAppId: FAKE_ACCOUNT.sms.sdkAppId,
    signName: FAKE_ACCOUNT.sms.signName,
    templateId: FAKE_ACCOUNT.sms.templateId,
    endpoint: endpoint(),
    ...overrides,
  };
}

function captchaSettings(overrides: Partial<TencentCaptchaSettings> = {}): TencentCaptchaSettings {
  return {
    secretId: FAKE_ACCOUNT.secretId,
    secretKey: FAKE_ACCOUNT.secretKey,
    appId: FAKE_ACCOUNT.captcha.appId,
    appSecretKey: FAKE_ACCOUNT.captcha.appSecretKey,
    endpoint: endpoint(),
    ...overrides,
  };
}

/** A server on the seeded template with the given providers, logging everything into `logLines`. */
function serverWith(options: { sms?: TencentSmsProvider; captcha?: TencentCaptchaProvider } = {}) {
  return startTestServer({
    smsProvider: options.sms ?? new TencentSmsProvider(smsSettings(), { log }),
    captchaProvider: options.captcha ?? new TencentCaptchaProvider(captchaSettings(), { log }),
    logLevel: 'debug',
    logWrite: (line) => logLines.push(line),
    copyWorker: false,
  });
}

/** send-code as the login page sends it, after the user solved the captcha. */
async function sendCode(
  server: TestServer,
  mobile: string,
  ticket = fake.issueTicket(),
  { advance = true }: { advance?: boolean } = {},
) {
  seenSecrets.add(ticket.ticket);
  // One code per mobile per 60 s: step past it so each case starts afresh.
  if (advance) server.clock.advance(61_000);
  return envelope(await server.post('/api/default/send-code', { mobile, type: 1, sign_type: 1, ...ticket }));
}

beforeAll(async () => {
  fake = await FakeTencent.start();
  t = await serverWith();
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await fake?.close();
});

beforeEach(() => {
  fake.recover();
  fake.numberCodes.clear();
});

describe('the fake Tencent API', () => {
  /** A request signed by the SDK's own signer (TC3-HMAC-SHA256) for `body`. */
  function signedHeaders(body: string, secretKey = FAKE_ACCOUNT.secretKey) {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-TC-Action': 'DescribeCaptchaResult',
      'X-TC-Version': '2019-07-22',
      'X-TC-Timestamp': String(timestamp),
    };
    headers.Authorization = Sign.sign3({
      method: 'POST',
      url: `${fake.url}/`,
      payload: JSON.parse(body),
      timestamp,
      service: '127',
      secretId: FAKE_ACCOUNT.secretId,
      secretKey,
      multipart: false,
      boundary: '',
      headers,
    });
    return headers;
  }

  const post = (headers: Record<string, string>, body: string) =>
    fetch(`${fake.url}/`, { method: 'POST', headers, body }).then(
      (res) => res.json() as Promise<{ Response: { Error?: { Code: string }; CaptchaCode?: number } }>,
    );

  const body = JSON.stringify({
    CaptchaType: 9,
    Ticket: 'unknown',
    Randstr: 'r',
    UserIp: '127.0.0.1',
    CaptchaAppId: FAKE_ACCOUNT.captcha.appId,
    AppSecretKey: FAKE_ACCOUNT.captcha.appSecretKey,
  });

  it('answers a correctly signed request', async () => {
    const answer = await post(signedHeaders(body), body);
    expect(answer.Response.Error).toBeUndefined();
    expect(answer.Response.CaptchaCode).toBe(15);
  });

  it('refuses a body changed after signing, a wrong key and a missing signature', async () => {
    const changed = body.replace('unknown', 'other');
    expect((await post(signedHeaders(body), changed)).Response.Error?.Code).toBe(
      'AuthFailure.SignatureFailure',
    );
    expect((await post(signedHeaders(body, 'wrong-key'), body)).Response.Error?.Code).toBe(
      'AuthFailure.SignatureFailure',
    );
    const { Authorization: _, ...unsigned } = signedHeaders(body);
    expect((await post(unsigned, body)).Response.Error?.Code).toBe('AuthFailure.InvalidAuthorization');
  });
});

describe('Tencent SMS and captcha through the server', () => {
  it('sends the code through SendSms with the template, and the code logs in', async () => {
    const mobile = '13712345678';
    const ticket = fake.issueTicket();
    expect(await sendCode(t, mobile, ticket)).toEqual({ errorCode: 0, data: null });

    const captchaCall = fake.calls.findLast((call) => call.action === 'DescribeCaptchaResult');
    expect(captchaCall).toMatchObject({
      version: '2019-07-22',
      params: {
        CaptchaType: 9,
        Ticket: ticket.ticket,
        Randstr: ticket.randstr,
        UserIp: '127.0.0.1',
        CaptchaAppId: FAKE_ACCOUNT.captcha.appId,
        AppSecretKey: FAKE_ACCOUNT.captcha.appSecretKey,
      },
    });
    const smsCall = fake.calls.findLast((call) => call.action === 'SendSms');
    expect(smsCall).toMatchObject({
      version: '2021-01-11',
      region: 'ap-guangzhou',
      params: {
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: FAKE_ACCOUNT.sms.sdkAppId,
        SignName: FAKE_ACCOUNT.sms.signName,
        TemplateId: FAKE_ACCOUNT.sms.templateId,
      },
    });
    const sent = fake.sent.findLast((message) => message.phone === `+86${mobile}`);
    expect(sent?.params).toHaveLength(1);
    const code = sent?.params[0] ?? '';
    expect(code).toMatch(/^[0-9]{6}$/);
    seenSecrets.add(code);

    const login = await envelope(await t.post('/api/default/login', { mobile, code }));
    expect(login.errorCode).toBe(0);
    expect((login.data as { access_token: string }).access_token).toEqual(expect.any(String));
  });

  it('has no /__dev/sms outside production with the Tencent provider', async () => {
    expect(await sendCode(t, USER)).toEqual({ errorCode: 0, data: null });
    expect((await fetch(`${t.url}/__dev/sms?mobile=${USER}`)).status).toBe(404);
  });

  it.each([
    ['LimitExceeded.PhoneNumberDailyLimit', '短信发送过于频繁，请稍后再试'],
    ['LimitExceeded.PhoneNumberThirtySecondLimit', '短信发送过于频繁，请稍后再试'],
    ['InvalidParameterValue.IncorrectPhoneNumber', '手机号格式不正确'],
    ['FailedOperation.PhoneNumberInBlacklist', '短信服务暂时不可用，请稍后再试'],
  ])('tells the user when SendSms answers %s for the number', async (code, msg) => {
    const mobile = '13755556666';
    fake.numberCodes.set(`+86${mobile}`, code);
    expect(await sendCode(t, mobile)).toEqual({ errorCode: 1, msg });
    expect(fake.errors.at(-1)).toBe(code);
  });

  it.each([
    ['an API error', { kind: 'error', code: 'InternalError.Timeout' }],
    ['an account-wide limit', { kind: 'error', code: 'LimitExceeded.DailyLimit' }],
    ['HTTP 502', { kind: 'http', status: 502 }],
    ['HTTP 503', { kind: 'http', status: 503 }],
  ] as const)('says the SMS service is unavailable on %s', async (_, failure) => {
    fake.fail('SendSms', failure);
    expect(await sendCode(t, '13766667777')).toEqual({
      errorCode: 1,
      msg: '短信服务暂时不可用，请稍后再试',
    });
  });

  it('lets the user ask again at once after a failed send (the code never reached the phone)', async () => {
    fake.fail('SendSms', { kind: 'http', status: 502 });
    expect(await sendCode(t, '13766660000')).toMatchObject({ errorCode: 1 });
    fake.recover();
    // Same instant on the frozen clock: without the withdrawal the 60 s rule would refuse this.
    expect(await sendCode(t, '13766660000', fake.issueTicket(), { advance: false })).toEqual({
      errorCode: 0,
      data: null,
    });
  });

  it('refuses a failed captcha and sends nothing', async () => {
    const before = fake.calls.filter((call) => call.action === 'SendSms').length;
    const { ticket } = fake.issueTicket();
    expect(await sendCode(t, '13777778888', { ticket, randstr: 'not-its-randstr' })).toEqual({
      errorCode: 1,
      msg: '人机验证未通过，请重试',
    });
    const used = fake.issueTicket();
    expect(await sendCode(t, '13777778888', used)).toMatchObject({ errorCode: 0 });
    expect(await sendCode(t, '13777778889', used)).toEqual({ errorCode: 1, msg: '人机验证未通过，请重试' });
    expect(await sendCode(t, '13777778889', { ticket: 'dev-ticket', randstr: 'r' })).toEqual({
      errorCode: 1,
      msg: '人机验证未通过，请重试',
    });
    expect(fake.calls.filter((call) => call.action === 'SendSms')).toHaveLength(before + 1);
  });

  it('refuses everyone while the captcha API is down', async () => {
    fake.fail('DescribeCaptchaResult', { kind: 'http', status: 502 });
    expect(await sendCode(t, '13788889999')).toEqual({
      errorCode: 1,
      msg: '人机验证服务暂时不可用，请稍后再试',
    });
  });
});

describe('when Tencent does not answer or refuses our credentials', () => {
  let short: TestServer;
  beforeAll(async () => {
    // The fake never answers a hanging action: a short timeout ends the wait, whatever the machine's
    // speed. Only SendSms hangs here, so the captcha (asked first) keeps the default timeout.
    short = await serverWith({ sms: new TencentSmsProvider(smsSettings(), { log, timeoutMs: 300 }) });
  }, 120_000);
  afterAll(async () => {
    await short?.stop();
  });

  it('says the SMS service is unavailable when SendSms hangs', async () => {
    fake.fail('SendSms', { kind: 'hang' });
    expect(await sendCode(short, '13711112222')).toEqual({
      errorCode: 1,
      msg: '短信服务暂时不可用，请稍后再试',
    });
  });

  it('reports the captcha unavailable when DescribeCaptchaResult hangs', async () => {
    fake.fail('DescribeCaptchaResult', { kind: 'hang' });
    const captcha = new TencentCaptchaProvider(captchaSettings(), { log, timeoutMs: 300 });
    const ticket = fake.issueTicket();
    seenSecrets.add(ticket.ticket);
    await expect(captcha.verify({ ...ticket, ip: '127.0.0.1' })).rejects.toBeInstanceOf(
      CaptchaUnavailableError,
    );
  });

  it('reports the SMS service unavailable when the secret key is wrong (the fake refuses the signature)', async () => {
    const wrongKey = new TencentSmsProvider(smsSettings({ secretKey: 'not-the-secret-key' }), { log });
    await expect(wrongKey.send('13711112224', '123456')).rejects.toMatchObject({
      name: 'SmsDeliveryError',
      reason: 'unavailable',
    });
    expect(fake.errors.at(-1)).toBe('AuthFailure.SignatureFailure');
    expect(logLines.some((line) => line.includes('AuthFailure.SignatureFailure'))).toBe(true);
  });
});

describe('logs', () => {
  it('name what failed but hold no secret, code, ticket or mobile', () => {
    const failures = logLines.filter((line) => line.includes('"sms not sent"'));
    expect(failures.some((line) => line.includes('LimitExceeded.PhoneNumberDailyLimit'))).toBe(true);
    expect(failures.some((line) => line.includes('"httpStatus":502'))).toBe(true);
    expect(failures.some((line) => line.includes('"network":"timeout"'))).toBe(true);
    expect(logLines.some((line) => line.includes('"captcha refused"'))).toBe(true);
    for (const secret of [
      ...seenSecrets,
      'not-the-secret-key',
      '123456',
      '13712345678',
      '13755556666',
      USER,
    ]) {
      expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
