import type { CallFn, CallOptions } from '../client.js';
import type { PassthroughQuery } from '../contract/common.js';
import type {
  BannerSaveBody,
  CompanyUpdateBody,
  IdQuery,
  PlatformAuthDelQuery,
  PlatformAuthListQuery,
  PlatformAuthSaveBody,
  PlatformSaveBody,
} from '../contract/company.js';

/** `api.company`: company profile, login banners, platforms and platform authorisations. */
export function companyEndpoints(call: CallFn) {
  return {
    /** The company profile (`/api/company/index`). */
    index: (options?: CallOptions) => call('/api/company/index', {}, options),
    /** Saves the company profile (`/api/company/update`); answers the saved profile. */
    update: (body: CompanyUpdateBody, options?: CallOptions) => call('/api/company/update', body, options),
    /** Creates (no `id`) or updates a login banner (`/api/company/ad-save`); `query` is passed through. */
    adSave: (body: BannerSaveBody, query?: PassthroughQuery, options?: CallOptions) =>
      call('/api/company/ad-save', body, { ...options, query }),
    /** Deletes a banner (`/api/company/ad-del?id=`). */
    adDel: (query: IdQuery, options?: CallOptions) => call('/api/company/ad-del', {}, { ...options, query }),
    /** Every platform, by id (`/api/company/platform-list`). */
    platformList: (options?: CallOptions) => call('/api/company/platform-list', {}, options),
    /** Creates or updates a platform (`/api/company/platform-save`); `query` is passed through. */
    platformSave: (body: PlatformSaveBody, query?: PassthroughQuery, options?: CallOptions) =>
      call('/api/company/platform-save', body, { ...options, query }),
    /** Deletes a platform (`/api/company/platform-del?id=`). */
    platformDel: (query: IdQuery, options?: CallOptions) =>
      call('/api/company/platform-del', {}, { ...options, query }),
    /** Creates or updates a platform authorisation (`/api/company/platform-auth-save`). */
    platformAuthSave: (body: PlatformAuthSaveBody, query?: PassthroughQuery, options?: CallOptions) =>
      call('/api/company/platform-auth-save', body, { ...options, query }),
    /** Deletes a platform authorisation (`/api/company/platform-auth-del?id=`). */
    platformAuthDel: (query: PlatformAuthDelQuery, options?: CallOptions) =>
      call('/api/company/platform-auth-del', {}, { ...options, query }),
    /** The authorisations of one platform (`/api/company/platform-auth-list?platform_id=`). */
    platformAuthList: (query: PlatformAuthListQuery, options?: CallOptions) =>
      call('/api/company/platform-auth-list', {}, { ...options, query }),
  };
}
