import type { FailureEnvelope } from './contract/envelope.js';
import { STALE_RECORD_MESSAGE } from './contract/limits.js';

/** zh-CN texts of the HTTP statuses (docs/design.md#api-contract), shown in the `请求失败` notification. */
export const HTTP_STATUS_TEXT: Readonly<Record<number, string>> = Object.freeze({
  200: '服务器成功返回请求的数据',
  201: '新建或修改数据成功',
  202: '一个请求已经进入后台排队(异步任务)',
  204: '删除数据成功',
  400: '发出的请求有错误，服务器没有进行新建或修改数据的操作',
  401: '登录超时，请重新登录',
  403: '没有操作权限',
  404: '发出的请求针对的是不存在的记录，服务器没有进行操作',
  406: '请求的格式不可得',
  // A 409 without a message of its own reads as the stale save's.
  409: STALE_RECORD_MESSAGE,
  410: '请求的资源被永久删除，且不会再得到',
  422: '当创建一个对象时，发生一个验证错误',
  500: '服务器发生错误，请检查服务器',
  502: '网关错误',
  503: '服务不可用，服务器暂时过载或维护',
  504: '网关超时',
});

/** The zh-CN text of a status, else the server's reason phrase, else `HTTP <status>`. */
export function httpStatusText(status: number, fallback?: string): string {
  return HTTP_STATUS_TEXT[status] ?? (fallback || `HTTP ${status}`);
}

/** Title of every transport-level notification (docs/product.md#errors). */
export const REQUEST_FAILED_TITLE = '请求失败';
/** Description when a request got no response and no better message. */
export const NETWORK_ERROR_TEXT = '网络异常';
/** Message of a {@link NetworkError} of kind `timeout`. */
export const TIMEOUT_TEXT = '请求超时';
/** Message of a {@link NetworkError} of kind `abort`. */
export const ABORT_TEXT = '请求已取消';
/** Description of the notification for a {@link ResponseFormatError}. */
export const RESPONSE_FORMAT_TEXT = '服务器返回的数据格式有误';
/** Message of an {@link ApiError} whose envelope carries no `msg`. */
export const DEFAULT_API_ERROR_TEXT = 'api error';

/** Base class of every error the client rejects with; `path` is the API path that failed. */
export class ApiClientError extends Error {
  readonly path: string;
  constructor(message: string, path: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiClientError';
    this.path = path;
  }
}

/** The server answered `{ errorCode: 1, msg }`: a business rule said no. */
export class ApiError extends ApiClientError {
  readonly errorCode = 1 as const;
  readonly envelope: FailureEnvelope;
  constructor(envelope: { msg?: string | null }, path: string) {
    const msg =
      typeof envelope.msg === 'string' && envelope.msg !== '' ? envelope.msg : DEFAULT_API_ERROR_TEXT;
    super(msg, path);
    this.name = 'ApiError';
    this.envelope = { errorCode: 1, msg };
  }
}

/**
 * The server answered with a non-2xx status. `statusText` is the zh-CN text of {@link HTTP_STATUS_TEXT}
 * (or the server's reason phrase for other statuses); `data` is the parsed JSON body when there was one.
 */
export class HttpError extends ApiClientError {
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;
  constructor(status: number, path: string, options: { reason?: string; data?: unknown } = {}) {
    // A 409 is a refusal that names its reason (余额不足, 未连接1688采购账号, the order's state): the
    // server's message wins; only a 409 without one reads as the stale save's.
    const own = (options.data as { msg?: unknown } | null | undefined)?.msg;
    const statusText =
      status === 409 && typeof own === 'string' && own !== '' ? own : httpStatusText(status, options.reason);
    super(statusText, path);
    this.name = 'HttpError';
    this.status = status;
    this.statusText = statusText;
    this.data = options.data;
  }
}

/**
 * No response at all. `kind`: `timeout` (the client's timeout elapsed), `abort` (the caller's signal
 * aborted; never notified), `network` (offline, DNS, connection refused or reset). `cause` keeps the
 * underlying error.
 */
export class NetworkError extends ApiClientError {
  readonly kind: 'timeout' | 'abort' | 'network';
  constructor(kind: NetworkError['kind'], path: string, cause: unknown) {
    super(kind === 'timeout' ? TIMEOUT_TEXT : kind === 'abort' ? ABORT_TEXT : NETWORK_ERROR_TEXT, path, {
      cause,
    });
    this.name = 'NetworkError';
    this.kind = kind;
  }
}

/**
 * A 2xx answer that is not JSON, not an envelope, or (with `validateResponses`) whose `data` does not
 * match the contract. It never resolves as success. `body` holds at most the first 500 characters.
 */
export class ResponseFormatError extends ApiClientError {
  readonly status: number;
  readonly body: string;
  readonly issues: readonly unknown[] | undefined;
  constructor(
    message: string,
    path: string,
    options: { status: number; body: string; issues?: readonly unknown[]; cause?: unknown },
  ) {
    super(message, path, { cause: options.cause });
    this.name = 'ResponseFormatError';
    this.status = options.status;
    this.body = options.body.slice(0, 500);
    this.issues = options.issues;
  }
}
