import { describe, expect, it } from 'vitest';
import { markedUpPrice, offerIdOf, offerIdOfLink } from './rules.js';

describe('offerIdOfLink', () => {
  it('reads the offer id of the 1688 offer link forms', () => {
    expect(offerIdOfLink('https://detail.1688.com/offer/610000000001.html')).toBe('610000000001');
    expect(offerIdOfLink(' http://detail.1688.com/offer/610000000001.html?spm=a1#x ')).toBe('610000000001');
    expect(offerIdOfLink('https://m.1688.com/offer/42.html')).toBe('42');
    expect(offerIdOfLink('https://detail.m.1688.com/page/index.html?offerId=42&x=1')).toBe('42');
  });

  it('refuses anything else', () => {
    for (const text of [
      '610000000001',
      'https://www.example.com/not-a-product',
      'https://item.taobao.com/item.htm?id=610000000001',
      'https://detail.1688.com.evil.example/offer/1.html',
      'https://evil.example/?u=https://detail.1688.com/offer/1.html',
      'https://detail.1688.com/offer/abc.html',
      'https://detail.1688.com/offer/1.html/x',
      'https://user:pw@detail.1688.com/offer/1.html',
      'https://detail.1688.com:8443/offer/1.html',
      'ftp://detail.1688.com/offer/1.html',
      'https://detail.1688.com/offer/123456789012345678901.html',
      'javascript:alert(1)',
    ]) {
      expect(offerIdOfLink(text), text).toBeNull();
    }
  });

  it('offerIdOf also takes a bare id', () => {
    expect(offerIdOf(' 610000000002 ')).toBe('610000000002');
    expect(offerIdOf('https://detail.1688.com/offer/7.html')).toBe('7');
    expect(offerIdOf('61000-1')).toBeNull();
  });
});

describe('markedUpPrice', () => {
  it('adds the markup in integer 分, then rounds by the rule', () => {
    // 18.50 元 + 35 % = 24.975 -> 24.98 (half up).
    expect(markedUpPrice(1850, 35, 'none')).toBe(2498);
    expect(markedUpPrice(1850, 35, 'yuan')).toBe(2500);
    expect(markedUpPrice(1850, 35, 'nine')).toBe(2590);
    // Already whole or ending in .90: unchanged.
    expect(markedUpPrice(2000, 0, 'yuan')).toBe(2000);
    expect(markedUpPrice(2390, 0, 'nine')).toBe(2390);
    // 23.45 -> 23.90; 23.95 -> 24.90.
    expect(markedUpPrice(2345, 0, 'nine')).toBe(2390);
    expect(markedUpPrice(2395, 0, 'nine')).toBe(2490);
    // Never below 1 分.
    expect(markedUpPrice(0, 30, 'none')).toBe(1);
    expect(markedUpPrice(0, 30, 'yuan')).toBe(100);
  });
});
