import * as z from 'zod';
import { BUYER_MOBILE_PATTERN, BUYER_SORTS } from './buyer-rules.js';
import {
  filter,
  idLikeSchema,
  idSchema,
  keywordFilter,
  text,
  unixTimeSchema,
  versionSchema,
} from './common.js';
import { listParamsSchema } from './list.js';

/**
 * A buyer (买家管理): not a stored record but the account's orders grouped by buyer name and
 * receiver mobile. `id` is the id of their newest order: the buyer's handle (blacklist-save's `order_id`).
 * `mobile` is masked (`138****0000`); `spend` is the sum of their orders' amounts (fen).
 */
export const buyerSchema = z.object({
  id: idSchema,
  buyer_name: text(64),
  mobile: z.string().max(32),
  order_count: z.int().min(0),
  spend: z.int().min(0),
  last_order_at: unixTimeSchema,
  blacklisted: z.boolean(),
});
export type Buyer = z.infer<typeof buyerSchema>;

export type BuyerSort = (typeof BUYER_SORTS)[number];

/**
 * Body of `/api/buyer/index`: `keyword` matches a part of the buyer name, or the receiver mobile when
 * it is the whole 11-digit number (a part would uncover a masked mobile digit by digit). Answers
 * `Page<Buyer>`; `sort` absent: the latest order first.
 */
export const buyerListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  sort: filter(z.enum(BUYER_SORTS)),
});
export type BuyerListParams = z.input<typeof buyerListParamsSchema>;

/** A blacklisted buyer (黑名单): the receiver mobile (masked), the name it was added with, the reason. */
export const blacklistEntrySchema = z.object({
  id: idSchema,
  buyer_name: text(64),
  mobile: z.string().max(32),
  reason: text(200),
  created_at: unixTimeSchema,
  version: versionSchema,
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

/** Body of `/api/buyer/blacklist-index`: `keyword` as in {@link buyerListParamsSchema}. */
export const blacklistListParamsSchema = listParamsSchema.extend({ keyword: keywordFilter });
export type BlacklistListParams = z.input<typeof blacklistListParamsSchema>;

/** A mainland mobile number, as 黑名单 takes it when typed by hand. */
export const buyerMobileSchema = z
  .string()
  .trim()
  .max(11, '请输入 11 位手机号')
  .regex(BUYER_MOBILE_PATTERN, '请输入 11 位手机号');

/**
 * Body of `/api/buyer/blacklist-save`: blacklist the buyer of an order (`order_id`, from 买家管理),
 * or a mobile typed by hand (`mobile`, with an optional name); with `id` and `version`, change the
 * reason of an entry. Answers the entry.
 */
export const blacklistSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    version: versionSchema.optional(),
    order_id: idLikeSchema.optional(),
    mobile: buyerMobileSchema.optional(),
    buyer_name: text(64).optional(),
    reason: text(200, 1),
  })
  .refine((b) => (b.id ? b.version !== undefined : (b.order_id === undefined) !== (b.mobile === undefined)), {
    message: '请指定买家（订单或手机号），修改时须提供 version',
    path: ['order_id'],
  });
export type BlacklistSaveBody = z.input<typeof blacklistSaveBodySchema>;

/** Body of `/api/buyer/blacklist-del` (解除拉黑): the entry at the version the caller read. */
export const blacklistDelBodySchema = z.object({ id: idLikeSchema, version: versionSchema });
export type BlacklistDelBody = z.input<typeof blacklistDelBodySchema>;
