import type { SearchSchemaInput } from '@tanstack/react-router';
import { listSearchSchema, positiveInt } from '../../lib/list-search';

/** The address queries of the shop pages. */
export const shopSearchSchema = listSearchSchema(['keyword', 'platform', 'group_id', 'auth_status']);
export type ShopSearch = ReturnType<typeof shopSearchSchema>;

export const shopGroupSearchSchema = listSearchSchema(['keyword']);
export type ShopGroupSearch = ReturnType<typeof shopGroupSearchSchema>;

export const goodsSearchSchema = listSearchSchema(['keyword', 'status', 'shop_id']);
export type GoodsSearch = ReturnType<typeof goodsSearchSchema>;

export const copyRecordSearchSchema = listSearchSchema(['keyword', 'status', 'shop_id']);
export type CopyRecordSearch = ReturnType<typeof copyRecordSearchSchema>;

/** `/shop/goods/detail?id=12`: the product to edit; a bad id reads as none. */
export function goodsDetailSearchSchema(search: { id?: number | string } & SearchSchemaInput): {
  id?: number;
} {
  const id = positiveInt((search as Record<string, unknown>).id, 0, 2_147_483_647);
  // `id: undefined` rather than no key: the router merges this over the raw search.
  return { id: id > 0 ? id : undefined };
}
