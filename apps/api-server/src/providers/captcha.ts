/**
 * Pluggable captcha providers, selected with `CAPTCHA_PROVIDER`: `dev` (development, below) or
 * `tencent` (Tencent Captcha verified on the server, `tencent.ts`). Another vendor implements the same
 * interface.
 */
export interface CaptchaProvider {
  readonly name: string;
  /**
   * Whether the user solved the captcha (`ticket` and `randstr` from the browser, `ip` the user's).
   * Throws {@link CaptchaUnavailableError} when the vendor could not be asked.
   */
  verify(input: { ticket: string; randstr: string; ip: string }): Promise<boolean>;
}

/** The vendor could not be asked (down, timed out, refused our credentials): nobody passes. */
export class CaptchaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaptchaUnavailableError';
  }
}

/** The development captcha: the ticket `dev-ticket` passes, anything else fails. */
export class DevCaptchaProvider implements CaptchaProvider {
  readonly name = 'dev';
  async verify({ ticket }: { ticket: string }): Promise<boolean> {
    return ticket === 'dev-ticket';
  }
}
