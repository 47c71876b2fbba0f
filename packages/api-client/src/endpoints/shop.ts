import type { CallFn, CallOptions } from '../client.js';
import type {
  ShopAuthoriseBody,
  ShopAuthoriseCallbackBody,
  ShopGroupDelBody,
  ShopGroupListParams,
  ShopGroupSaveBody,
  ShopListParams,
  ShopMoveBody,
  ShopSyncBody,
  ShopToggleBody,
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
    /** The platforms 添加店铺 offers (`/api/shop/platforms`). */
    platforms: (options?: CallOptions) => call('/api/shop/platforms', {}, options),
    /** The platform's authorisation page for a new shop or, with `shop_id`, 重新授权 (`/api/shop/authorise`). */
    authorise: (body: ShopAuthoriseBody, options?: CallOptions) => call('/api/shop/authorise', body, options),
    /** Completes an authorisation with what the platform returned (`/api/shop/authorise-callback`). */
    authoriseCallback: (body: ShopAuthoriseCallbackBody, options?: CallOptions) =>
      call('/api/shop/authorise-callback', body, options),
    /** 停用 / 启用 a shop (`/api/shop/toggle`). */
    toggle: (body: ShopToggleBody, options?: CallOptions) => call('/api/shop/toggle', body, options),
    /** 立即同步: makes the shop's order sync due now (`/api/shop/sync`). */
    sync: (body: ShopSyncBody, options?: CallOptions) => call('/api/shop/sync', body, options),
  };
}
