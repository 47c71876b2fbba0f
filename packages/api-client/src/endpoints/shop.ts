import type { CallFn, CallOptions } from '../client.js';
import type {
  ShopGroupDelBody,
  ShopGroupListParams,
  ShopGroupSaveBody,
  ShopListParams,
  ShopMoveBody,
  ShopSyncBody,
} from '../contract/shop.js';

/** `api.shop`: shops and shop groups. */
export function shopEndpoints(call: CallFn) {
  return {
    /** A page of shops (`/api/shop/index`). */
    index: (params: ShopListParams, options?: CallOptions) => call('/api/shop/index', params, options),
    /** A page of shop groups (`/api/shop/group-index`). */
    groupIndex: (params: ShopGroupListParams, options?: CallOptions) =>
      call('/api/shop/group-index', params, options),
    /** Creates (no `id`) or renames a group (`/api/shop/group-save`). */
    groupSave: (body: ShopGroupSaveBody, options?: CallOptions) =>
      call('/api/shop/group-save', body, options),
    /** Deletes a group; its shops become ungrouped (`/api/shop/group-del`). */
    groupDel: (body: ShopGroupDelBody, options?: CallOptions) => call('/api/shop/group-del', body, options),
    /** Moves a shop into a group, or out of any with `group_id: null` (`/api/shop/move`). */
    move: (body: ShopMoveBody, options?: CallOptions) => call('/api/shop/move', body, options),
    /** 立即同步: makes the shop's order sync due now (`/api/shop/sync`). */
    sync: (body: ShopSyncBody, options?: CallOptions) => call('/api/shop/sync', body, options),
  };
}
