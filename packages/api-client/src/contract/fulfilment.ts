import * as z from 'zod';
import { ADDRESS_KINDS, ADDRESSES_MAX } from './addresses.js';
import { AFTER_SALE_STATUSES } from './after-sale-rules.js';
import { CARRIER_CODES, normalizeTrackingNo, trackingNoProblem } from './carriers.js';
import {
  fenSchema,
  idLikeSchema,
  idSchema,
  text,
  unixTimeSchema,
  versionRequiredForUpdate,
  versionSchema,
} from './common.js';
import { isValidMobile, normalizeMobile } from './mobile.js';
import { afterSaleOrderSchema, orderListParamsSchema, orderSchema, orderStatusSchema } from './order.js';
import { IMPORT_MAX_CELL, IMPORT_MAX_ROWS, ORDER_BATCH_MAX } from './order-rules.js';
import {
  purchaseDetailShape,
  purchaseFieldsSchema,
  rowPurchaseFieldsSchema,
  sharedPurchaseFieldsSchema,
} from './purchase-fields.js';

/**
 * Order fulfilment: the steps of an order (采购, 发货, 完成, 取消), its timeline, the batch
 * calls, the after-sale answers and the account's addresses (发货地址). The states each step may start
 * from are `ORDER_STEPS` in order-rules.ts; a step not allowed from the current state answers 409 naming it.
 */

export const carrierCodeSchema = z.enum(CARRIER_CODES);

/** A tracking number: trimmed and upper-cased. Checked against the carrier's format by the bodies. */
export const trackingNoSchema = z.string().trim().max(40).transform(normalizeTrackingNo);

/** Adds the carrier-format issue at `path` (the ship bodies). */
function checkTracking(carrier: string, trackingNo: string, ctx: z.RefinementCtx, path: PropertyKey[]) {
  const problem = trackingNoProblem(carrier, trackingNo);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path });
}

/** 采购: its fields (purchase-fields.ts). `confirm_blacklist`: the caller confirmed 采购 for a blacklisted buyer's order (else 409). */
export const orderPurchaseBodySchema = purchaseFieldsSchema.extend({
  id: idLikeSchema,
  confirm_blacklist: z.boolean().optional(),
});
export type OrderPurchaseBody = z.input<typeof orderPurchaseBodySchema>;

/** 发货: the carrier, its tracking number (format checked) and a sender address of the account. */
export const orderShipBodySchema = z
  .object({
    id: idLikeSchema,
    carrier: carrierCodeSchema,
    tracking_no: trackingNoSchema,
    sender_address_id: idLikeSchema,
  })
  .superRefine((b, ctx) => checkTracking(b.carrier, b.tracking_no, ctx, ['tracking_no']));
export type OrderShipBody = z.input<typeof orderShipBodySchema>;

export const orderCompleteBodySchema = z.object({ id: idLikeSchema });
export type OrderCompleteBody = z.input<typeof orderCompleteBodySchema>;

/** 取消: the reason is required. */
export const cancelFieldsSchema = z.object({ reason: text(200, 1) });
export const orderCancelBodySchema = cancelFieldsSchema.extend({ id: idLikeSchema });
export type OrderCancelBody = z.input<typeof orderCancelBodySchema>;

/** A receiver's or a sender's mobile: whitespace removed, then the shared mobile rule. */
export const contactMobileSchema = z
  .string()
  .max(32)
  .transform(normalizeMobile)
  .refine(isValidMobile, '请输入正确的手机号');

/**
 * Body of `/api/order/address`: the receiver's corrected name, address and (optional: absent keeps
 * the current one, which staff only see masked) mobile, at the `version` of the order detail it was
 * read from (another correction since: 409 `STALE_RECORD_MESSAGE`). Allowed while the order has not
 * shipped (`ADDRESS_EDITABLE_STATUSES`), else 409 naming the state.
 */
export const orderAddressBodySchema = z.object({
  id: idLikeSchema,
  name: text(32, 1),
  mobile: contactMobileSchema.optional(),
  address: text(200, 1),
  version: versionSchema,
});
export type OrderAddressBody = z.input<typeof orderAddressBodySchema>;

/** An address snapshot as it was when the order shipped. */
export const addressSnapshotSchema = z.object({
  name: text(32),
  mobile: z.string().max(32),
  region: text(64),
  address: text(200),
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

/** One entry of an order's timeline: who did what, when, with which details. */
export const orderEventSchema = z.object({
  id: idSchema,
  /**
   * A step, or `address`: the receiver's address corrected before shipping, or `purchase_cancelled`:
   * the supplier cancelled the 1688 purchase (back to 待采购).
   */
  action: z.enum(['purchase', 'ship', 'complete', 'cancel', 'address', 'purchase_cancelled']),
  /** Who: the member's nickname, else their mobile. */
  actor: text(64),
  created_at: unixTimeSchema,
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** An order with its purchase and shipping details and its timeline (`/api/order/detail`). */
export const orderDetailSchema = orderSchema.extend({
  // The purchase fields (purchase-fields.ts; null: not entered; 采购成本 absent without finance:view).
  ...purchaseDetailShape,
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  sender: addressSnapshotSchema.nullable(),
  cancel_reason: z.string().nullable(),
  events: z.array(orderEventSchema).max(100),
  // A platform order (the shop sync; null for others): the buyer's message (买家留言), the platform's
  // refund state, when it was paid, its freight and discount (fen).
  buyer_message: z.string().max(1000).nullable().optional(),
  refund_status: z.enum(['none', 'in_progress', 'refunded', 'closed']).nullable().optional(),
  paid_at: unixTimeSchema.nullable().optional(),
  freight: fenSchema.nullable().optional(),
  discount: fenSchema.nullable().optional(),
  /** The receiver's version: one more on every 修改收货地址 (the order's one editable part). */
  version: versionSchema,
  /** The platform gave the receiver masked, with ciphertext: 查看完整收货信息 decrypts it. */
  receiver_encrypted: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** 重新回传 (`/api/order/writeback-retry`): the order whose writeback is sent again. */
export const orderWritebackRetryBodySchema = z.object({ id: idLikeSchema });
export type OrderWritebackRetryBody = z.input<typeof orderWritebackRetryBodySchema>;

/** 查看完整收货信息 (`/api/order/receiver-decrypt`): the order whose receiver is decrypted. */
export const orderReceiverDecryptBodySchema = z.object({ id: idLikeSchema });
export type OrderReceiverDecryptBody = z.input<typeof orderReceiverDecryptBodySchema>;
/** The receiver in clear, as the platform decrypted it (shown once, never stored or logged). */
export const decryptedReceiverSchema = z.object({
  name: z.string().max(200),
  mobile: z.string().max(64),
  address: z.string().max(500),
});
export type DecryptedReceiver = z.infer<typeof decryptedReceiverSchema>;

/** What a single step answers: the order as it is now. */
export const orderStepResultSchema = z.object({ id: idSchema, status: orderStatusSchema });
export type OrderStepResult = z.infer<typeof orderStepResultSchema>;

// ---- batch -------------------------------------------------------------------------------------

/** The list filter of `/api/order/index` without the page. */
export const orderFilterSchema = orderListParamsSchema.omit({ pageIndex: true, pageSize: true });
export type OrderFilter = z.input<typeof orderFilterSchema>;

/**
 * A batch body: which orders (`ids`, the selected rows, or `filter`, every order matching the list
 * filter; at most `ORDER_BATCH_MAX`, a filter matching more is refused with the count) plus `fields`.
 * A batch by filter carries `expected_count`, the number of matching orders the user saw (the list's
 * total): when the filter matches another number now, nothing is done (409
 * `batchCountChangedMessage`), so `filter: {}` cannot act on orders nobody looked at.
 */
function batchBody<T extends z.ZodRawShape>(fields: T) {
  return z
    .object({
      ids: z.array(idSchema).min(1).max(ORDER_BATCH_MAX).optional(),
      filter: orderFilterSchema.optional(),
      expected_count: z.int().min(0).max(2_147_483_647).optional(),
      ...fields,
    })
    .refine((b: { ids?: unknown; filter?: unknown }) => (b.ids === undefined) !== (b.filter === undefined), {
      message: '请选择订单（ids）或筛选条件（filter）其中之一',
      path: ['ids'],
    })
    .refine(
      (b: { filter?: unknown; expected_count?: unknown }) =>
        (b.filter === undefined) === (b.expected_count === undefined),
      {
        message: '按筛选条件批量处理时须带上看到的订单数量（expected_count），按 ids 时不带',
        path: ['expected_count'],
      },
    );
}

/**
 * 批量采购: the purchase fields given once for all (`batch: 'shared'` in purchase-fields.ts: the
 * supplier), and each order's own (`batch: 'row'`: its supplier order number and cost), so by ids only
 * (like 批量发货). Each row is checked like 采购's fields; an id at most once.
 */
export const orderBatchPurchaseBodySchema = sharedPurchaseFieldsSchema.extend({
  items: z
    .array(rowPurchaseFieldsSchema.extend({ id: idSchema }))
    .min(1)
    .max(ORDER_BATCH_MAX)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      message: '同一订单只能出现一次',
    }),
});
export type OrderBatchPurchaseBody = z.input<typeof orderBatchPurchaseBodySchema>;

/** 批量取消: one reason for all. */
export const orderBatchCancelBodySchema = batchBody({ reason: text(200, 1) });
export type OrderBatchCancelBody = z.input<typeof orderBatchCancelBodySchema>;

/**
 * 批量发货: one carrier and sender for all, a tracking number per order (so by ids only). A number
 * that does not fit the carrier is that row's refusal, not the whole call's.
 */
export const orderBatchShipBodySchema = z.object({
  carrier: carrierCodeSchema,
  sender_address_id: idLikeSchema,
  items: z
    .array(z.object({ id: idSchema, tracking_no: z.string().trim().max(40) }))
    .min(1)
    .max(ORDER_BATCH_MAX),
});
export type OrderBatchShipBody = z.input<typeof orderBatchShipBodySchema>;

/** One order's result in a batch: done, or refused with the reason. */
export const batchItemResultSchema = z.object({
  id: idSchema,
  order_no: z.string().max(64),
  ok: z.boolean(),
  message: z.string().max(200),
});
export type BatchItemResult = z.infer<typeof batchItemResultSchema>;

export const batchResultSchema = z.object({
  results: z.array(batchItemResultSchema).max(ORDER_BATCH_MAX),
  succeeded: z.int().min(0).max(ORDER_BATCH_MAX),
  failed: z.int().min(0).max(ORDER_BATCH_MAX),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

// ---- after-sale --------------------------------------------------------------------------------

export const afterSaleRefundBodySchema = z.object({ id: idLikeSchema });
export type AfterSaleRefundBody = z.input<typeof afterSaleRefundBodySchema>;
export const afterSaleRejectBodySchema = z.object({ id: idLikeSchema, reason: text(200, 1) });
export type AfterSaleRejectBody = z.input<typeof afterSaleRejectBodySchema>;
export const afterSaleReceiveBodySchema = z.object({
  id: idLikeSchema,
  return_tracking_no: trackingNoSchema.pipe(
    z.string().regex(/^[A-Z0-9-]{6,40}$/, '运单号应为 6-40 位字母或数字'),
  ),
});
export type AfterSaleReceiveBody = z.input<typeof afterSaleReceiveBodySchema>;

export const afterSaleStepResultSchema = z.object({ id: idSchema, status: z.enum(AFTER_SALE_STATUSES) });
export type AfterSaleStepResult = z.infer<typeof afterSaleStepResultSchema>;

/** One entry of an after-sale's 处理记录: an answer, who gave it and when, with its reason or number. */
export const afterSaleEventSchema = z.object({
  id: idSchema,
  action: z.enum(['refund', 'reject', 'receive']),
  /** Who: the member's nickname, else their mobile; `系统` for answers recorded before the 处理记录. */
  actor: text(64),
  created_at: unixTimeSchema,
  /** `reason` (拒绝), `return_tracking_no` (确认收到退货). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type AfterSaleEvent = z.infer<typeof afterSaleEventSchema>;

/** An after-sale request with its answers and its 处理记录 (`/api/order/after-sale-detail`). */
export const afterSaleDetailSchema = afterSaleOrderSchema.extend({
  /** The order it belongs to (the detail links to it). */
  order_id: idSchema,
  reject_reason: z.string().nullable(),
  return_tracking_no: z.string().nullable(),
  /** When it was last answered (unix s), or null. */
  handled_at: unixTimeSchema.nullable(),
  events: z.array(afterSaleEventSchema).max(100),
});
export type AfterSaleDetail = z.infer<typeof afterSaleDetailSchema>;

// ---- addresses (发货地址) -----------------------------------------------------------------------

export const addressKindSchema = z.enum(ADDRESS_KINDS);

/** A sender or return address of the account. Exactly one of each kind is the default (when any exist). */
export const addressSchema = z.object({
  id: idSchema,
  kind: addressKindSchema,
  name: text(32, 1),
  mobile: z.string().max(32),
  region: text(64, 1),
  address: text(200, 1),
  is_default: z.boolean(),
  version: versionSchema,
});
export type Address = z.infer<typeof addressSchema>;

/**
 * Body of `/api/address/save`: a create (no `id`) or an update at `version`. `is_default` makes it the
 * default of its kind (the previous default stops being one); the first address of a kind is always
 * the default.
 */
export const addressSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    version: versionSchema.optional(),
    kind: addressKindSchema,
    name: text(32, 1),
    mobile: contactMobileSchema,
    region: text(64, 1),
    address: text(200, 1),
    is_default: z.boolean().optional(),
  })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params);
export type AddressSaveBody = z.input<typeof addressSaveBodySchema>;

export const addressListParamsSchema = z.object({ kind: addressKindSchema.optional() });
export type AddressListParams = z.input<typeof addressListParamsSchema>;
export const addressListSchema = z.array(addressSchema).max(ADDRESSES_MAX * 2);

// ---- tracking-number import (导入快递单号) -------------------------------------------------------

/**
 * Body of `/api/order/import-preview` and `/api/order/import-apply`: a multipart form with the CSV
 * (UTF-8) or XLSX `file` (columns `IMPORT_COLUMNS`). Files are not signed (SPEC, API).
 */
export const orderImportBodySchema = z.object({
  file: z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, '请选择要导入的文件'),
});
export type OrderImportBody = z.input<typeof orderImportBodySchema>;

/** One data row of the file as read (`line` is its row number in the file), with what is wrong with it. */
export const importRowSchema = z.object({
  line: z.int().min(2),
  order_no: z.string().max(IMPORT_MAX_CELL),
  carrier: z.string().max(IMPORT_MAX_CELL),
  tracking_no: z.string().max(IMPORT_MAX_CELL),
  errors: z.array(z.string().max(200)).max(10),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** The preview: every row with its errors; nothing is written. */
export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema).max(IMPORT_MAX_ROWS),
  valid: z.int().min(0).max(IMPORT_MAX_ROWS),
  invalid: z.int().min(0).max(IMPORT_MAX_ROWS),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The import applied: each row shipped, or refused with the reason (its errors, or the 发货 refusal). */
export const importResultSchema = z.object({
  results: z
    .array(
      z.object({
        line: z.int().min(2),
        order_no: z.string().max(IMPORT_MAX_CELL),
        ok: z.boolean(),
        message: z.string().max(500),
      }),
    )
    .max(IMPORT_MAX_ROWS),
  succeeded: z.int().min(0).max(IMPORT_MAX_ROWS),
  failed: z.int().min(0).max(IMPORT_MAX_ROWS),
});
export type ImportResult = z.infer<typeof importResultSchema>;
