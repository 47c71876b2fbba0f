import type { OrderGoods } from '@consign/api-client';
import { formatMoney } from '@consign/ui';
import type { ReactNode } from 'react';
import { GoodsThumb } from './goods-cell';
import { ORDER_TEXT } from './texts';

/** Every line of an order, for the detail dialog; `lineExtra` adds to a line (its 货源). */
export function OrderGoodsList({
  goods,
  lineExtra,
}: {
  goods: OrderGoods[];
  lineExtra?: (index: number) => ReactNode;
}) {
  return (
    <section aria-label={ORDER_TEXT.goodsList} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{ORDER_TEXT.goodsList}</h3>
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {goods.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id; the order never changes.
          <li key={index} className="flex items-center gap-3 p-2 text-sm">
            <GoodsThumb goods={line} size={48} />
            <div className="min-w-0 flex-1">
              <p className="truncate">{line.title}</p>
              {line.sku ? (
                <p className="text-muted-foreground text-xs">
                  {ORDER_TEXT.sku}：{line.sku}
                </p>
              ) : null}
              {line.outer_sku_id ? (
                <p className="text-muted-foreground text-xs">
                  {ORDER_TEXT.outerSkuId}：{line.outer_sku_id}
                </p>
              ) : null}
              {lineExtra?.(index)}
            </div>
            {line.price !== undefined ? (
              <span className="tabular-nums">{formatMoney(line.price)}</span>
            ) : null}
            <span className="tabular-nums">{ORDER_TEXT.quantity(line.quantity)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
