import * as z from 'zod';
import { text, unixTimeSchema } from './common.js';
import { SUPPLIER_ACCOUNT_STATUSES } from './purchase-rules.js';

// ---- 1688, the supplier: the seller's 1688 buyer account (代发设置 → 1688采购账号) -----------------

/**
 * `/api/supplier/account`: the seller account's 1688 buyer account. `status` is `none` (未连接),
 * `connected` (已连接, usable until `expires_at`, unix seconds: when its authorisation ends unless
 * renewed) or `expired` (已过期: 1688 refused to renew it, or it ran out; 重新授权). `login_id` is the
 * 1688 login name shown to the seller, `member_id` 1688's id of the account.
 */
export const supplierAccountSchema = z.object({
  status: z.enum(SUPPLIER_ACCOUNT_STATUSES),
  member_id: text(64).nullable(),
  login_id: text(64).nullable(),
  expires_at: unixTimeSchema.nullable(),
  connected_at: unixTimeSchema.nullable(),
});
export type SupplierAccount = z.infer<typeof supplierAccountSchema>;

/**
 * `/api/supplier/authorise` (连接 / 重新授权): answers `{ url }`, 1688's authorisation page, which sends
 * the browser back to the admin app's `/supplier/authorised` with `code` and `state`.
 */
export const supplierAuthoriseResultSchema = z.object({ url: z.string().max(4096) });
export type SupplierAuthoriseResult = z.infer<typeof supplierAuthoriseResultSchema>;

/**
 * Body of `/api/supplier/authorise-callback`: what 1688 returned, `code` and `state`, or `state` and
 * `error` (the seller refused). Answers the connected `SupplierAccount`.
 */
export const supplierAuthoriseCallbackBodySchema = z
  .object({
    state: text(128, 1),
    code: text(512).optional(),
    error: text(128).optional(),
  })
  .refine((b) => Boolean(b.code) !== Boolean(b.error), {
    message: 'code or error, one of them',
    path: ['code'],
  });
export type SupplierAuthoriseCallbackBody = z.input<typeof supplierAuthoriseCallbackBodySchema>;
export type SupplierAccountStatus = SupplierAccount['status'];
