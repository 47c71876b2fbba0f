/**
 * The client entry: `createApiClient`, its errors, the signing helpers, and the contract's types and
 * zod-free rules. Nothing here imports zod: the schemas load only when `validateResponses` is on (a
 * dynamic import), or from `@consign/api-client/contract`. Signing alone is `@consign/api-client/sign`.
 */
export type {
  ApiClient,
  ApiClientOptions,
  ApiNotification,
  CallArgs,
  CallFn,
  CallOptions,
  CallOptionsOf,
  PostFn,
  PostOptions,
  RequestBody,
} from './client.js';
export { createApiClient } from './client.js';
export * from './contract/addresses.js';
export * from './contract/after-sale-rules.js';
export * from './contract/balance-rules.js';
export * from './contract/buyer-rules.js';
export * from './contract/carriers.js';
export * from './contract/dashboard-rules.js';
export * from './contract/export-rules.js';
export * from './contract/finance-rules.js';
export * from './contract/goods-rules.js';
// The contract's types, and its rules that need no zod. The zod schemas are `@consign/api-client/contract`.
export type * from './contract/index.js';
export * from './contract/labels.js';
export * from './contract/limits.js';
export * from './contract/live.js';
export * from './contract/mobile.js';
export * from './contract/notification-rules.js';
export * from './contract/offers.js';
export * from './contract/order-exception-rules.js';
export * from './contract/order-rules.js';
export * from './contract/permissions.js';
export * from './contract/purchase-rules.js';
export * from './contract/session-rules.js';
export * from './contract/shop-rules.js';
export * from './contract/spec-match.js';
export * from './contract/time.js';
export * from './contract/urls.js';
export * from './contract/writeback-rules.js';
export { EMBEDDED_COMPANY_CONFIG_ID, embeddableJson } from './embed.js';
export {
  ABORT_TEXT,
  ApiClientError,
  ApiError,
  DEFAULT_API_ERROR_TEXT,
  HTTP_STATUS_TEXT,
  HttpError,
  httpStatusText,
  NETWORK_ERROR_TEXT,
  NetworkError,
  REQUEST_FAILED_TITLE,
  RESPONSE_FORMAT_TEXT,
  ResponseFormatError,
  TIMEOUT_TEXT,
} from './errors.js';
export * from './sign.js';
