import { z } from 'zod';

/** Largest page a list call may ask for. */
export const MAX_PAGE_SIZE = 100;
/** Page size the list pages use when the address says nothing (DESIGN.md section 4). */
export const DEFAULT_PAGE_SIZE = 20;

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
    list: z.array(item),
    total: z.int().min(0),
  });
}
export type Page<T> = { list: T[]; total: number };
