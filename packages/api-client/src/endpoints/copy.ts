import type { CallFn, CallOptions } from '../client.js';
import type { CopyCreateBody, CopyRecordListParams } from '../contract/copy.js';

/** `api.copy`: copying products from supplier links into a shop. */
export function copyEndpoints(call: CallFn) {
  return {
    /** A page of copy jobs (`/api/copy/index`). */
    index: (params: CopyRecordListParams, options?: CallOptions) => call('/api/copy/index', params, options),
    /** Queues one copy job per link (`/api/copy/create`); answers `{ created }`. */
    create: (body: CopyCreateBody, options?: CallOptions) => call('/api/copy/create', body, options),
  };
}
