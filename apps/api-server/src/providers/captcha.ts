/**
 * Pluggable captcha providers. Only the development provider ships; a real deployment adds its vendor
 * here (Tencent captcha ...) behind the same interface and selects it with `CAPTCHA_PROVIDER`.
 */
export interface CaptchaProvider {
  readonly name: string;
  verify(input: { ticket: string; randstr: string; ip: string }): Promise<boolean>;
}

/** The development captcha: the ticket `dev-ticket` passes, anything else fails. */
export class DevCaptchaProvider implements CaptchaProvider {
  readonly name = 'dev';
  async verify({ ticket }: { ticket: string }): Promise<boolean> {
    return ticket === 'dev-ticket';
  }
}
