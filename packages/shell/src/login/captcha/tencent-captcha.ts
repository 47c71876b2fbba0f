import { CaptchaCancelledError, type CaptchaProvider, type CaptchaResult } from './captcha-provider';

/** The default script URL of Tencent Cloud's captcha. */
export const TENCENT_CAPTCHA_SCRIPT_URL = 'https://turing.captcha.qcloud.com/TCaptcha.js';

/** What the Tencent captcha calls back with (`ret` 0 = solved, 2 = closed by the user). */
export interface TencentCaptchaAnswer {
  ret: number;
  ticket?: string;
  randstr?: string;
  errorCode?: number;
  errorMessage?: string;
}

export interface TencentCaptchaInstance {
  show(): void;
  destroy?(): void;
}

export type TencentCaptchaConstructor = new (
  appId: string,
  callback: (answer: TencentCaptchaAnswer) => void,
  options?: Record<string, unknown>,
) => TencentCaptchaInstance;

declare global {
  interface Window {
    TencentCaptcha?: TencentCaptchaConstructor;
  }
}

const scripts = new Map<string, Promise<void>>();

/**
 * Loads a script once per URL (a failed load may be retried by calling again). Resolves when the
 * script has run.
 */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  const existing = scripts.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(`failed to load ${src}`));
    };
    doc.head.appendChild(script);
  });
  scripts.set(src, promise);
  return promise;
}

export interface TencentCaptchaOptions {
  appId: string;
  /** Where to load `TCaptcha.js` from (default {@link TENCENT_CAPTCHA_SCRIPT_URL}). */
  scriptUrl?: string;
  /** Extra options handed to the `TencentCaptcha` constructor. */
  options?: Record<string, unknown>;
}

/**
 * A captcha provider backed by a Tencent-style `TencentCaptcha(appId, callback)` global. The script is
 * loaded on the first `verify()`, that is only when a user asks for a code, never on page load.
 */
export function createTencentCaptcha({
  appId,
  scriptUrl = TENCENT_CAPTCHA_SCRIPT_URL,
  options,
}: TencentCaptchaOptions): CaptchaProvider {
  return {
    async verify(): Promise<CaptchaResult> {
      if (!window.TencentCaptcha) await loadScript(scriptUrl);
      const Captcha = window.TencentCaptcha;
      if (!Captcha) throw new Error('TencentCaptcha is not available');
      return new Promise<CaptchaResult>((resolve, reject) => {
        const captcha = new Captcha(
          appId,
          (answer) => {
            if (answer.ret === 0 && answer.ticket && answer.randstr) {
              resolve({ ticket: answer.ticket, randstr: answer.randstr });
            } else if (answer.ret === 2) {
              reject(new CaptchaCancelledError());
            } else {
              reject(new Error(answer.errorMessage ?? 'captcha failed'));
            }
          },
          options,
        );
        captcha.show();
      });
    },
  };
}

/** The dev captcha when no app id is configured, the Tencent captcha otherwise. */
export function captchaFromAppId(
  appId: string | undefined | null,
  devProvider: CaptchaProvider,
): CaptchaProvider {
  return appId ? createTencentCaptcha({ appId }) : devProvider;
}
