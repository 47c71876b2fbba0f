import {
  GOODS_IMAGES_MAX,
  GOODS_PRICE_MAX,
  GOODS_STOCK_MAX,
  GOODS_TITLE_MAX,
  type Goods,
  type GoodsSaveBody,
  type GoodsStatus,
  isSafeUrl,
} from '@consign/api-client';
import { SHOP_COPY } from './copy';

/** What the edit form holds: text as typed (price in yuan, images one per line). */
export interface GoodsFormValues {
  title: string;
  price: string;
  stock: string;
  status: GoodsStatus;
  images: string;
}

export type GoodsFormErrors = Partial<Record<keyof GoodsFormValues, string>>;

const e = SHOP_COPY.detail.errors;

export function goodsToForm(goods: Goods): GoodsFormValues {
  return {
    title: goods.title,
    price: (goods.price / 100).toFixed(2),
    stock: String(goods.stock),
    status: goods.status,
    images: goods.images.join('\n'),
  };
}

/** Fen from a yuan text with at most two decimals, or undefined. */
export function parseYuan(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function imageLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The form's errors by field (empty when it can be saved). */
export function validateGoods(values: GoodsFormValues): GoodsFormErrors {
  const errors: GoodsFormErrors = {};
  const title = values.title.trim();
  if (!title || [...title].length > GOODS_TITLE_MAX) errors.title = e.title;
  const price = parseYuan(values.price);
  if (price === undefined || price < 1 || price > GOODS_PRICE_MAX) errors.price = e.price;
  const stock = values.stock.trim();
  if (!/^\d{1,7}$/.test(stock) || Number(stock) > GOODS_STOCK_MAX) errors.stock = e.stock;
  const images = imageLines(values.images);
  if (images.length < 1 || images.length > GOODS_IMAGES_MAX || !images.every(isSafeUrl))
    errors.images = e.images;
  return errors;
}

/** The save body of a valid form. */
export function formToBody(goods: Goods, values: GoodsFormValues): GoodsSaveBody {
  return {
    id: goods.id,
    shop_id: goods.shop_id,
    title: values.title.trim(),
    price: parseYuan(values.price) ?? 0,
    stock: Number(values.stock.trim()),
    status: values.status,
    images: imageLines(values.images),
    source_url: goods.source_url,
    // The version the form was read at: a save after someone else's answers 409.
    version: goods.version,
  };
}
