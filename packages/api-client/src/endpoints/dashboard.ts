import type { CallFn, CallOptions } from '../client.js';

/** `api.dashboard`: 工作台 at a glance. */
export function dashboardEndpoints(call: CallFn) {
  return {
    /** Today's counts and the 30-day chart (`/api/dashboard/summary`). */
    summary: (options?: CallOptions) => call('/api/dashboard/summary', {}, options),
  };
}
