import type { OrderGoods } from '@consign/api-client';
import { ORDER_TEXT } from './texts';

/** A product thumbnail: the picture when the order has one, else a grey box. Same-origin images only (CSP). */
export function GoodsThumb({ goods, size = 40 }: { goods: OrderGoods; size?: number }) {
  return goods.image ? (
    <img
      src={goods.image}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-sm border border-border bg-muted object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-sm bg-muted text-muted-foreground text-xs"
      style={{ width: size, height: size }}
    >
      {ORDER_TEXT.noImage}
    </span>
  );
}

/** The goods column: the first line's picture, title and quantity, and how many lines follow. */
export function GoodsCell({ goods }: { goods: OrderGoods[] }) {
  const first = goods[0];
  if (!first) return null;
  return (
    <div data-slot="order-goods" className="flex max-w-72 items-center gap-2">
      <GoodsThumb goods={first} />
      <div className="min-w-0">
        <p className="truncate" title={first.title}>
          {first.title}
        </p>
        <p className="text-muted-foreground text-xs">
          {ORDER_TEXT.quantity(first.quantity)}
          {goods.length > 1 ? ` · ${ORDER_TEXT.moreGoods(goods.length)}` : ''}
        </p>
      </div>
    </div>
  );
}

/** The goods on a phone's order card: the first line's picture, title, SKU and quantity, and how many lines follow. */
export function GoodsCard({ goods }: { goods: OrderGoods[] }) {
  const first = goods[0];
  if (!first) return null;
  return (
    <div data-slot="order-goods" className="flex min-w-0 gap-3">
      <GoodsThumb goods={first} size={56} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="line-clamp-2 break-all">{first.title}</p>
        {first.sku ? (
          <p className="truncate text-muted-foreground text-xs">
            {ORDER_TEXT.sku}：{first.sku}
          </p>
        ) : null}
        <p className="text-muted-foreground text-xs">
          {ORDER_TEXT.quantity(first.quantity)}
          {goods.length > 1 ? ` · ${ORDER_TEXT.moreGoods(goods.length)}` : ''}
        </p>
      </div>
    </div>
  );
}
