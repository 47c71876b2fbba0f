import type { CallFn, CallOptions } from '../client.js';
import type { ExportCreateBody, ExportDownloadBody, ExportListParams } from '../contract/export.js';

/** `api.export`: order exports (下载中心). */
export function exportEndpoints(call: CallFn) {
  return {
    /** Queues an export of the filtered orders (`/api/export/create`); answers the job. */
    create: (body: ExportCreateBody, options?: CallOptions) => call('/api/export/create', body, options),
    /** A page of the account's export jobs, newest first (`/api/export/index`). */
    index: (params: ExportListParams, options?: CallOptions) => call('/api/export/index', params, options),
    /** A 60-second download link of a finished export (`/api/export/download-url`). */
    downloadUrl: (body: ExportDownloadBody, options?: CallOptions) =>
      call('/api/export/download-url', body, options),
  };
}
