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

/** Content-Security-Policy of the app: only what it needs, plus the captcha's origins when configured. */
export function contentSecurityPolicy(captchaOrigins: readonly string[] = []): string {
  const extra = captchaOrigins.length ? ` ${captchaOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    ...(extra ? [`frame-src${extra}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(
  parseCspOrigins(process.env.CSP_CAPTCHA_ORIGINS),
);

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

const marked = new WeakSet<Response>();

/** Marks a response built with {@link SECURITY_HEADERS} already (the middleware then leaves it alone). */
export function secured(response: Response): Response {
  marked.add(response);
  return response;
}

export function isSecured(response: Response): boolean {
  return marked.has(response);
}
