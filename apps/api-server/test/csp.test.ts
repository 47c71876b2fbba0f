import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseCspOrigins, securityHeaders } from '../src/middleware/security-headers';

/** The Content-Security-Policy an answer carries with these captcha origins. */
async function cspOf(origins: string[] = []): Promise<string> {
  const app = new Hono().use(securityHeaders(origins)).get('/', (c) => c.text('ok'));
  return (await app.request('/')).headers.get('content-security-policy') ?? '';
}

describe('Content-Security-Policy', () => {
  it('allows only the app itself by default', async () => {
    const csp = await cspOf();
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('frame-src');
  });

  it('adds a configured captcha origin to script, image, connect and frame sources', async () => {
    const origins = parseCspOrigins(' https://turing.captcha.qcloud.com  https://turing.captcha.gtimg.com ');
    const csp = await cspOf(origins);
    expect(csp).toContain(
      "script-src 'self' https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com;",
    );
    expect(csp).toContain('frame-src https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com;');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it.each([
    '*',
    'http://captcha.example',
    'https://captcha.example/path',
    "'unsafe-inline'",
    'javascript:alert(1)',
  ])('refuses %s as a captcha origin', (origin) => {
    expect(() => parseCspOrigins(origin)).toThrow(/CSP_CAPTCHA_ORIGINS/);
  });
});
