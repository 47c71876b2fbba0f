import type { CallFn, CallOptions } from '../client.js';
import type { AfterSaleListParams, OrderListParams } from '../contract/order.js';

/** `api.order`: the order lists. */
export function orderEndpoints(call: CallFn) {
  return {
    /** A page of dropshipping orders (`/api/order/index`). */
    index: (params: OrderListParams, options?: CallOptions) => call('/api/order/index', params, options),
    /** A page of after-sale requests (`/api/order/after-sale`). */
    afterSale: (params: AfterSaleListParams, options?: CallOptions) =>
      call('/api/order/after-sale', params, options),
  };
}
