/** Goods: their limits and states, 商品复制's limits and the copy price rule. */

/** Longest goods title (the platforms cap titles at 60 characters). */
export const GOODS_TITLE_MAX = 60;
/** Highest goods price: 1,000,000 yuan, in fen. */
export const GOODS_PRICE_MAX = 100_000_000;
/** Highest goods stock. */
export const GOODS_STOCK_MAX = 1_000_000;
/** Most pictures of one product (the first is the main picture). */
export const GOODS_IMAGES_MAX = 9;
/** The most SKUs a product holds (a copied 1688 offer with more is refused). */
export const GOODS_SKUS_MAX = 200;
/** Most source links in one `/api/copy/create` call. */
export const COPY_URLS_MAX = 50;
export const GOODS_STATUSES = ['on_sale', 'off_sale', 'draft'] as const;
export const COPY_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
/**
 * The goods that need the seller (商品管理's `attention` filter): `monitor` 货源监控需处理, a goods with a
 * listing whose last 货源监控 look needs the seller or whose `listing_monitor` notification the caller
 * has not read (`GoodsListing.attention`).
 */
export const GOODS_ATTENTIONS = ['monitor'] as const;
export type GoodsAttention = (typeof GOODS_ATTENTIONS)[number];
export const GOODS_ATTENTION_LABELS = {
  monitor: '货源监控需处理',
} as const satisfies Record<GoodsAttention, string>;

/** How a copied product's price is rounded after the markup (代发设置): 不取整, up to whole 元, up to .9 元. */
export const PRICE_ROUNDINGS = ['none', 'yuan', 'nine'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** 货源监控's 价格跟随 (代发设置): follow the supplier's cost by the markup rule, or 仅提醒 (only warn). */
export const MONITOR_PRICE_RULES = ['follow', 'warn'] as const;
/** 货源监控's 下架处理 when the 货源 is off sale or gone: delist the listing, or set its stock to 0. */
export const MONITOR_OFF_SALE_RULES = ['delist', 'zero'] as const;

/**
 * The price of a copied product in 分: the supplier's price plus `markupPercent`, then rounded by the
 * seller's rule: `none` to the 分 (half up), `yuan` up to a whole 元, `nine` up to the next price ending in
 * .9 元 (23.45 -> 23.90, 23.95 -> 24.90). Integer arithmetic only.
 */
export function markedUpPrice(costFen: number, markupPercent: number, rounding: PriceRounding): number {
  const raw = Math.floor((costFen * (100 + markupPercent) + 50) / 100);
  const price = Math.max(1, raw);
  if (rounding === 'yuan') return Math.ceil(price / 100) * 100;
  if (rounding === 'nine') {
    const nine = Math.floor(price / 100) * 100 + 90;
    return nine >= price ? nine : nine + 100;
  }
  return price;
}
