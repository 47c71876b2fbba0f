import { captchaFromAppId, devCaptcha } from '@consign/shell';

/**
 * The captcha before an SMS code is sent: Tencent's when `VITE_CAPTCHA_APP_ID` is set at build time
 * (its script loads only when someone asks for a code), else the dev captcha (no third party).
 */
export const captcha = captchaFromAppId(import.meta.env.VITE_CAPTCHA_APP_ID, devCaptcha);
