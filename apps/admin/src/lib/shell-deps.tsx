import type { CaptchaProvider } from '@consign/shell';

/**
 * The captcha of `./captcha.ts`, loaded when someone first asks for a code: no page paints with it.
 * Rejections (a closed captcha is `CaptchaCancelledError`) pass through unchanged.
 */
export const captcha: CaptchaProvider = {
  verify: () => import('./captcha').then((m) => m.captcha.verify()),
};
