import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const ORIGIN = 'https://app.example';

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirect('/order/index')).toBe('/order/index');
    expect(safeRedirect('/order/index?pageIndex=2&pageSize=20#top')).toBe(
      '/order/index?pageIndex=2&pageSize=20#top',
    );
    expect(safeRedirect('/shop/goods?title=%E5%A5%BD')).toBe('/shop/goods?title=%E5%A5%BD');
    expect(safeRedirect('/')).toBe('/');
    // Encoded text that decodes to spaces or backslashes deeper in the value keeps the origin.
    expect(safeRedirect('/order/index?keyword=a%20b')).toBe('/order/index?keyword=a%20b');
    expect(safeRedirect('/order/index?pageIndex=2&keyword=%E5%A5%BD')).toBe(
      '/order/index?pageIndex=2&keyword=%E5%A5%BD',
    );
    expect(safeRedirect('/docs/a%5Cb')).toBe('/docs/a%5Cb');
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/login'],
    ['backslash', '/\\evil.com'],
    ['backslash later', '/a\\b'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript after slash-less', 'JaVaScRiPt:alert(1)'],
    ['absolute http', 'http://evil.com'],
    ['absolute https', 'https://evil.com/'],
    ['data scheme', 'data:text/html,hi'],
    ['relative', 'order/index'],
    ['tab trick', '/\t/evil.com'],
    ['newline trick', '/\n/evil.com'],
    ['leading space', ' /order'],
    ['encoded slashes', '/%2F%2Fevil.com'],
    ['encoded slash', '/%2Fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['double-encoded slash', '/%252Fevil.com'],
    ['encoded newline', '/%0A/evil.com'],
    ['encoded tab then backslash', '/%09%5Cevil.com'],
    ['encoded ideographic space', '/%E3%80%80/evil.com'],
    ['bad encoding', '/%E0%A4%A'],
    ['empty', ''],
    ['ideographic space', '/\u3000/evil.com'],
  ])('rejects %s', (_name, value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('returns the fallback for non-strings and long values', () => {
    expect(safeRedirect(undefined, '/dashboard')).toBe('/dashboard');
    expect(safeRedirect(['/a'])).toBe('/');
    expect(safeRedirect(`/${'a'.repeat(3000)}`)).toBe('/');
  });

  it('never yields another origin or a non-http scheme (property)', () => {
    const pieces = fc.constantFrom(
      '/',
      '//',
      '\\',
      '%2F',
      '%2f',
      '%5C',
      '%252F',
      '%09',
      '%0A',
      ':',
      'javascript:',
      'http:',
      'https:',
      'data:',
      'evil.com',
      '@',
      '.',
      '..',
      '?',
      '#',
      '\t',
      '\n',
      ' ',
      '\u0000',
      '\u3000',
      'a',
    );
    const arbitraryInput = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join('')),
      fc.webUrl(),
      fc.webPath(),
    );
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const result = safeRedirect(input);
        const url = new URL(result, ORIGIN);
        expect(url.origin).toBe(ORIGIN);
        expect(url.protocol).toBe('https:');
        // And it stays on the origin however often a later hop decodes it.
        let decoded = result;
        for (let i = 0; i < 3; i++) decoded = decodeURIComponent(decoded);
        expect(new URL(decoded, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 3000 },
    );
    // The machine is shared: give the property room instead of the default 5 s.
  }, 30_000);

  it('keeps generated same-origin web paths verbatim or falls back, never anything else (property)', () => {
    let kept = 0;
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const input = `/${path.replace(/^\/+/, '')}`;
        const result = safeRedirect(input);
        expect([input, '/']).toContain(result);
        if (result === input) kept += 1;
      }),
      { numRuns: 500 },
    );
    // Not vacuous: ordinary paths get through.
    expect(kept).toBeGreaterThan(250);
  });
});
