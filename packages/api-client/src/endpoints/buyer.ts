import type { CallFn, CallOptions } from '../client.js';
import type {
  BlacklistDelBody,
  BlacklistListParams,
  BlacklistSaveBody,
  BuyerListParams,
} from '../contract/buyer.js';

/** `api.buyer`: 买家管理 (buyers derived from the orders) and 黑名单. */
export function buyerEndpoints(call: CallFn) {
  return {
    /** A page of buyers, searchable by name or mobile, sortable (`/api/buyer/index`). */
    index: (params: BuyerListParams, options?: CallOptions) => call('/api/buyer/index', params, options),
    /** A page of the blacklist (`/api/buyer/blacklist-index`). */
    blacklistIndex: (params: BlacklistListParams, options?: CallOptions) =>
      call('/api/buyer/blacklist-index', params, options),
    /** Blacklists a buyer (by order or mobile) or changes an entry's reason (`/api/buyer/blacklist-save`). */
    blacklistSave: (body: BlacklistSaveBody, options?: CallOptions) =>
      call('/api/buyer/blacklist-save', body, options),
    /** Lifts a blacklist entry at its `version` (`/api/buyer/blacklist-del`). */
    blacklistDel: (body: BlacklistDelBody, options?: CallOptions) =>
      call('/api/buyer/blacklist-del', body, options),
  };
}
