import type { CallFn, CallOptions } from '../client.js';
import type { LogListParams } from '../contract/log.js';

/** `api.log`: the operation log (操作日志). */
export function logEndpoints(call: CallFn) {
  return {
    /** A page of the operation log, newest first (`/api/log/index`). */
    index: (params: LogListParams, options?: CallOptions) => call('/api/log/index', params, options),
  };
}
