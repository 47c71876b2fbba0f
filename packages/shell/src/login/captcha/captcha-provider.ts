/** What a solved captcha hands to `send-code`. */
export interface CaptchaResult {
  ticket: string;
  randstr: string;
}

/**
 * A human check run before an SMS code is sent. `verify()` resolves with the ticket, or rejects when
 * the user closed the captcha or it failed to load.
 */
export interface CaptchaProvider {
  verify(): Promise<CaptchaResult>;
}

/** Thrown when the user closes the captcha without solving it. */
export class CaptchaCancelledError extends Error {
  constructor() {
    super('captcha cancelled');
    this.name = 'CaptchaCancelledError';
  }
}

/** The development captcha: always passes with the ticket the reference server accepts. */
export const devCaptcha: CaptchaProvider = {
  verify: () => Promise.resolve({ ticket: 'dev-ticket', randstr: 'dev' }),
};
