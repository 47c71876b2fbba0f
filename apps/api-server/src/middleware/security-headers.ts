import { secureHeaders } from 'hono/secure-headers';

/**
 * Extra origins a third-party captcha needs (its script, its iframe and its calls), from
 * `CSP_CAPTCHA_ORIGINS`: space-separated https origins, e.g. for Tencent's captcha
 * `https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com`. Anything that is not a bare
 * https origin is refused at start, so a typo cannot open the policy to `*` or `http:`.
 */
export function parseCspOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value
    .trim()
    .split(/\s+/)
    .map((origin) => {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        throw new Error(`CSP_CAPTCHA_ORIGINS: "${origin}" is not a URL`);
      }
      if (url.protocol !== 'https:' || url.origin !== origin.replace(/\/$/, '')) {
        throw new Error(`CSP_CAPTCHA_ORIGINS: "${origin}" must be a bare https origin`);
      }
      return url.origin;
    });
}

/**
 * Where images may come from: the app itself, `data:` and `blob:` (generated previews), and any http(s)
 * host, because goods images, banners and the logo are URLs the contract accepts from any host
 * (`isSafeUrl`: an http(s) URL or a same-origin path); a narrower policy showed them broken. Safe
 * enough: an image cannot run code or read the page, scripts, connections, frames and forms stay
 * `'self'`, and only the account's staff (goods) or operators (banners, logo) set those URLs; what a
 * remote image host learns is the viewer's IP and, by the referrer policy, the site's origin. On an
 * https site the browser upgrades or blocks `http:` images (mixed content) whatever this says.
 */
export const IMAGE_SOURCES = ["'self'", 'data:', 'blob:', 'https:', 'http:'] as const;

/**
 * The security headers of every answer (pages, files, API), with Hono's `secureHeaders`: its defaults
 * plus a Content-Security-Policy that allows only what the app needs (and the captcha's origins when
 * configured), `X-Frame-Options: DENY` and `Referrer-Policy: strict-origin-when-cross-origin`.
 */
export function securityHeaders(captchaOrigins: readonly string[] = []) {
  const extra = [...captchaOrigins];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...extra],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: [...IMAGE_SOURCES],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...extra],
      ...(extra.length ? { frameSrc: extra } : {}),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
  });
}
