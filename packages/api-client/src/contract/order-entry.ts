import * as z from 'zod';
import { fenSchema, idLikeSchema, text } from './common.js';
import { contactMobileSchema, orderImportBodySchema, orderStepResultSchema } from './fulfilment.js';
import { IMPORT_MAX_ROWS } from './order-rules.js';

/** A cell of an order file may be longer than a tracking file's (addresses, titles). */
export const ORDER_FILE_MAX_CELL = 200;

/**
 * Orders of shops without API access: 手工建单 (one order typed in) and 导入订单 (a platform's own
 * order-export file). Both are checked by {@link orderEntrySchema}, so a typed order and an imported
 * row pass the same rules.
 */

/** One line of a typed or imported order: title, spec, quantity, unit price (fen). */
export const orderEntryItemSchema = z.object({
  title: text(120, 1),
  sku: text(120).optional(),
  quantity: z.int().min(1).max(9999),
  price: fenSchema,
});
export type OrderEntryItem = z.input<typeof orderEntryItemSchema>;

/**
 * An order as typed in or read from a file. `platform_order_no` (the platform's number, optional for
 * a typed order) is unique per shop: the import upserts by it. `amount` is what the buyer paid (fen);
 * the buyer is the receiver.
 */
export const orderEntrySchema = z.object({
  shop_id: idLikeSchema,
  platform_order_no: text(64).optional(),
  items: z.array(orderEntryItemSchema).min(1, '至少填写一件商品').max(50),
  amount: fenSchema,
  buyer_message: text(500).optional(),
  receiver: z.object({
    name: text(32, 1),
    mobile: contactMobileSchema,
    address: text(200, 1),
  }),
});
export type OrderEntry = z.input<typeof orderEntrySchema>;

/** Body of `/api/order/create` (手工建单). */
export const orderCreateBodySchema = orderEntrySchema;
export type OrderCreateBody = z.input<typeof orderCreateBodySchema>;

/** What `/api/order/create` answers: the new order (status 待采购). */
export const orderCreateResultSchema = orderStepResultSchema.extend({ order_no: z.string().max(64) });
export type OrderCreateResult = z.infer<typeof orderCreateResultSchema>;

/** Body of `/api/order/import-orders-preview|apply`: the file and the shop its orders belong to. */
export const orderFileBodySchema = orderImportBodySchema.extend({ shop_id: idLikeSchema });
export type OrderFileBody = z.input<typeof orderFileBodySchema>;

const rowCount = z.int().min(0).max(IMPORT_MAX_ROWS);

/** One data row of an order file as read, with what is wrong with it (nothing: it can be imported). */
export const orderFileRowSchema = z.object({
  line: z.int().min(2),
  platform_order_no: z.string().max(ORDER_FILE_MAX_CELL),
  title: z.string().max(ORDER_FILE_MAX_CELL),
  receiver_name: z.string().max(ORDER_FILE_MAX_CELL),
  amount: fenSchema.nullable(),
  /** The shop already has this platform order: applying updates it instead of adding one. */
  exists: z.boolean(),
  errors: z.array(z.string().max(200)).max(20),
});
export type OrderFileRow = z.infer<typeof orderFileRowSchema>;

export const orderFilePreviewSchema = z.object({
  rows: z.array(orderFileRowSchema).max(IMPORT_MAX_ROWS),
  valid: rowCount,
  invalid: rowCount,
});
export type OrderFilePreview = z.infer<typeof orderFilePreviewSchema>;

export const orderFileResultSchema = z.object({
  results: z
    .array(
      z.object({
        line: z.int().min(2),
        platform_order_no: z.string().max(ORDER_FILE_MAX_CELL),
        /** Consign's number of the order added or updated ('' when the row failed). */
        order_no: z.string().max(64),
        /** `created`, `updated`, or `failed` (with the message). */
        outcome: z.enum(['created', 'updated', 'failed']),
        message: z.string().max(1000),
      }),
    )
    .max(IMPORT_MAX_ROWS),
  created: rowCount,
  updated: rowCount,
  failed: rowCount,
});
export type OrderFileResult = z.infer<typeof orderFileResultSchema>;
