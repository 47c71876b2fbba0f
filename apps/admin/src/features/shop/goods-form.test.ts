import type { Goods } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { formToBody, goodsToForm, parseYuan, validateGoods } from './goods-form';

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

describe('goods edit form', () => {
  it('parses yuan to fen without float drift', () => {
    expect(parseYuan('19.9')).toBe(1990);
    expect(parseYuan('0.07')).toBe(7);
    expect(parseYuan('1000000')).toBe(100_000_000);
    for (const bad of ['', '1.234', '-1', '1e3', '¥5', '1,000']) expect(parseYuan(bad), bad).toBeUndefined();
  });

  it('round-trips a product through the form unchanged', () => {
    expect(validateGoods(goodsToForm(goods))).toEqual({});
    expect(formToBody(goods, goodsToForm(goods))).toMatchObject({
      id: 7,
      price: 1990,
      stock: 12,
      images: goods.images,
      version: 4,
    });
  });

  it('names every invalid field', () => {
    const errors = validateGoods({
      title: ' ',
      price: '0',
      stock: '1.5',
      status: 'draft',
      images: 'javascript:alert(1)',
    });
    expect(Object.keys(errors).sort()).toEqual(['images', 'price', 'stock', 'title']);
    expect(validateGoods({ ...goodsToForm(goods), title: 'x'.repeat(61) }).title).toBeDefined();
    expect(validateGoods({ ...goodsToForm(goods), images: '' }).images).toBeDefined();
  });
});
