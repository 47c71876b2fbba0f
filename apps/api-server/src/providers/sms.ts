/**
 * Pluggable SMS providers, selected with `SMS_PROVIDER`: `console` (development, below) or `tencent`
 * (Tencent Cloud SMS, `tencent.ts`). Another vendor implements the same interface.
 */
export interface SmsProvider {
  readonly name: string;
  /** Sends the login code; a failure the user should hear about throws {@link SmsDeliveryError}. */
  send(mobile: string, code: string): Promise<void>;
}

/** Why an SMS was not sent, as the user is told it. */
export type SmsFailureReason = 'rate-limited' | 'bad-number' | 'unavailable';

/** What the user reads when sending failed (the `msg` of the send-code envelope). */
export const SMS_DELIVERY_MESSAGES: Record<SmsFailureReason, string> = {
  'rate-limited': '短信发送过于频繁，请稍后再试',
  'bad-number': '手机号格式不正确',
  unavailable: '短信服务暂时不可用，请稍后再试',
};

/** A send that failed. Any other error from a provider counts as `unavailable`. */
export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: SmsFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export interface OutboxEntry {
  mobile: string;
  code: string;
  sentAt: number;
}

/**
 * The development SMS provider: prints the code on the console and keeps the latest code per mobile
 * in an outbox (read by `GET /__dev/sms?mobile=`, which exists only while this provider is active).
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  readonly #outbox = new Map<string, OutboxEntry>();

  constructor(
    private readonly print: (line: string) => void,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  async send(mobile: string, code: string): Promise<void> {
    this.#outbox.delete(mobile);
    this.#outbox.set(mobile, { mobile, code, sentAt: this.now() });
    if (this.#outbox.size > this.maxEntries) {
      const oldest = this.#outbox.keys().next().value;
      if (oldest !== undefined) this.#outbox.delete(oldest);
    }
    this.print(`[sms:console] ${mobile} 的登录验证码是 ${code}（5 分钟内有效）`);
  }

  latest(mobile: string): OutboxEntry | undefined {
    return this.#outbox.get(mobile);
  }
}
