import { CommonClient } from 'tencentcloud-sdk-nodejs-common';
import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { TencentCaptchaSettings, TencentEndpoint, TencentSmsSettings } from '../config';
import type { Logger } from '../log';
import { type CaptchaProvider, CaptchaUnavailableError } from './captcha';
import { SmsDeliveryError, type SmsFailureReason, type SmsProvider } from './sms';

/**
 * Tencent Cloud SMS (`SMS_PROVIDER=tencent`) and Tencent Captcha verified on the server
 * (`CAPTCHA_PROVIDER=tencent`), through Tencent's official Node SDK: the SMS product package
 * (`tencentcloud-sdk-nodejs-sms`, API 2021-01-11 `SendSms`) and, as Tencent publishes no captcha
 * package of its own, the SDK's Common Client (`tencentcloud-sdk-nodejs-common`, API 2019-07-22
 * `DescribeCaptchaResult`). The SDK signs every request (TC3-HMAC-SHA256). main.ts imports this file
 * only when a Tencent provider is configured.
 *
 * Logs carry the outcome (error code, HTTP status, request id), never the secret id or key, the
 * captcha's app secret, the code, the ticket or the mobile.
 */

/** How long one call may take, connection to the end of the answer (the SDK's `reqTimeout`). */
export const TENCENT_TIMEOUT_MS = 5_000;

/** What the SDK throws (TencentCloudSDKHttpException): an API error code, an HTTP status, or neither. */
interface SdkError {
  message?: string;
  code?: string;
  httpCode?: number;
  requestId?: string;
}

function clientProfile(endpoint: TencentEndpoint, timeoutMs: number) {
  return {
    httpProfile: { endpoint: endpoint.host, protocol: endpoint.protocol, reqTimeout: timeoutMs / 1000 },
  };
}

/** The loggable facts of an SDK failure (no message: a vendor's message may quote the request). */
function describeFailure(error: unknown): Record<string, unknown> {
  const sdk = (error ?? {}) as SdkError;
  if (sdk.code) return { code: sdk.code, requestId: sdk.requestId || undefined };
  if (sdk.httpCode) return { httpStatus: sdk.httpCode };
  return { network: /timeout/i.test(sdk.message ?? '') ? 'timeout' : 'unreachable' };
}

/**
 * What a SendSms error code means for the user. The per-number limits (`LimitExceeded.PhoneNumber*`:
 * 30 s, hour, day, same content) are this user's; an application-wide limit, a signature or template
 * problem or an outage is ours, so the user is told the service is unavailable.
 */
export function smsFailureReason(code: string): SmsFailureReason {
  if (code.startsWith('LimitExceeded.PhoneNumber')) return 'rate-limited';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber') return 'bad-number';
  return 'unavailable';
}

export interface TencentProviderOptions {
  log: Logger;
  /** Default {@link TENCENT_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/** Tencent Cloud SMS: one `SendSms` per code, to `+86<mobile>`, with the template's `{1}` = the code. */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  readonly #client: InstanceType<typeof sms.v20210111.Client>;
  readonly #log: Logger;

  constructor(
    private readonly settings: TencentSmsSettings,
    options: TencentProviderOptions,
  ) {
    this.#log = options.log;
    this.#client = new sms.v20210111.Client({
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      region: settings.region,
      profile: clientProfile(settings.endpoint, options.timeoutMs ?? TENCENT_TIMEOUT_MS),
    });
  }

  async send(mobile: string, code: string): Promise<void> {
    const response = await this.#client
      .SendSms({
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: this.settings.sdkAppId,
        SignName: this.settings.signName,
        TemplateId: this.settings.templateId,
        TemplateParamSet: [code],
      })
      .catch((error: unknown) => {
        throw this.#failed(describeFailure(error));
      });
    // One number per request: its SendStatus says whether this number was sent to.
    const status = response.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      throw this.#failed({ code: status?.Code ?? 'NoSendStatus', requestId: response.RequestId });
    }
    this.#log.debug('sms sent', { provider: this.name, requestId: response.RequestId });
  }

  #failed(failure: Record<string, unknown>): SmsDeliveryError {
    const reason = typeof failure.code === 'string' ? smsFailureReason(failure.code) : 'unavailable';
    const level = reason === 'unavailable' ? 'error' : 'warn';
    this.#log[level]('sms not sent', { provider: this.name, reason, ...failure });
    return new SmsDeliveryError(reason, `SendSms failed: ${JSON.stringify(failure)}`);
  }
}

/** `DescribeCaptchaResult` answers `CaptchaCode` 1 when the ticket is good. */
interface DescribeCaptchaResultResponse {
  CaptchaCode?: number;
  CaptchaMsg?: string;
  RequestId?: string;
}

/**
 * Tencent Captcha checked on the server: the browser's `ticket` and `randstr` and the user's IP go to
 * `DescribeCaptchaResult` (CaptchaType 9) with the app id and app secret key; only `CaptchaCode` 1
 * passes. An unreachable API throws {@link CaptchaUnavailableError} (nobody passes).
 */
export class TencentCaptchaProvider implements CaptchaProvider {
  readonly name = 'tencent';
  readonly #client: CommonClient;
  readonly #log: Logger;

  constructor(
    private readonly settings: TencentCaptchaSettings,
    options: TencentProviderOptions,
  ) {
    this.#log = options.log;
    this.#client = new CommonClient('captcha.tencentcloudapi.com', '2019-07-22', {
      credential: { secretId: settings.secretId, secretKey: settings.secretKey },
      profile: clientProfile(settings.endpoint, options.timeoutMs ?? TENCENT_TIMEOUT_MS),
    });
  }

  async verify({ ticket, randstr, ip }: { ticket: string; randstr: string; ip: string }): Promise<boolean> {
    let response: DescribeCaptchaResultResponse;
    try {
      response = (await this.#client.request('DescribeCaptchaResult', {
        CaptchaType: 9,
        Ticket: ticket,
        Randstr: randstr,
        UserIp: ip,
        CaptchaAppId: this.settings.appId,
        AppSecretKey: this.settings.appSecretKey,
      })) as DescribeCaptchaResultResponse;
    } catch (error) {
      const failure = describeFailure(error);
      this.#log.error('captcha not verified', { provider: this.name, ...failure });
      throw new CaptchaUnavailableError(`DescribeCaptchaResult failed: ${JSON.stringify(failure)}`);
    }
    if (response.CaptchaCode === 1) return true;
    this.#log.info('captcha refused', {
      provider: this.name,
      captchaCode: response.CaptchaCode,
      captchaMsg: response.CaptchaMsg,
      requestId: response.RequestId,
    });
    return false;
  }
}
