import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, parseCspOrigins } from '../src/http/headers';

describe('Content-Security-Policy', () => {
  it('allows only the app itself by default', () => {
    const csp = contentSecurityPolicy();
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('frame-src');
  });

  it('adds a configured captcha origin to script, image, connect and frame sources', () => {
    const origins = parseCspOrigins(' https://turing.captcha.qcloud.com  https://turing.captcha.gtimg.com ');
    const csp = contentSecurityPolicy(origins);
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
