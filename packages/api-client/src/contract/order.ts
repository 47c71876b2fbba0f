import * as z from 'zod';
import { AFTER_SALE_STATUSES, AFTER_SALE_TYPES } from './after-sale-rules.js';
import {
  dateStringSchema,
  fenSchema,
  filter,
  idLikeSchema,
  idSchema,
  keywordFilter,
  optionalUrlSchema,
  platformCodeSchema,
  text,
  unixTimeSchema,
} from './common.js';
import { listParamsSchema } from './list.js';
import { ORDER_EXCEPTIONS } from './order-exception-rules.js';
import { orderFiltersShape } from './order-filters.js';
import { ORDER_STATUSES } from './order-rules.js';
import { WRITEBACK_STATUSES } from './writeback-rules.js';

/**
 * One line of an order: the product as the buyer saw it. `sku` is the chosen variant text (a platform
 * order's spec, e.g. `红色,XL`). A line of a platform order (the shop sync) also has its unit `price`
 * (fen), the platform's `goods_id` and `sku_id`, and the seller's codes (商家编码) `outer_sku_id` and
 * `outer_goods_id`, '' when the platform has none.
 */
export const orderGoodsSchema = z.object({
  title: text(120),
  image: optionalUrlSchema,
  quantity: z.int().min(1).max(9999),
  sku: text(120).optional(),
  /** The unit price in fen, when known (typed in or imported orders). */
  price: fenSchema.optional(),
  goods_id: z.string().max(64).optional(),
  sku_id: z.string().max(64).optional(),
  outer_sku_id: z.string().max(64).optional(),
  outer_goods_id: z.string().max(64).optional(),
});
export type OrderGoods = z.infer<typeof orderGoodsSchema>;

/** Where an order ships. `mobile` is masked by the server (`138****0000`): staff never see it whole. */
export const receiverSchema = z.object({
  name: text(32),
  mobile: z.string().max(32),
  address: text(200),
});
export type Receiver = z.infer<typeof receiverSchema>;

/** Order states; see `ORDER_STATUSES`. */
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * The writeback of the order's shipment to its platform (发货回传, `WRITEBACK_STATUS_LABELS`): only a
 * shipped order of an authorised 拼多多 / 抖店 shop has one. `message` is why the last attempt did not
 * land (回传失败: the platform's refusal; 回传中: the failure it is retried after), '' otherwise.
 */
export const orderWritebackSchema = z.object({
  status: z.enum(WRITEBACK_STATUSES),
  message: z.string().max(500),
  updated_at: unixTimeSchema,
});
export type OrderWriteback = z.infer<typeof orderWritebackSchema>;

/** An exception kind of 代发订单 (order-exception-rules.ts). */
export const orderExceptionSchema = z.enum(ORDER_EXCEPTIONS);
/** One exception of an order and why, in the server's words (e.g. `1688供应商库存不足`). */
export const orderExceptionReasonSchema = z.object({
  kind: orderExceptionSchema,
  reason: z.string().max(500),
});
export type OrderExceptionReason = z.infer<typeof orderExceptionReasonSchema>;

/** A dropshipping order (`/api/order/index`). `amount` is what the buyer paid, in fen. */
export const orderSchema = z.object({
  id: idSchema,
  order_no: z.string().max(64),
  shop_id: idSchema,
  shop_name: text(64),
  platform: platformCodeSchema,
  goods: z.array(orderGoodsSchema).max(50),
  amount: fenSchema,
  status: orderStatusSchema,
  buyer_name: text(64),
  receiver: receiverSchema,
  created_at: unixTimeSchema,
  /** The buyer (receiver mobile) is on the account's 黑名单: 采购 asks for a confirmation. */
  blacklisted: z.boolean(),
  /** 发货回传 of a platform order (null: nothing to write back). */
  writeback: orderWritebackSchema.nullable(),
  // Platform orders (the shop sync): the platform's order number (null for others), a pre-sale
  // order (预售订单) and the time by which it must ship (unix s, null when the platform gives none).
  platform_order_no: z.string().max(64).nullable().optional(),
  pre_sale: z.boolean().optional(),
  ship_by: unixTimeSchema.nullable().optional(),
  // Cost and profit (profit.ts): 成本 (fen, null: not entered) and 利润 (amount - cost - the platform's
  // fee - 代发服务费, null without a cost); the purchase and shipping details the export's 代发单 columns carry.
  // Cost and profit are absent for a caller without finance:view (finance-rules.ts).
  cost: fenSchema.nullable().optional(),
  profit: z.int().nullable().optional(),
  supplier: z.string().max(64).nullable().optional(),
  supplier_order_no: z.string().max(64).nullable().optional(),
  carrier: z.string().max(32).nullable().optional(),
  tracking_no: z.string().max(64).nullable().optional(),
  /** An after-sale in progress (售后中): the order cannot be bought (`AFTER_SALE_PURCHASE_REFUSAL`). */
  after_sale: z.boolean().optional(),
  /** 需拦截: an after-sale opened after its 1688 order was placed, before the supplier shipped. */
  intercept: z.boolean().optional(),
  /** The exceptions the order is in (order-exception-rules.ts), each with the server's reason. */
  exceptions: z.array(orderExceptionReasonSchema).max(5).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * Body of `/api/order/index`: a page plus the order filters (order-filters.ts `ORDER_FILTERS`, where
 * each is declared once). Empty strings mean "no filter". Answers `Page<Order>`, newest first.
 */
export const orderListParamsSchema = listParamsSchema.extend(orderFiltersShape);
export type OrderListParams = z.input<typeof orderListParamsSchema>;

/**
 * Body of `/api/order/status-counts`: the order list's filter without its page and status. Answers
 * {@link OrderStatusCounts}: how many orders each status tab holds under that filter.
 */
export const orderStatusCountsBodySchema = orderListParamsSchema.omit({
  pageIndex: true,
  pageSize: true,
  status: true,
});
export type OrderStatusCountsBody = z.input<typeof orderStatusCountsBodySchema>;

/** The orders of each status under a list filter (`/api/order/status-counts`); 全部 is their sum. */
export const orderStatusCountsSchema = z.object({
  counts: z.record(orderStatusSchema, z.int().min(0)),
});
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

/**
 * Body of `/api/order/exception-counts`: the order list's filter without its page, status and
 * exception. Answers {@link OrderExceptionCounts}: how many orders each exception view holds.
 */
export const orderExceptionCountsBodySchema = orderListParamsSchema.omit({
  pageIndex: true,
  pageSize: true,
  status: true,
  exception: true,
});
export type OrderExceptionCountsBody = z.input<typeof orderExceptionCountsBodySchema>;

export const orderExceptionCountsSchema = z.object({
  counts: z.record(orderExceptionSchema, z.int().min(0)),
});
export type OrderExceptionCounts = z.infer<typeof orderExceptionCountsSchema>;

/** After-sale kinds; see `AFTER_SALE_TYPES`. */
export const afterSaleTypeSchema = z.enum(AFTER_SALE_TYPES);
export type AfterSaleType = z.infer<typeof afterSaleTypeSchema>;

export const afterSaleStatusSchema = z.enum(AFTER_SALE_STATUSES);
export type AfterSaleStatus = z.infer<typeof afterSaleStatusSchema>;

/** An after-sale request (`/api/order/after-sale`). `refund_amount` in fen. */
export const afterSaleOrderSchema = z.object({
  id: idSchema,
  order_no: z.string().max(64),
  /** The order's number on its platform (拼多多 / 抖店), null for a typed-in order. */
  platform_order_no: z.string().max(64).nullable().optional(),
  shop_id: idSchema,
  shop_name: text(64),
  platform: platformCodeSchema,
  goods: z.array(orderGoodsSchema).max(50),
  refund_amount: fenSchema,
  type: afterSaleTypeSchema,
  status: afterSaleStatusSchema,
  reason: text(200),
  created_at: unixTimeSchema,
});
export type AfterSaleOrder = z.infer<typeof afterSaleOrderSchema>;

/** Body of `/api/order/after-sale`. Same rules as the order list. Answers `Page<AfterSaleOrder>`. */
export const afterSaleListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  status: filter(afterSaleStatusSchema),
  type: filter(afterSaleTypeSchema),
  shop_id: filter(idLikeSchema),
  start_date: filter(dateStringSchema),
  end_date: filter(dateStringSchema),
});
export type AfterSaleListParams = z.input<typeof afterSaleListParamsSchema>;

/**
 * Body of `/api/order/after-sale-status-counts`: 售后订单's filter without its page and status. Answers
 * {@link AfterSaleStatusCounts}: how many requests each status tab holds under that filter.
 */
export const afterSaleStatusCountsBodySchema = afterSaleListParamsSchema.omit({
  pageIndex: true,
  pageSize: true,
  status: true,
});
export type AfterSaleStatusCountsBody = z.input<typeof afterSaleStatusCountsBodySchema>;

/** The after-sale requests of each status under a list filter; 全部 is their sum. */
export const afterSaleStatusCountsSchema = z.object({
  counts: z.record(afterSaleStatusSchema, z.int().min(0)),
});
export type AfterSaleStatusCounts = z.infer<typeof afterSaleStatusCountsSchema>;

/**
 * Body of `/api/order/receivers` (地址管理): a page, with a keyword over name and address, or the
 * receiver mobile when it is the whole 11-digit number.
 */
export const receiverListParamsSchema = listParamsSchema.extend({ keyword: keywordFilter });
export type ReceiverListParams = z.input<typeof receiverListParamsSchema>;

/**
 * A receiving address of the account's buyers (地址管理), as its orders name it: one row per receiver,
 * mobile and address, with the number of orders sent there and the latest. The mobile is masked.
 */
export const receiverAddressSchema = z.object({
  /** The newest order sent to this address (a row key for the list). */
  id: idSchema,
  name: text(32),
  mobile: z.string().max(32),
  address: text(200),
  orders: z.int().min(0),
  last_order_at: unixTimeSchema,
});
export type ReceiverAddress = z.infer<typeof receiverAddressSchema>;
