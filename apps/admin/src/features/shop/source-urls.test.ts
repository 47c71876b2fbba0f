import { describe, expect, it } from 'vitest';
import { submitForm } from '../../lib/form-testing';
import { checkSourceUrls, copyForm, copyMessages, parseSourceUrls } from './source-urls';
import { SHOP_TEXT } from './texts';

describe('parseSourceUrls', () => {
  it('keeps http(s) links, one per line or separated by spaces, trimmed and without duplicates', () => {
    expect(
      parseSourceUrls(
        ' https://item.taobao.com/item.htm?id=1 \n\nhttp://detail.1688.com/offer/2.html https://item.taobao.com/item.htm?id=1\n',
      ),
    ).toEqual(['https://item.taobao.com/item.htm?id=1', 'http://detail.1688.com/offer/2.html']);
  });

  it('drops anything that is not an absolute http(s) link', () => {
    expect(parseSourceUrls('javascript:alert(1)\n/local/path\n//evil.com\nftp://x.y/z\nnot a link')).toEqual(
      [],
    );
  });

  it('stops at the API limit of 50 links', () => {
    const text = Array.from({ length: 80 }, (_, i) => `https://shop.example/item/${i}`).join('\n');
    const urls = parseSourceUrls(text);
    expect(urls).toHaveLength(50);
    expect(urls[49]).toBe('https://shop.example/item/49');
  });
});

describe('checkSourceUrls', () => {
  it('names invalid entries, counts repeats and keeps every valid link for the limit check', () => {
    const text = [
      'https://a.example/1',
      'javascript:alert(1)',
      'https://a.example/1',
      ...Array.from({ length: 55 }, (_, i) => `https://b.example/${i}`),
    ].join('\n');
    const check = checkSourceUrls(text);
    expect(check.invalid).toEqual(['javascript:alert(1)']);
    expect(check.duplicates).toBe(1);
    expect(check.urls).toHaveLength(56);
  });
});

describe('the 商品复制 form', () => {
  const f = SHOP_TEXT.copyForm;
  it('asks for a shop and a link, names entries that are not links, refuses more than 50', async () => {
    expect((await submitForm(copyForm, copyMessages, { shop_id: '', urls: ' \n' })).errors).toEqual({
      shop_id: f.shopRequired,
      urls: f.urlsRequired,
    });
    const bad = await submitForm(copyForm, copyMessages, {
      shop_id: '3',
      urls: 'https://a.example/1\nnot-a-link',
    });
    expect(bad.errors).toEqual({ urls: f.badLines(1, 'not-a-link') });
    const many = Array.from({ length: 51 }, (_, i) => `https://b.example/${i}`).join('\n');
    const tooMany = await submitForm(copyForm, copyMessages, { shop_id: '3', urls: many });
    expect(Object.keys(tooMany.errors)).toEqual(['urls']);
  });

  it('sends the shop id and the links without repeats', async () => {
    const { errors, body } = await submitForm(copyForm, copyMessages, {
      shop_id: '3',
      urls: ' https://a.example/1 https://a.example/1\nhttp://b.example/2 ',
    });
    expect(errors).toEqual({});
    expect(body).toEqual({ shop_id: 3, urls: ['https://a.example/1', 'http://b.example/2'] });
  });
});
