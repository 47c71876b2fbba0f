/** Content-Security-Policy of the app: only what it needs. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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
