import * as z from 'zod';
import { MAX_PAGE_SIZE } from './limits.js';

/**
 * The base of every list request: `{ pageIndex, pageSize }` (1-based page, 1..100 rows).
 * Each list extends it with its own filters.
 */
export const listParamsSchema = z.object({
  pageIndex: z.int().min(1).max(100_000),
  pageSize: z.int().min(1).max(MAX_PAGE_SIZE),
});
export type ListParams = z.input<typeof listParamsSchema>;

/** The answer of every list call: one page of rows and the total row count. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item).max(MAX_PAGE_SIZE),
    total: z.int().min(0).max(1_000_000_000),
  });
}
export type Page<T> = { list: T[]; total: number };
