import * as z from 'zod';
import { fenSchema, idLikeSchema, idSchema, text, unixTimeSchema } from './common.js';
import { offerIdOfLink } from './offers.js';
import { ORDER_BATCH_MAX } from './order-rules.js';
import { PURCHASE_STATUSES } from './purchase-rules.js';

/**
 * 一键采购 (buying an order's goods on 1688) and 关联货源 (which goods SKU, and so which 1688 offer, an
 * order line is bought as). Amounts in fen.
 */

export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** The 货源 of a goods SKU: the 1688 offer, its spec (null: an offer without specs), units per unit sold, the linked price. */
const purchaseSourceFields = {
  offer_id: z.string().max(20),
  spec_id: z.string().max(64).nullable(),
  quantity: z.int().min(1).max(1000),
  cost: fenSchema.nullable(),
};
/** `backup`: the 备用货源, bought when this one's spec is out of stock or over the price limit. */
export const purchaseSourceSchema = z.object({
  ...purchaseSourceFields,
  backup: z.object(purchaseSourceFields).nullable().optional(),
});

/** One line of an order and the goods SKU it is bought as (`sku_id` null: 未关联货源). */
export const purchaseItemSchema = z.object({
  index: z.int().min(0).max(49),
  title: z.string().max(120),
  sku: z.string().max(120),
  quantity: z.int().min(1).max(9999),
  sku_id: idSchema.nullable(),
  goods_title: z.string().max(200).nullable(),
  spec: z.string().max(200).nullable(),
  /** null: the SKU has no 货源 on 1688 (or the line has no SKU). */
  source: purchaseSourceSchema.nullable(),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

/** The order's 一键采购 (null: never asked): its state, why it was not bought, the supplier's order. */
export const orderPurchaseStateSchema = z.object({
  status: z.enum(PURCHASE_STATUSES),
  message: z.string().max(500),
  supplier_order_no: z.string().max(64).nullable(),
  updated_at: unixTimeSchema,
  /** The 1688 order's payment once placed (null: not placed): 待付款 with `pay_message` saying why. */
  pay_status: z.enum(['unpaid', 'paid']).nullable(),
  pay_message: z.string().max(500),
  /** 需拦截: an after-sale opened after the 1688 order was placed and before the supplier shipped. */
  intercept: z.boolean().optional(),
  /** 备用货源: which lines were bought from their 备用货源 and why (absent: the first 货源 was bought). */
  source_note: z.string().max(500).optional(),
});
export type OrderPurchaseState = z.infer<typeof orderPurchaseStateSchema>;

/** `/api/purchase/items`: an order's lines with their 货源, and its 一键采购. */
export const purchaseItemsBodySchema = z.object({ id: idLikeSchema });
export const purchaseItemsSchema = z.object({
  items: z.array(purchaseItemSchema).max(50),
  purchase: orderPurchaseStateSchema.nullable(),
});
export type PurchaseItems = z.infer<typeof purchaseItemsSchema>;

/**
 * `/api/purchase/preview`: what 1688 would charge now (`alibaba.createOrder.preview`): goods, freight
 * and total; `expected_goods` is the goods at the 货源's linked prices (null when one has none) and
 * `within_limit` whether the goods stay within 代发设置's 允许采购价上浮.
 */
export const purchasePreviewBodySchema = z.object({ id: idLikeSchema });
export const purchasePreviewSchema = z.object({
  items: z.array(purchaseItemSchema).max(50),
  goods: fenSchema,
  freight: fenSchema,
  total: fenSchema,
  expected_goods: fenSchema.nullable(),
  rise_percent: z.int().min(0).max(100),
  within_limit: z.boolean(),
  /**
   * The estimate after purchase (db/profit.ts): 代发服务费 charged at 采购, the balance after it, and the
   * order's 利润 = paid - (goods + freight) - platform fee - 代发服务费.
   */
  service_fee: fenSchema.optional(),
  balance_after: z.int().optional(),
  profit: z.int().optional(),
  /** No 发货地址 yet: the order would be bought but could not ship when the supplier does. */
  sender_address_missing: z.boolean().optional(),
  /** 备用货源: the lines whose first 货源 cannot be bought now, bought from their 备用货源, and why. */
  source_note: z.string().max(500).optional(),
});
export type PurchasePreview = z.infer<typeof purchasePreviewSchema>;

/**
 * `/api/purchase/start`: 一键采购 of the selected 待采购 orders (one or a batch): each is queued for the
 * `purchase` job, or refused with its reason (not 待采购, a line without 货源, already being bought,
 * a blacklisted buyer without `confirm_blacklist`).
 */
export const purchaseStartBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(ORDER_BATCH_MAX),
  confirm_blacklist: z.boolean().optional(),
});
export type PurchaseStartBody = z.input<typeof purchaseStartBodySchema>;

/**
 * `/api/purchase/link` (关联货源): order line `index` of order `id` is bought as the account's goods SKU
 * `sku_id`, or as a new SKU bought from the 1688 offer at `offer_url` (its `spec_id`, `quantity` units
 * per unit sold); remembered for the next orders of that line.
 */
export const purchaseLinkBodySchema = z
  .object({
    id: idLikeSchema,
    index: z.int().min(0).max(49),
    sku_id: idSchema.optional(),
    offer_url: z
      .string()
      .trim()
      .max(300)
      .refine(
        (link) => offerIdOfLink(link) !== null,
        '请粘贴1688商品链接，如 https://detail.1688.com/offer/610000000001.html',
      )
      .optional(),
    spec_id: text(64).optional(),
    quantity: z.int().min(1).max(1000).optional(),
  })
  .refine((b) => (b.sku_id === undefined) !== (b.offer_url === undefined), {
    message: '请选择商品规格或粘贴1688商品链接其中之一',
    path: ['sku_id'],
  });
export type PurchaseLinkBody = z.input<typeof purchaseLinkBodySchema>;
export const purchaseLinkResultSchema = z.object({ sku_id: idSchema });

/** `/api/purchase/skus`: the account's goods SKUs to choose from in 关联货源 (a keyword on the title). */
export const purchaseSkusBodySchema = z.object({ keyword: text(64).optional() });
export const purchaseSkuOptionSchema = z.object({
  sku_id: idSchema,
  goods_title: z.string().max(200),
  spec: z.string().max(200),
  source: purchaseSourceSchema.nullable(),
});
export const purchaseSkusSchema = z.object({ skus: z.array(purchaseSkuOptionSchema).max(50) });
export type PurchaseSkuOption = z.infer<typeof purchaseSkuOptionSchema>;

/**
 * `/api/purchase/pay-url` (批量付款): 1688's cashier for the selected orders' 1688 orders still 待付款
 * (`alibaba.alipay.url.get`), to open in a new tab; `skipped` names the selected orders that have none
 * (not bought on 1688, already paid) or that 1688 could not add.
 */
export const purchasePayUrlBodySchema = z.object({ ids: z.array(idSchema).min(1).max(100) });
export type PurchasePayUrlBody = z.input<typeof purchasePayUrlBodySchema>;
export const purchasePayUrlSchema = z.object({
  url: z.string().max(2000),
  orders: z.int().min(1).max(100),
  skipped: z.array(z.string().max(64)).max(100),
});
export type PurchasePayUrl = z.infer<typeof purchasePayUrlSchema>;
