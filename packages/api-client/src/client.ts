import type { z } from 'zod';
import type { ApiBody, ApiData, ApiPath, ApiQuery } from './contract/routes.js';
import {
  ApiClientError,
  ApiError,
  HttpError,
  NetworkError,
  REQUEST_FAILED_TITLE,
  RESPONSE_FORMAT_TEXT,
  ResponseFormatError,
} from './errors.js';
import { createNonce, type SignableFields, signPayload, unixSeconds } from './sign.js';

/** A notification the app shows (the admin app wires it to sonner). */
export interface ApiNotification {
  kind: 'error' | 'warning' | 'success' | 'info';
  title: string;
  description?: string;
}

export interface ApiClientOptions {
  /** Prefix of every path. Default `''` (same origin; Vite proxies `/api` in dev). */
  baseURL?: string;
  /** Signing secret (the admin app reads `VITE_API_SIGN_SECRET`). It ships to the browser: see README. */
  secret: string;
  /** The stored access token, or null/undefined when signed out. Called before every request. */
  getToken?: () => string | null | undefined;
  /** A 401 answer: the app clears its token and goes to `/login?redirect=...`. Once per burst. */
  onUnauthorized?: (error: HttpError) => void;
  /** A 403 answer: the app goes to `/403`. Once per burst. */
  onForbidden?: (error: HttpError) => void;
  /** A 500 answer: the app goes to `/500?error_page=...`. Once per burst. */
  onServerError?: (error: HttpError) => void;
  /** Shows a notification. Identical notifications within the burst window are shown once. */
  notify?: (notification: ApiNotification) => void;
  /** Milliseconds before a request fails with `NetworkError('timeout')`. Default 30000. */
  timeout?: number;
  /** The fetch implementation (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /**
   * Check every answer's `data` against the contract's zod schema (turn on in development, e.g.
   * `import.meta.env.DEV`). The schemas load lazily, so production bundles without it carry no zod.
   */
  validateResponses?: boolean;
  /**
   * How long (ms) a handled 401/403/500 or a shown notification suppresses repeats. The window also
   * ends at the first success of a request started after the error. Default 2000.
   */
  burstWindow?: number;
  /** The clock used for `ts` and the burst window (tests). Default `Date.now`. */
  now?: () => number;
}

/** Per-call options of {@link ApiClient.post} and of every typed call. */
export interface CallOptions {
  /** No notification for this call (hooks for 401/403/500 still run). */
  silent?: boolean;
  /** Bypass all central handling: no hook, no notification; the caller gets the raw error. */
  skipErrorHandler?: boolean;
  /** Aborts the request (TanStack Query passes one). An abort rejects with `NetworkError('abort')`. */
  signal?: AbortSignal;
  /**
   * The `idempotency_key` sent (see {@link createApiClient}): pass the same one to make a retry of a
   * create whose answer was lost answer as the first did. Default: a new one, or the one of the same
   * call (path and body) whose last try got no answer.
   */
  idempotencyKey?: string;
}

export interface PostOptions extends CallOptions {
  /** Query parameters (not signed; `null` and `undefined` are left out). */
  query?: Record<string, string | number | boolean | null | undefined>;
  /**
   * A zod schema for `data`, checked when `validateResponses` is on. Paths of the contract need none:
   * their schema is looked up in `apiRoutes`.
   */
  schema?: z.ZodType;
}

/** A request body: a plain JSON object, or `FormData` for uploads (files are sent, not signed). */
export type RequestBody = Record<string, unknown> | FormData;

export type PostFn = <T = unknown>(path: string, body?: RequestBody, options?: PostOptions) => Promise<T>;

/** The per-call options of a path: `query` is required when the path reads a query with required keys. */
export type CallOptionsOf<P extends ApiPath> = CallOptions &
  ([ApiQuery<P>] extends [never]
    ? { query?: undefined }
    : // biome-ignore lint/complexity/noBannedTypes: "every key optional" is `{} extends T`.
      {} extends ApiQuery<P>
      ? { query?: ApiQuery<P> }
      : { query: ApiQuery<P> });

/**
 * The arguments after the path: the body (optional when none of its keys is required) and the options
 * (required when the query is).
 */
export type CallArgs<P extends ApiPath> =
  CallOptions extends CallOptionsOf<P>
    ? // biome-ignore lint/complexity/noBannedTypes: "every key optional" is `{} extends T`.
      {} extends ApiBody<P>
      ? [body?: ApiBody<P>, options?: CallOptionsOf<P>]
      : [body: ApiBody<P>, options?: CallOptionsOf<P>]
    : [body: ApiBody<P>, options: CallOptionsOf<P>];

/**
 * Calls a path of the contract: the body and query typed by its schemas, the answer by its `data`
 * schema. `api.call('/api/order/purchase', { id, supplier, supplier_order_no, cost })`.
 */
export type CallFn = <P extends ApiPath>(path: P, ...args: CallArgs<P>) => Promise<ApiData<P>>;

export interface ApiClient {
  /** Any path, untyped: for paths outside the contract. */
  post: PostFn;
  /** Every path of the contract, typed by it (see {@link CallFn}). */
  call: CallFn;
}

const DEFAULT_TIMEOUT = 30_000;
const DEFAULT_BURST_WINDOW = 2_000;

/** Suppresses repeats of a key until the window elapses or a later-started request succeeds. */
class BurstGuard {
  private readonly fired = new Map<string, { at: number; seq: number }>();
  constructor(
    private readonly window: number,
    private readonly now: () => number,
  ) {}

  /** True the first time in a burst. `seq` is the highest request number issued so far. */
  shouldFire(key: string, seq: number): boolean {
    const last = this.fired.get(key);
    const now = this.now();
    if (last && now - last.at < this.window) return false;
    this.fired.set(key, { at: now, seq });
    return true;
  }

  /** A request numbered `seq` succeeded: bursts handled before it started are over. */
  succeeded(seq: number): void {
    for (const [key, entry] of this.fired) if (seq > entry.seq) this.fired.delete(key);
  }
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/**
 * A body with a file (`Blob`) among its values goes as a multipart form: each value under its key,
 * the files sent but not signed. Other bodies are left as they are.
 */
function asMultipart(body: RequestBody | undefined): RequestBody | undefined {
  if (body === undefined || isFormData(body) || typeof Blob === 'undefined') return body;
  const values = Object.entries(body);
  if (!values.some(([, value]) => value instanceof Blob)) return body;
  const form = new FormData();
  for (const [key, value] of values) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

/** The fields that take part in the signature of a body (FormData: single non-file values). */
function signableFields(body: RequestBody): SignableFields {
  if (!isFormData(body)) return body;
  const fields: SignableFields = {};
  const seen = new Set<string>();
  for (const [key, value] of body.entries()) {
    if (seen.has(key)) {
      // A repeated key is an array: carried, never signed.
      delete fields[key];
      continue;
    }
    seen.add(key);
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/** Adds `nonce` and `ts` to a copy of the body (the caller's object or FormData is left alone). */
function withSigningFields(body: RequestBody | undefined, nonce: string, ts: number): RequestBody {
  if (isFormData(body)) {
    const copy = new FormData();
    for (const [key, value] of body.entries()) copy.append(key, value);
    copy.set('nonce', nonce);
    copy.set('ts', String(ts));
    return copy;
  }
  return { ...body, nonce, ts };
}

/**
 * Parses the text of a 2xx answer into the envelope's `data`, or throws a typed error. Checked by
 * hand rather than with zod so that the client does not pull zod into the app's first bundle.
 */
function readEnvelope(text: string, status: number, path: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new ResponseFormatError('response is not JSON', path, { status, body: text, cause });
  }
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const envelope = json as { errorCode?: unknown; msg?: unknown; data?: unknown };
    const msg = envelope.msg;
    if (msg === undefined || msg === null || typeof msg === 'string') {
      if (envelope.errorCode === 0) return envelope.data;
      if (envelope.errorCode === 1) throw new ApiError({ msg: msg ?? undefined }, path);
    }
  }
  throw new ResponseFormatError('response is not an API envelope', path, { status, body: text });
}

/** `baseURL` + `path`, with the query's values that are neither `null` nor `undefined`. */
function requestUrl(baseURL: string, path: string, query: PostOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) params.append(key, String(value));
  const search = params.toString();
  return `${baseURL}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text === '' ? undefined : text;
  }
}

/**
 * Creates the client: one signed `post` transport and `call`, the same transport typed by the contract.
 *
 * ```ts
 * const api = createApiClient({ secret: 'consign-dev-secret', getToken: () => localStorage.getItem('mmtAccessToken') });
 * const user = await api.call('/api/user/info');
 * ```
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  // The contract's schemas (and zod) load only when validation is on, as a separate chunk.
  const contract: Promise<Record<string, { data: z.ZodType }> | undefined> | undefined =
    options.validateResponses
      ? import('./contract/routes.js').then(
          (module) => module.apiRoutes,
          () => undefined,
        )
      : undefined;
  const now = options.now ?? Date.now;
  const guard = new BurstGuard(options.burstWindow ?? DEFAULT_BURST_WINDOW, now);
  let seq = 0;
  // The key of each call (path and body) whose last try got no answer (network error, 5xx): sent
  // again with its retry, so that a create the server did make is answered, not made twice.
  const unanswered = new Map<string, string>();

  const baseURL = (options.baseURL ?? '').replace(/\/+$/, '');
  // Called as a plain function (a browser's `fetch` refuses any other `this`), and the global one
  // looked up at each call.
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  // Burst records carry `seq`, the highest request number issued when they fired: only a success of a
  // request started later ends the burst early (requests in flight with the failing ones do not).
  function notify(notification: ApiNotification): void {
    const show = options.notify;
    if (!show) return;
    const key = `notify:${notification.kind}:${notification.title}:${notification.description ?? ''}`;
    if (guard.shouldFire(key, seq)) report(() => show(notification));
  }

  /** Runs an app hook; if it throws, the error surfaces on its own instead of replacing the call's. */
  function report(hook: () => void): void {
    try {
      hook();
    } catch (hookError) {
      queueMicrotask(() => {
        throw hookError;
      });
    }
  }

  function handle(error: unknown, callOptions: PostOptions): void {
    if (callOptions.skipErrorHandler || !(error instanceof ApiClientError)) return;
    const silent = callOptions.silent === true;
    if (error instanceof ApiError) {
      if (!silent) notify({ kind: 'error', title: error.message });
    } else if (error instanceof HttpError) {
      const hook =
        error.status === 401
          ? options.onUnauthorized
          : error.status === 403
            ? options.onForbidden
            : error.status === 500
              ? options.onServerError
              : undefined;
      if (error.status === 401 || error.status === 403 || error.status === 500) {
        if (hook && guard.shouldFire(`status:${error.status}`, seq)) report(() => hook(error));
      } else if (!silent) {
        notify({ kind: 'error', title: REQUEST_FAILED_TITLE, description: error.statusText });
      }
    } else if (error instanceof NetworkError) {
      if (error.kind !== 'abort' && !silent) {
        notify({ kind: 'error', title: REQUEST_FAILED_TITLE, description: error.message });
      }
    } else if (error instanceof ResponseFormatError) {
      if (!silent) notify({ kind: 'error', title: REQUEST_FAILED_TITLE, description: RESPONSE_FORMAT_TEXT });
    }
  }

  async function send(
    path: string,
    body: RequestBody | undefined,
    callOptions: PostOptions,
  ): Promise<unknown> {
    const ts = unixSeconds(now());
    const payload = asMultipart(body);
    const call = isFormData(payload) ? null : `${path}\n${JSON.stringify(payload ?? {})}`;
    let keyed = payload;
    if (call !== null && !isFormData(payload)) {
      const key = callOptions.idempotencyKey ?? unanswered.get(call) ?? createNonce(24);
      keyed = { idempotency_key: key, ...payload };
      unanswered.delete(call);
      // Remembered until an answer comes (below); the oldest forgotten past 50.
      unanswered.set(call, key);
      if (unanswered.size > 50) unanswered.delete(unanswered.keys().next().value ?? '');
    }
    const answered = () => {
      if (call !== null) unanswered.delete(call);
    };
    const signedBody = withSigningFields(keyed, createNonce(), ts);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Cache-Key': signPayload(signableFields(signedBody), options.secret),
    };
    // A form goes as multipart (the browser writes its Content-Type with the boundary), the rest as JSON.
    const form = isFormData(signedBody);
    if (!form) headers['Content-Type'] = 'application/json';
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;

    // One controller joins the caller's signal and the timeout, and lets us tell a timeout from an
    // abort.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timeout after ${timeout} ms`));
    }, timeout);
    const external = callOptions.signal;
    const onAbort = () => controller.abort(external?.reason);
    if (external?.aborted) onAbort();
    else external?.addEventListener('abort', onAbort, { once: true });

    let response: Response;
    let text: string;
    try {
      response = await fetchFn(requestUrl(baseURL, path, callOptions.query), {
        method: 'POST',
        credentials: 'include',
        headers,
        body: form ? signedBody : JSON.stringify(signedBody),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      const kind = timedOut ? 'timeout' : external?.aborted ? 'abort' : 'network';
      throw new NetworkError(kind, path, cause);
    } finally {
      clearTimeout(timer);
      external?.removeEventListener('abort', onAbort);
    }

    if (response.status < 500) answered();
    if (response.status < 200 || response.status >= 300) {
      throw new HttpError(response.status, path, { reason: response.statusText, data: tryParseJson(text) });
    }
    const data = readEnvelope(text, response.status, path);
    const schema = callOptions.schema ?? (contract ? (await contract)?.[path]?.data : undefined);
    if (options.validateResponses && schema) {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new ResponseFormatError('response data does not match the contract', path, {
          status: response.status,
          body: text,
          issues: checked.error.issues,
        });
      }
    }
    return data;
  }

  const post: PostFn = async <T>(path: string, body?: RequestBody, callOptions: PostOptions = {}) => {
    const requestSeq = ++seq;
    try {
      const data = await send(path, body, callOptions);
      guard.succeeded(requestSeq);
      return data as T;
    } catch (error) {
      handle(error, callOptions);
      throw error;
    }
  };

  const call: CallFn = (path, ...[body, callOptions]) =>
    post(path, body as RequestBody | undefined, callOptions as PostOptions | undefined);

  return { post, call };
}
