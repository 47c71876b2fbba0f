import type { Goods } from '@consign/api-client';
import { parseYuan } from '@consign/api-client/contract';
import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { goodsForm, goodsMessages, goodsValues } from './goods-form';
import { SHOP_TEXT } from './texts';

const errorText = SHOP_TEXT.detail.errors;
const goods: Goods = {
  id: 7,
  shop_id: 3,
  shop_name: '店',
  title: '纯棉短袖',
  price: 1990,
  stock: 12,
  status: 'on_sale',
  images: ['/static/goods/1.svg', 'https://img.example.com/2.png'],
  source_url: '',
  updated_at: 1_700_000_000,
  version: 4,
};
const submit = (values: ReturnType<typeof goodsValues>) => submitForm(goodsForm, goodsMessages, values);

describe('goods edit form', () => {
  it('parses yuan to fen without float drift', () => {
    expect(parseYuan('19.9')).toBe(1990);
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan('1000000')).toBe(100_000_000);
    for (const bad of ['', '1.234', '-1', '1e3', '¥5', '1,000']) expect(parseYuan(bad), bad).toBeUndefined();
  });

  it('round-trips a product through the form unchanged', async () => {
    const { errors, body } = await submit(goodsValues(goods));
    expect(errors).toEqual({});
    expect(body).toMatchObject({ id: 7, price: 1990, stock: 12, images: goods.images, version: 4 });
  });

  it('names every invalid field', async () => {
    const { errors } = await submit({
      ...goodsValues(goods),
      title: ' ',
      price: '0',
      stock: '1.5',
      images: 'javascript:alert(1)',
    });
    expect(errors).toEqual({
      title: errorText.title,
      price: errorText.price,
      stock: errorText.stock,
      images: errorText.images,
    });
    expect((await submit({ ...goodsValues(goods), title: 'x'.repeat(61) })).errors.title).toBe(
      errorText.title,
    );
    expect((await submit({ ...goodsValues(goods), images: '' })).errors.images).toBe(errorText.images);
    const tenImages = Array.from({ length: 10 }, (_, i) => `/static/goods/${i}.svg`).join('\n');
    expect((await submit({ ...goodsValues(goods), images: tenImages })).errors.images).toBe(errorText.images);
    expect((await submit({ ...goodsValues(goods), stock: '-1' })).errors.stock).toBe(errorText.stock);
  });
});
