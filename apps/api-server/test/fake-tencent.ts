import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Tencent Cloud API 3.0 (SMS `SendSms` 2021-01-11 and Captcha
 * `DescribeCaptchaResult` 2019-07-22), for tests. Like the real API it:
 *
 * - checks the TC3-HMAC-SHA256 `Authorization` of every request: it rebuilds the canonical request
 *   (method, path, query, the signed headers, the SHA-256 of the body as received), derives the
 *   signing key from the known secret key, date and service, and compares signatures; a mismatch
 *   answers `AuthFailure.SignatureFailure`, an unknown secret id `AuthFailure.SecretIdNotFound`, a
 *   timestamp more than 5 minutes off `AuthFailure.SignatureExpire`. The service in the credential
 *   scope must be the first label of the host, as Tencent derives it (`sms` for
 *   `sms.tencentcloudapi.com`; `127` for `127.0.0.1:port`, which is what the SDK signs for this fake).
 *   The SDK signs the host name without the port, so the port is left out of the canonical host.
 * - answers `{"Response":{...,"RequestId":...}}` with HTTP 200, errors as
 *   `{"Response":{"Error":{"Code","Message"},"RequestId"}}`;
 * - SendSms: one `SendStatusSet` entry per number, `Code: "Ok"`, or the code a test set for that
 *   number (`numberCodes`), or `InvalidParameterValue.IncorrectPhoneNumber` for a number that is not
 *   `+861[3-9]` and 9 digits; the app id, sign name and template id must be the configured ones;
 * - DescribeCaptchaResult: `CaptchaCode` 1 for a ticket it issued (`issueTicket`), with its randstr,
 *   used once; 7 for a reused ticket, 15 for an unknown one or a wrong randstr, 16 for another app
 *   id, 100 for a wrong app secret key.
 *
 * A test can make an action fail (`fail(action, ...)`): an API error code, an HTTP status, or a hang
 * (no answer until the fake closes).
 */

export interface FakeTencentAccount {
  secretId: string;
  secretKey: string;
  sms: { sdkAppId: string; signName: string; templateId: string };
  captcha: { appId: number; appSecretKey: string };
}

export type FakeFailure =
  | { kind: 'error'; code: string }
  | { kind: 'http'; status: number }
  | { kind: 'hang' };

export interface FakeCall {
  action: string;
  version: string;
  region: string | undefined;
  params: Record<string, unknown>;
}

export interface SentSms {
  phone: string;
  signName: string;
  templateId: string;
  params: string[];
}

export const FAKE_ACCOUNT: FakeTencentAccount = {
  secretId: 'AKIDfakeSecretId0000000000000000000',
  secretKey: 'fakeSecretKeyNeverLogged00000000',
  sms: { sdkAppId: '1400000001', signName: '云仓代发', templateId: '100001' },
  captcha: { appId: 190000001, appSecretKey: 'fakeCaptchaAppSecretKey000000000' },
};

const ERROR_MESSAGES: Record<string, string> = {
  'AuthFailure.SignatureFailure':
    'The provided credentials could not be validated. Please check your signature is correct.',
  'AuthFailure.SecretIdNotFound': 'The SecretId is not found, please ensure that your SecretId is correct.',
  'AuthFailure.SignatureExpire': 'Signature expired.',
  'AuthFailure.InvalidAuthorization': 'Authorization header is invalid.',
  InvalidAction: 'The action does not exist.',
  MissingParameter: 'The request is missing a required parameter.',
};

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export class FakeTencent {
  /** Requests that passed the signature check, in order. */
  readonly calls: FakeCall[] = [];
  /** Error codes the fake answered, in order (signature failures included). */
  readonly errors: string[] = [];
  /** Messages sent (SendStatus `Ok`). */
  readonly sent: SentSms[] = [];
  /** The SendStatus code to answer for a number (E.164), e.g. `LimitExceeded.PhoneNumberDailyLimit`. */
  readonly numberCodes = new Map<string, string>();
  readonly #failures = new Map<string, FakeFailure>();
  readonly #tickets = new Map<string, { randstr: string; used: boolean }>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly account: FakeTencentAccount,
  ) {}

  static async start(account: FakeTencentAccount = FAKE_ACCOUNT): Promise<FakeTencent> {
    let fake: FakeTencent | undefined;
    const server = createServer((req, res) => {
      fake?.handle(req, res).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeTencent(server, `http://127.0.0.1:${port}`, account);
    return fake;
  }

  /** Makes every later call of `action` fail this way (until `recover`). */
  fail(action: 'SendSms' | 'DescribeCaptchaResult', failure: FakeFailure) {
    this.#failures.set(action, failure);
  }

  recover() {
    this.#failures.clear();
  }

  /** A ticket and randstr as the browser gets them from the captcha after the user solved it. */
  issueTicket(): { ticket: string; randstr: string } {
    const ticket = `t03${randomBytes(24).toString('base64url')}`;
    const randstr = `@${randomBytes(4).toString('hex')}`;
    this.#tickets.set(ticket, { randstr, used: false });
    return { ticket, randstr };
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const requestId = randomUUID();
    const answer = (response: Record<string, unknown>) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }));
    };
    const error = (code: string, message = ERROR_MESSAGES[code] ?? code) => {
      this.errors.push(code);
      answer({ Error: { Code: code, Message: message } });
    };

    const refused = this.checkSignature(req, body);
    if (refused) return error(refused);

    const action = String(req.headers['x-tc-action'] ?? '');
    const failure = this.#failures.get(action);
    if (failure?.kind === 'hang') return; // never answers; `close()` cuts the connection
    if (failure?.kind === 'http') {
      res.writeHead(failure.status, { 'content-type': 'text/plain' }).end('Bad Gateway');
      return;
    }
    if (failure?.kind === 'error') return error(failure.code, 'A failure the test asked for.');

    const params = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    const version = String(req.headers['x-tc-version'] ?? '');
    const region = req.headers['x-tc-region'] as string | undefined;
    this.calls.push({ action, version, region, params });

    if (action === 'SendSms' && version === '2021-01-11') {
      if (!region) return error('MissingParameter', 'The request is missing a required parameter `Region`.');
      return this.sendSms(params, answer, error);
    }
    if (action === 'DescribeCaptchaResult' && version === '2019-07-22') {
      if (params.CaptchaType !== 9) return error('InvalidParameterValue', 'CaptchaType must be 9.');
      return this.describeCaptchaResult(params, answer);
    }
    return error('InvalidAction');
  }

  /** The error code for a request whose signature does not hold, or null when it does. */
  private checkSignature(req: IncomingMessage, body: Buffer): string | null {
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!match) return 'AuthFailure.InvalidAuthorization';
    const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = match;
    if (secretId !== this.account.secretId) return 'AuthFailure.SecretIdNotFound';

    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return 'AuthFailure.SignatureExpire';
    }
    const host = String(req.headers.host ?? '');
    const hostname = new URL(`http://${host}`).hostname;
    const names = signedHeaders.split(';');
    if (
      date !== new Date(timestamp * 1000).toISOString().slice(0, 10) ||
      service !== hostname.split('.')[0] ||
      !names.includes('content-type') ||
      !names.includes('host')
    ) {
      return 'AuthFailure.SignatureFailure';
    }

    const url = new URL(req.url ?? '/', 'http://fake');
    const canonicalHeaders = names
      .map((name) => {
        const value = name === 'host' ? hostname : String(req.headers[name] ?? '');
        return `${name}:${value.trim().toLowerCase()}\n`;
      })
      .join('');
    const canonicalRequest = [
      req.method,
      url.pathname,
      url.search.slice(1),
      canonicalHeaders,
      signedHeaders,
      sha256Hex(body),
    ].join('\n');
    const stringToSign = [
      'TC3-HMAC-SHA256',
      String(timestamp),
      `${date}/${service}/tc3_request`,
      sha256Hex(canonicalRequest),
    ].join('\n');
    const signingKey = hmac(hmac(hmac(`TC3${this.account.secretKey}`, date), service), 'tc3_request');
    const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? null
      : 'AuthFailure.SignatureFailure';
  }

  private sendSms(
    params: Record<string, unknown>,
    answer: (response: Record<string, unknown>) => void,
    error: (code: string, message?: string) => void,
  ) {
    const { sdkAppId, signName, templateId } = this.account.sms;
    if (params.SmsSdkAppId !== sdkAppId) return error('FailedOperation.SmsSdkAppIdVerifyFail');
    if (params.SignName !== signName) return error('FailedOperation.SignatureIncorrectOrUnapproved');
    if (params.TemplateId !== templateId) return error('FailedOperation.TemplateIncorrectOrUnapproved');
    const numbers = Array.isArray(params.PhoneNumberSet) ? params.PhoneNumberSet.map(String) : [];
    if (numbers.length === 0) return error('MissingParameter', 'PhoneNumberSet is empty.');
    const templateParams = Array.isArray(params.TemplateParamSet) ? params.TemplateParamSet.map(String) : [];
    const SendStatusSet = numbers.map((phone) => {
      const code =
        this.numberCodes.get(phone) ??
        (/^\+861[3-9][0-9]{9}$/.test(phone) ? 'Ok' : 'InvalidParameterValue.IncorrectPhoneNumber');
      if (code === 'Ok') this.sent.push({ phone, signName, templateId, params: templateParams });
      else this.errors.push(code);
      return {
        SerialNo: code === 'Ok' ? `2433:${randomBytes(8).toString('hex')}` : '',
        PhoneNumber: phone,
        Fee: code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code: code,
        Message: code === 'Ok' ? 'send success' : code,
        IsoCode: 'CN',
      };
    });
    answer({ SendStatusSet });
  }

  private describeCaptchaResult(
    params: Record<string, unknown>,
    answer: (response: Record<string, unknown>) => void,
  ) {
    const result = (CaptchaCode: number, CaptchaMsg: string) =>
      answer({
        CaptchaCode,
        CaptchaMsg,
        EvilLevel: 0,
        GetCaptchaTime: 0,
        EvilBitmap: 0,
        SubmitCaptchaTime: 0,
        DeviceRiskCategory: '',
      });
    if (params.CaptchaAppId !== this.account.captcha.appId) return result(16, 'appid-ticket mismatch');
    if (params.AppSecretKey !== this.account.captcha.appSecretKey) return result(100, 'appsecretkey error');
    const issued = this.#tickets.get(String(params.Ticket));
    if (!issued || issued.randstr !== params.Randstr) return result(15, 'decrypt fail');
    if (issued.used) return result(7, 'ticket reused');
    issued.used = true;
    return result(1, 'OK');
  }
}
