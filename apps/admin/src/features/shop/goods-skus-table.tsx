import type { GoodsSku } from '@consign/api-client';
import { formatMoney } from '@consign/ui';
import { useId } from 'react';

const c = {
  title: '规格与货源',
  none: '该商品没有规格（手工创建的商品）',
  spec: '规格',
  single: '默认规格',
  price: '售价',
  stock: '库存',
  outer: '商家编码',
  source: '1688货源',
  noSource: '未关联',
  link: (offerId: string, quantity: number, cost: string) => `商品 ${offerId} × ${quantity}，成本 ${cost}`,
} as const;

/** 商品编辑 → 规格与货源 (read-only): each SKU's spec, price, stock, 商家编码 and its 1688 offer. */
export function GoodsSkusTable({ skus }: { skus: readonly GoodsSku[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="text-base font-medium">
        {c.title}
      </h2>
      {skus.length === 0 ? (
        <p className="text-sm text-muted-foreground">{c.none}</p>
      ) : (
        <table className="w-full max-w-4xl text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-1 pr-4 font-normal">{c.spec}</th>
              <th className="py-1 pr-4 font-normal">{c.price}</th>
              <th className="py-1 pr-4 font-normal">{c.stock}</th>
              <th className="py-1 pr-4 font-normal">{c.outer}</th>
              <th className="py-1 font-normal">{c.source}</th>
            </tr>
          </thead>
          <tbody>
            {skus.map((sku, i) => (
              // SKUs have no id of their own: their position is who they are.
              // biome-ignore lint/suspicious/noArrayIndexKey: the order is the SKU's identity
              <tr key={i} className="border-t">
                <td className="py-1 pr-4">{sku.spec || c.single}</td>
                <td className="py-1 pr-4">{formatMoney(sku.price)}</td>
                <td className="py-1 pr-4">{sku.stock}</td>
                <td className="py-1 pr-4">{sku.outer_sku_id || '—'}</td>
                <td className="py-1">
                  {sku.source ? (
                    <a
                      href={`https://detail.1688.com/offer/${sku.source.offer_id}.html`}
                      target="_blank"
                      rel="noreferrer"
                      className="text-link underline-offset-4 hover:underline"
                    >
                      {c.link(sku.source.offer_id, sku.source.quantity, formatMoney(sku.source.cost))}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">{c.noSource}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
