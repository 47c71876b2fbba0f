import type { CallFn, CallOptions } from '../client.js';
import type { SettingsUpdateBody } from '../contract/setting.js';

/** `api.setting`: the dropshipping settings. */
export function settingEndpoints(call: CallFn) {
  return {
    /** The settings (`/api/setting/index`). */
    index: (options?: CallOptions) => call('/api/setting/index', {}, options),
    /** Saves any subset of the settings (`/api/setting/update`); answers all of them. */
    update: (body: SettingsUpdateBody, options?: CallOptions) => call('/api/setting/update', body, options),
  };
}
