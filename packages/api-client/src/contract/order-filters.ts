import * as z from 'zod';
import { dateStringSchema, filter, idLikeSchema, keywordFilter, platformCodeSchema } from './common.js';
import { ORDER_STATUS_LABELS, PLATFORM_LABELS } from './labels.js';
import { fenAsYuan } from './money.js';
import {
  ORDER_EXCEPTION_INVALID,
  ORDER_EXCEPTION_LABELS,
  ORDER_EXCEPTIONS,
} from './order-exception-rules.js';
import { ORDER_STATUSES } from './order-rules.js';
import { signedFenLikeSchema } from './profit.js';

/**
 * The filters of 代发订单, each declared once: its schema (the body of `/api/order/index`, of
 * `/api/order/status-counts` without `status`, of `/api/export/create` and of a batch's `filter` are
 * all built from these), its Chinese name, and how it reads as words (下载中心 and anything else that
 * describes a filter: {@link describeOrderFilters}). The server turns each into SQL in
 * `apps/api-server/src/db/order-filters.ts`, a record over the same keys, so a filter declared here and
 * not there fails the type check. Adding a filter: see docs/api-server/orders.md, "The order filters".
 */

/** What describing a filter may need to know besides its value. */
export interface FilterWordsContext {
  /** A shop's name by id (下载中心 reads its shop list); `店铺 #3` without it. */
  shopName?: (id: number) => string;
}

/** A `1` / `'1'` / `true` flag of an address query or a body: only orders that are so. */
const flagFilter = filter(
  z.union([z.literal(1), z.literal('1'), z.literal(true)]).transform(() => true as const),
);

/** What a filter's words may read of the other filters (parsed): a range's bounds read together. */
interface RangeBounds {
  readonly start_date?: string;
  readonly end_date?: string;
  readonly profit_min?: number;
  readonly profit_max?: number;
}

/** Everything the declaration says of one filter. */
interface OrderFilterDeclaration<S extends z.ZodType> {
  readonly schema: S;
  /** The filter's Chinese name (a field of the operation log, a column of a summary). */
  readonly label: string;
  /**
   * The filter as a seller reads it (`状态：待采购`), given all the filters (a range reads once, from
   * its first bound), or null when another filter's words already say it.
   */
  readonly words: (
    value: NonNullable<z.output<S>>,
    all: RangeBounds,
    context: FilterWordsContext,
  ) => string | null;
  /** Money (finance-rules.ts `ORDER_MONEY_FILTERS`): refused to a caller without finance:view. */
  readonly money?: true;
  /** A value of the filter as a request sends it: the tests walk every filter with it. */
  readonly example: z.input<S>;
}

const declare = <S extends z.ZodType>(declaration: OrderFilterDeclaration<S>) => declaration;

/** `2026-01-01 至 2026-01-31`, a missing bound read as 不限. */
const dates = (all: RangeBounds): string =>
  `下单日期：${all.start_date ?? '不限'} 至 ${all.end_date ?? '不限'}`;

/** 利润's bounds as words: the picker's 亏损 (below 0) and 盈利 (0 or more) by name, other bounds as yuan. */
function profitRange({ profit_min: min, profit_max: max }: RangeBounds): string {
  if (min === undefined && max === -1) return '利润：亏损';
  if (min === 0 && max === undefined) return '利润：盈利';
  if (max === undefined) return `利润：不低于 ${fenAsYuan(min ?? 0)}`;
  if (min === undefined) return `利润：不高于 ${fenAsYuan(max)}`;
  return `利润：${fenAsYuan(min)} 至 ${fenAsYuan(max)}`;
}

export const ORDER_FILTERS = {
  /** The order number, the buyer, a goods title or the platform's order number (`platform_order_no`). */
  keyword: declare({
    schema: keywordFilter,
    label: '关键词',
    words: (value) => `关键词：${value}`,
    example: 'DD',
  }),
  status: declare({
    schema: filter(z.enum(ORDER_STATUSES)),
    label: '订单状态',
    words: (value) => `状态：${ORDER_STATUS_LABELS[value]}`,
    example: 'pending',
  }),
  shop_id: declare({
    schema: filter(idLikeSchema),
    label: '店铺',
    words: (value, _all, { shopName }) => `店铺：${shopName ? shopName(value) : `#${value}`}`,
    example: 1,
  }),
  platform: declare({
    schema: filter(platformCodeSchema),
    label: '平台',
    words: (value) => `平台：${PLATFORM_LABELS[value]}`,
    example: 'pinduoduo',
  }),
  /** `YYYY-MM-DD`, inclusive, Asia/Shanghai days, bounding `created_at`. */
  start_date: declare({
    schema: filter(dateStringSchema),
    label: '开始日期',
    words: (_value, all) => dates(all),
    example: '2020-01-01',
  }),
  end_date: declare({
    schema: filter(dateStringSchema),
    label: '结束日期',
    words: (_value, all) => (all.start_date ? null : dates(all)),
    example: '2099-12-31',
  }),
  /**
   * Only the orders of one buyer of 买家管理: `Buyer.id`, the id of one of their orders; the orders
   * with its buyer name and receiver mobile (two buyers may share a name). Staff never see a whole
   * mobile, so the address names the buyer by this handle, not by the number.
   */
  buyer_id: declare({
    schema: filter(idLikeSchema),
    label: '买家',
    words: () => '指定买家',
    example: 1,
  }),
  /** `1`: only the orders of blacklisted buyers (the 黑名单 badge's filter). */
  blacklisted: declare({
    schema: flagFilter,
    label: '仅黑名单',
    words: () => '仅黑名单买家',
    example: 1,
  }),
  /** `1`: only pre-sale orders (预售订单, the shop sync's `pre_sale`). */
  pre_sale: declare({
    schema: flagFilter,
    label: '仅预售订单',
    words: () => '预售订单',
    example: 1,
  }),
  // Cost and profit (profit.ts): 利润 at least / at most (fen, may be negative; orders without a cost
  // have no profit and match neither), and `1`: only orders whose cost is not entered (未录入成本).
  profit_min: declare({
    schema: filter(signedFenLikeSchema),
    label: '利润不低于',
    words: (_value, all) => profitRange(all),
    money: true,
    example: 0,
  }),
  profit_max: declare({
    schema: filter(signedFenLikeSchema),
    label: '利润不高于',
    words: (_value, all) => (all.profit_min === undefined ? profitRange(all) : null),
    money: true,
    example: -1,
  }),
  cost_missing: declare({
    schema: flagFilter,
    label: '仅未录入成本',
    words: () => '未录入成本',
    money: true,
    example: 1,
  }),
  /** One exception view (异常订单, order-exception-rules.ts): only the orders in it. */
  exception: declare({
    schema: filter(z.enum(ORDER_EXCEPTIONS), ORDER_EXCEPTION_INVALID),
    label: '异常订单',
    words: (value) => `异常订单：${ORDER_EXCEPTION_LABELS[value]}`,
    example: 'writeback_failed',
  }),
} as const;

export type OrderFilterKey = keyof typeof ORDER_FILTERS;
/** Every filter key, in the order of the declaration (the order a description reads in). */
export const ORDER_FILTER_KEYS = Object.keys(ORDER_FILTERS) as OrderFilterKey[];

/** The filters as the server reads them (parsed): each absent when not filtering. */
export type OrderFilterValues = {
  [K in OrderFilterKey]: z.output<(typeof ORDER_FILTERS)[K]['schema']>;
};

/** The zod shape of the filters, for the bodies that carry them. */
export const orderFiltersShape = Object.fromEntries(
  ORDER_FILTER_KEYS.map((key) => [key, ORDER_FILTERS[key].schema]),
) as { [K in OrderFilterKey]: (typeof ORDER_FILTERS)[K]['schema'] };

/** Whether a filter value filters: absent, null and '' do not. */
export const isFilterSet = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * The order filters `filters` holds, as words in the order of the declaration (`['预售订单',
 * '利润：亏损']`); empty for no filter (全部订单: {@link ALL_ORDERS}). `filters` is what a body or a
 * stored export job holds: each value is read with its filter's schema, and what is not an order
 * filter (or not valid) is left out.
 */
export function describeOrderFilters(
  filters: Readonly<Record<string, unknown>>,
  context: FilterWordsContext = {},
) {
  const all: Partial<Record<OrderFilterKey, unknown>> = {};
  for (const key of ORDER_FILTER_KEYS) {
    const parsed = ORDER_FILTERS[key].schema.safeParse(filters[key]);
    if (parsed.success && isFilterSet(parsed.data)) all[key] = parsed.data;
  }
  const bounds = all as RangeBounds;
  const words: string[] = [];
  for (const key of ORDER_FILTER_KEYS) {
    if (all[key] === undefined) continue;
    // Each declaration's own value type; the loop sees their union.
    const describe = ORDER_FILTERS[key].words as (
      value: unknown,
      all: RangeBounds,
      context: FilterWordsContext,
    ) => string | null;
    const text = describe(all[key], bounds, context);
    if (text) words.push(text);
  }
  return words;
}

/** An order export (or a list) without any filter. */
export const ALL_ORDERS = '全部订单';

/** {@link describeOrderFilters} as one line: `预售订单；利润：亏损`, or 全部订单. */
export function orderFiltersSummary(
  filters: Readonly<Record<string, unknown>>,
  context: FilterWordsContext = {},
) {
  const words = describeOrderFilters(filters, context);
  return words.length > 0 ? words.join('；') : ALL_ORDERS;
}
