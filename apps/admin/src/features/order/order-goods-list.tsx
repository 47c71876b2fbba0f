import type { OrderGoods } from '@consign/api-client';
import { formatMoney } from '@consign/ui';
import { ORDER_COPY } from './copy';
import { GoodsThumb } from './goods-cell';

/** Every line of an order, for the detail dialog. */
export function OrderGoodsList({ goods }: { goods: OrderGoods[] }) {
  return (
    <section aria-label={ORDER_COPY.goodsList} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{ORDER_COPY.goodsList}</h3>
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {goods.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id; the order never changes.
          <li key={index} className="flex items-center gap-3 p-2 text-sm">
            <GoodsThumb goods={line} size={48} />
            <div className="min-w-0 flex-1">
              <p className="truncate">{line.title}</p>
              {line.sku ? (
                <p className="text-muted-foreground text-xs">
                  {ORDER_COPY.sku}：{line.sku}
                </p>
              ) : null}
              {line.outer_sku_id ? (
                <p className="text-muted-foreground text-xs">
                  {ORDER_COPY.outerSkuId}：{line.outer_sku_id}
                </p>
              ) : null}
            </div>
            {line.price !== undefined ? (
              <span className="tabular-nums">{formatMoney(line.price)}</span>
            ) : null}
            <span className="tabular-nums">{ORDER_COPY.quantity(line.quantity)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
