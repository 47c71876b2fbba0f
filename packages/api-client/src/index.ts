export type {
  ApiClient,
  ApiClientOptions,
  ApiNotification,
  CallFn,
  CallOptions,
  PostFn,
  PostOptions,
  RequestBody,
} from './client.js';
export { createApiClient } from './client.js';
export * from './contract/index.js';
export { EMBEDDED_COMPANY_CONFIG_ID, embeddableJson } from './embed.js';
export type { Endpoints } from './endpoints/index.js';
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
export type { SignableFields } from './sign.js';
export { canonicalString, createNonce, signPayload, unixSeconds, verifySignature } from './sign.js';
