import type { CallFn, CallOptions } from '../client.js';
import type { GoodsDetailParams, GoodsListParams, GoodsSaveBody } from '../contract/goods.js';

/** `api.goods`: the products of the shops. */
export function goodsEndpoints(call: CallFn) {
  return {
    /** A page of goods (`/api/goods/index`). */
    index: (params: GoodsListParams, options?: CallOptions) => call('/api/goods/index', params, options),
    /** One product (`/api/goods/detail`). */
    detail: (params: GoodsDetailParams, options?: CallOptions) => call('/api/goods/detail', params, options),
    /** Creates (no `id`) or updates a product (`/api/goods/save`). */
    save: (body: GoodsSaveBody, options?: CallOptions) => call('/api/goods/save', body, options),
  };
}
