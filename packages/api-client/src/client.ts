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
import type { Send } from './transport.js';

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

/**
 * Creates the client: one signed `post` transport and `call`, the same transport typed by the contract.
 *
 * ```ts
 * const api = createApiClient({ secret: 'consign-dev-secret', getToken: () => localStorage.getItem('mmtAccessToken') });
 * const user = await api.call('/api/user/info');
 * ```
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const now = options.now ?? Date.now;
  const guard = new BurstGuard(options.burstWindow ?? DEFAULT_BURST_WINDOW, now);
  let seq = 0;
  // The request code (body, signature with spark-md5, fetch, envelope) loads with the first request,
  // or at once when a token is stored (a signed-in page calls at once): a signed-out page that calls
  // nothing, the login page, does not download it (see README, "Size"). A failed load is a network
  // error, and the next request tries again.
  let transport: Promise<Send> | undefined;
  const loadTransport = () => {
    transport ??= import('./transport.js').then(
      (module) => module.createSend(options),
      (cause: unknown) => {
        transport = undefined;
        return (path: string) => Promise.reject(new NetworkError('network', path, cause));
      },
    );
    return transport;
  };
  if (options.getToken?.()) void loadTransport();

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

  const post: PostFn = async <T>(path: string, body?: RequestBody, callOptions: PostOptions = {}) => {
    const requestSeq = ++seq;
    try {
      const data = await (await loadTransport())(path, body, callOptions);
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
