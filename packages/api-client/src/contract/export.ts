import * as z from 'zod';
import { filter, idLikeSchema, idSchema, keywordFilter, text, unixTimeSchema } from './common.js';
import { ORDER_EXPORT_COLUMN_KEYS } from './export-columns.js';
import { EXPORT_FORMATS, EXPORT_STATUSES } from './export-rules.js';
import { listParamsSchema } from './list.js';
import { orderListParamsSchema } from './order.js';

/**
 * Export jobs (下载中心): the filtered orders written to a CSV or XLSX file by the server, in the
 * background, kept 7 days (`EXPORT_KEEP_DAYS`). A job belongs to the seller account that asked for it.
 */

export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const exportStatusSchema = z.enum(EXPORT_STATUSES);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** The filters of the 代发订单 list (`/api/order/index` without its page). */
export const orderExportFiltersSchema = orderListParamsSchema.omit({ pageIndex: true, pageSize: true });
export type OrderExportFilters = Partial<z.output<typeof orderExportFiltersSchema>>;

/**
 * One export job (`/api/export/index`).
 * - `filters`: the order list filters it was made with (only those present; `blacklisted` is `true`).
 * - `rows_done` / `rows_total`: progress (`rows_total` is counted when the job starts: 0 before).
 * - `size`: the file's bytes once `succeeded`, else null; `error`: why it `failed`.
 * - `expires_at`: when the file and the job are deleted (7 days after `created_at`).
 * - `columns`: the columns the seller chose (`ORDER_EXPORT_COLUMNS` keys, in the file's order); null:
 *   every column.
 */
export const exportJobSchema = z.object({
  id: idSchema,
  name: text(64),
  format: exportFormatSchema,
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  status: exportStatusSchema,
  rows_done: z.int().min(0),
  rows_total: z.int().min(0),
  size: z.int().min(0).nullable(),
  error: text(200).nullable(),
  created_at: unixTimeSchema,
  expires_at: unixTimeSchema,
  columns: z.array(z.string().max(32)).max(ORDER_EXPORT_COLUMN_KEYS.length).nullable().optional(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/**
 * Body of `/api/export/create`: the order list's filters, a format and (optional) the columns to write,
 * keys of `ORDER_EXPORT_COLUMNS` (omitted: all). The server refuses an unknown key (400, in Chinese)
 * and writes the chosen ones in the file's order. Answers the queued job.
 */
export const exportCreateBodySchema = orderExportFiltersSchema.extend({
  format: exportFormatSchema,
  columns: z.array(z.string().max(32)).max(ORDER_EXPORT_COLUMN_KEYS.length).optional(),
});
export type ExportCreateBody = z.input<typeof exportCreateBodySchema>;

/** Body of `/api/export/index`: the account's export jobs, newest first; `keyword` matches the name. */
export const exportListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  status: filter(exportStatusSchema),
});
export type ExportListParams = z.input<typeof exportListParamsSchema>;

/** Body of `/api/export/download-url`: a succeeded job of the caller's account. */
export const exportDownloadBodySchema = z.object({ id: idLikeSchema });
export type ExportDownloadBody = z.input<typeof exportDownloadBodySchema>;

/**
 * A short-lived link to the file (`GET /download/export/<id>?exp=...&sig=...`, valid 60 s): the
 * browser downloads it without the bearer token, which never goes into an address.
 */
export const exportDownloadUrlSchema = z.object({
  url: z.string().max(512).startsWith('/download/'),
  expires_at: unixTimeSchema,
});
export type ExportDownloadUrl = z.infer<typeof exportDownloadUrlSchema>;
