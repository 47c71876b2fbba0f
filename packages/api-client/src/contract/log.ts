import * as z from 'zod';
import { dateStringSchema, filter, idSchema, keywordFilter, text, unixTimeSchema } from './common.js';
import { listParamsSchema } from './list.js';

/**
 * The operation log (操作日志, docs/design.md#seller-accounts-permissions-and-the-operation-log): one entry per successful write, and one
 * per background operation that ends failed (`failure`). Which calls write is written once, in the contract: the `audit` label of their entry in `apiRoutes`.
 */

/** A field that changed: its value before and after (`'******'` for secrets such as app secrets). */
export const logChangeSchema = z.object({
  field: text(64),
  before: z.unknown(),
  after: z.unknown(),
});
export type LogChange = z.infer<typeof logChangeSchema>;

/**
 * One entry of `/api/log/index`.
 * - `user_id`, `actor_mobile`, `actor_name`: who, as they were at the time (`actor_name` may be `''`).
 * - `account_id`: the seller account whose data changed; `null` for a platform change (company
 *   profile, banners, platforms, platform authorisations), which only operators see.
 * - `action`: a stable code, the path without `/api/` (`goods/save` -> `goods.save`); `action_label` its
 *   Chinese name at the time.
 * - `target_type`, `target_id`, `target_name`: what was changed (`target_id` null when the call changed
 *   a record without an id, e.g. the company profile).
 * - `changes`: only the fields that changed (all fields of a created record, none for a delete).
 * - `failure`: the operation did not succeed, and why (a 一键采购 that 1688 or the checks refused, logged
 *   by the purchase job when the attempt ends failed); `null` when it succeeded.
 */
export const logEntrySchema = z.object({
  id: idSchema,
  created_at: unixTimeSchema,
  user_id: idSchema.nullable(),
  actor_mobile: z.string().max(32),
  actor_name: text(32),
  account_id: idSchema.nullable(),
  ip: z.string().max(64),
  action: z.string().max(64),
  action_label: z.string().max(32),
  target_type: z.string().max(32),
  target_id: idSchema.nullable(),
  target_name: z.string().max(200),
  changes: z.array(logChangeSchema).max(100),
  failure: z.string().max(500).nullable(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/**
 * Body of `/api/log/index`: `actor` matches the mobile or the name of who did it, `action` is an
 * action code, `start_date`/`end_date` (`YYYY-MM-DD`, inclusive, Asia/Shanghai days) bound the time.
 * Answers `Page<LogEntry>`, newest first: the caller's account's entries, and for operators also the
 * platform changes.
 */
export const logListParamsSchema = listParamsSchema.extend({
  actor: keywordFilter,
  action: filter(z.string().regex(/^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*$/)),
  start_date: filter(dateStringSchema),
  end_date: filter(dateStringSchema),
});
export type LogListParams = z.input<typeof logListParamsSchema>;
