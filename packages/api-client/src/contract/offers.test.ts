import { describe, expect, it } from 'vitest';
import { normaliseOfferId, offerIdOf, offerIdOfLink } from './offers.js';

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

  it('leading zeros name the same offer: one spelling everywhere', () => {
    expect(offerIdOf('0610000000001')).toBe('610000000001');
    expect(offerIdOfLink('https://detail.1688.com/offer/00610000000001.html')).toBe('610000000001');
    expect(offerIdOfLink('https://detail.m.1688.com/page/index.html?offerId=042')).toBe('42');
    expect(normaliseOfferId('610000000001')).toBe('610000000001');
    expect(normaliseOfferId('000')).toBeNull();
    expect(offerIdOf('0')).toBeNull();
  });
});
