import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { checkSourceUrls, copyForm, copyMessages } from './source-urls';
import { SHOP_TEXT } from './texts';

describe('checkSourceUrls', () => {
  it('keeps every entry once, names those that are not 1688 offer links, counts repeats', () => {
    const text = [
      ' https://detail.1688.com/offer/610000000001.html ',
      'javascript:alert(1)',
      'https://detail.1688.com/offer/610000000001.html',
      'https://item.taobao.com/item.htm?id=1',
      ...Array.from({ length: 55 }, (_, i) => `https://detail.1688.com/offer/${700 + i}.html`),
    ].join('\n');
    const check = checkSourceUrls(text);
    expect(check.notOffers).toEqual(['javascript:alert(1)', 'https://item.taobao.com/item.htm?id=1']);
    expect(check.duplicates).toBe(1);
    expect(check.urls).toHaveLength(58);
    expect(check.urls[0]).toBe('https://detail.1688.com/offer/610000000001.html');
  });
});

describe('the 商品复制 form', () => {
  const copyFormText = SHOP_TEXT.copyForm;
  it('asks for a shop and a link, sends entries that are not offers for the server to name, refuses more than 50', async () => {
    expect((await submitForm(copyForm, copyMessages, { shop_id: '', urls: ' \n' })).errors).toEqual({
      shop_id: copyFormText.shopRequired,
      urls: copyFormText.urlsRequired,
    });
    const mixed = await submitForm(copyForm, copyMessages, {
      shop_id: '3',
      urls: 'https://detail.1688.com/offer/1.html\nnot-a-link',
    });
    expect(mixed.errors).toEqual({});
    const many = Array.from({ length: 51 }, (_, i) => `https://detail.1688.com/offer/${i}.html`).join('\n');
    const tooMany = await submitForm(copyForm, copyMessages, { shop_id: '3', urls: many });
    expect(Object.keys(tooMany.errors)).toEqual(['urls']);
  });
});
