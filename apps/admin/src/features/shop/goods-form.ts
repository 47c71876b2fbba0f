import { GOODS_STATUSES, type Goods } from '@consign/api-client';
import { goodsSaveBodySchema, parseYuan, yuanText } from '@consign/api-client/contract';
import * as z from 'zod';
import { type FieldMessages, integerText } from '../../common/form';
import { SHOP_TEXT } from './texts';

const errorText = SHOP_TEXT.detail.errors;

/**
 * 商品编辑: the contract's save body (a title of 1-60, a price of 0.01-1,000,000 yuan, a stock of
 * 0-1,000,000, 1-9 pictures each an http(s) or same-origin address), with what is typed as text: the
 * price in yuan (at most two decimals, sent in fen), the stock, the pictures one per line.
 */
export const goodsForm = z
  .object({
    id: z.number(),
    version: z.number(),
    shop_id: z.number(),
    source_url: z.string(),
    title: z.string(),
    price: z.string().transform((yuan) => parseYuan(yuan) ?? Number.NaN),
    stock: integerText,
    status: z.enum(GOODS_STATUSES),
    images: z.string().transform(imageLines),
  })
  // Nothing above refuses (a wrong number is NaN): the contract then checks every field at once.
  // The contract's input type says `source_url?: string` (its default): it checks what this hands on.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  .pipe(goodsSaveBodySchema as z.ZodType<z.output<typeof goodsSaveBodySchema>, any>);
/** The contract's fields of a product, for the inputs' limits. */
export const goodsFields = goodsSaveBodySchema.shape;
export const goodsMessages: FieldMessages<z.input<typeof goodsForm>> = {
  title: errorText.title,
  price: errorText.price,
  stock: errorText.stock,
  images: errorText.images,
};

/** The form of a product as read (its `id` and `version` included: a save after someone else's answers 409). */
export function goodsValues(goods: Goods): z.input<typeof goodsForm> {
  return {
    id: goods.id,
    version: goods.version,
    shop_id: goods.shop_id,
    source_url: goods.source_url,
    title: goods.title,
    price: yuanText(goods.price),
    stock: String(goods.stock),
    status: goods.status,
    images: goods.images.join('\n'),
  };
}

export function imageLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
