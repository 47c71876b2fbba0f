/**
 * Pluggable SMS providers. Only the development provider ships; a real deployment adds its vendor
 * here (Aliyun / Tencent Cloud SMS ...) behind the same interface and selects it with `SMS_PROVIDER`.
 */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, code: string): Promise<void>;
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
