import type { CallFn, CallOptions } from '../client.js';
import type { IdParams } from '../contract/common.js';
import type { AddressListParams, AddressSaveBody } from '../contract/fulfilment.js';

/** `api.address`: the account's sender and return addresses (发货地址). */
export function addressEndpoints(call: CallFn) {
  return {
    /** Every address of the account, or of one kind; defaults first (`/api/address/index`). */
    index: (params: AddressListParams = {}, options?: CallOptions) =>
      call('/api/address/index', params, options),
    /** Creates (no `id`) or updates an address at its `version` (`/api/address/save`). */
    save: (body: AddressSaveBody, options?: CallOptions) => call('/api/address/save', body, options),
    /** Deletes an address (`/api/address/del`). */
    del: (params: IdParams, options?: CallOptions) => call('/api/address/del', params, options),
  };
}
