import type { GoodsSku } from '@consign/api-client';
import { goodsSkuSchema, parseYuan, yuanText } from '@consign/api-client/contract';
import { SHOP_TEXT } from './texts';

const skuText = SHOP_TEXT.skus;

/** A SKU as 商品编辑 edits it: texts as typed (price in 元), its 货源 with the spec's words when known. */
export interface SkuRow {
  /** The row's identity while editing (SKUs have no id: their position is who they are once saved). */
  key: string;
  spec: string;
  price: string;
  stock: string;
  outer_sku_id: string;
  source: (Omit<Source, 'backup'> & { spec_text: string }) | null;
  /** 备用货源: bought when the first 货源's spec is out of stock or over its price limit (null: none). */
  backup: (Backup & { spec_text: string }) | null;
}

type Source = NonNullable<GoodsSku['source']>;
type Backup = NonNullable<Source['backup']>;

export function skuRows(skus: readonly GoodsSku[]): SkuRow[] {
  return skus.map((sku) => ({
    key: crypto.randomUUID(),
    spec: sku.spec,
    price: yuanText(sku.price),
    stock: String(sku.stock),
    outer_sku_id: sku.outer_sku_id,
    source: sku.source ? { ...sku.source, spec_text: '' } : null,
    backup: sku.source?.backup ? { ...sku.source.backup, spec_text: '' } : null,
  }));
}

/**
 * The rows as the body's SKUs (price in 分), checked by the contract's SKU schema: the SKUs, or the
 * problem of each row by its index (-1: the list as a whole, e.g. a spec named twice).
 */
export function skusBody(rows: readonly SkuRow[]): {
  skus: GoodsSku[] | null;
  errors: Record<number, string>;
} {
  const errors: Record<number, string> = {};
  const skus: GoodsSku[] = [];
  rows.forEach((row, index) => {
    const price = parseYuan(row.price);
    const stock = /^\d{1,7}$/.test(row.stock.trim()) ? Number(row.stock.trim()) : Number.NaN;
    const source = row.source
      ? {
          offer_id: row.source.offer_id,
          spec_id: row.source.spec_id,
          quantity: row.source.quantity,
          cost: row.source.cost,
          ...(row.backup
            ? {
                backup: {
                  offer_id: row.backup.offer_id,
                  spec_id: row.backup.spec_id,
                  quantity: row.backup.quantity,
                  cost: row.backup.cost,
                },
              }
            : {}),
        }
      : null;
    if (row.backup && !row.source) {
      errors[index] = skuText.errors.backupAlone;
      return;
    }
    const parsed = goodsSkuSchema.safeParse({
      spec: row.spec,
      price: price ?? Number.NaN,
      stock,
      outer_sku_id: row.outer_sku_id,
      source,
    });
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path ?? [];
      const field = path.includes('backup') ? 'backup' : String(path[0] ?? '');
      errors[index] = skuText.errors[field as keyof typeof skuText.errors] ?? skuText.errors.other;
    } else skus.push(parsed.data);
  });
  const specs = skus.map((sku) => sku.spec);
  if (Object.keys(errors).length === 0 && new Set(specs).size !== specs.length)
    errors[-1] = skuText.errors.repeated;
  return { skus: Object.keys(errors).length === 0 ? skus : null, errors };
}
