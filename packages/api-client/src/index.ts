export type {
  ApiClient,
  ApiClientOptions,
  ApiNotification,
  CallFn,
  CallOptions,
  PostFn,
  PostOptions,
  RequestBody,
} from './client';
export { createApiClient } from './client';
export * from './contract';
export type { Endpoints } from './endpoints';
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
  ResponseFormatError,
  TIMEOUT_TEXT,
} from './errors';
export type { SignableFields } from './sign';
export { canonicalString, createNonce, signPayload, unixSeconds, verifySignature } from './sign';
