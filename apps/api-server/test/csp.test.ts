import { isSafeUrl } from '@consign/api-client';
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

  it('adds a configured captcha origin to script, connect and frame sources', async () => {
    const origins = parseCspOrigins(' https://turing.captcha.qcloud.com  https://turing.captcha.gtimg.com ');
    const csp = await cspOf(origins);
    expect(csp).toContain(
      "script-src 'self' https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com;",
    );
    expect(csp).toContain('frame-src https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com;');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('allows every image URL the contract accepts (goods images, banners, logo), and nothing more for code', async () => {
    const csp = await cspOf();
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([key]) => key === name)
        ?.slice(1) ?? [];
    const images = directive('img-src');
    // CSP source matching for these URLs: a same-origin path needs 'self', an absolute URL its scheme.
    const allowed = (url: string) =>
      url.startsWith('/') ? images.includes("'self'") : images.includes(new URL(url).protocol);
    for (const url of [
      'https://img.alicdn.com/imgextra/i1/goods.jpg',
      'https://cdn.example.com:8443/banner.png?x=1',
      'http://img.example.cn/logo.png',
      '/static/goods/1.svg',
      '/uploads/logo.png',
    ]) {
      expect(isSafeUrl(url), url).toBe(true);
      expect(allowed(url), url).toBe(true);
    }
    expect(images).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http:']);
    // Only images: code, connections, frames and forms stay on the app's own origin.
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('script-src')).toEqual(["'self'"]);
    expect(directive('connect-src')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('form-action')).toEqual(["'self'"]);
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
