// The request code of `createApiClient` (client.ts), loaded with the first request: the body and
// its signature (spark-md5), the request (ofetch), the answer's envelope. What a call does on an error (hooks,
// notifications) stays in client.ts.
import { ofetch } from 'ofetch';
import type { z } from 'zod';
import type { ApiClientOptions, PostOptions, RequestBody } from './client.js';
import { ApiError, HttpError, NetworkError, ResponseFormatError } from './errors.js';
import { createNonce, type SignableFields, signPayload, unixSeconds } from './sign.js';

const DEFAULT_TIMEOUT = 30_000;

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

/** The query's values that are neither `null` nor `undefined` (ofetch would send `key` for a `null`). */
function definedQuery(query: PostOptions['query']): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const defined: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) defined[key] = value;
  return defined;
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text === '' ? undefined : text;
  }
}

/** Sends one request and answers its `data`, or throws a typed error (an `ApiClientError`). */
export type Send = (
  path: string,
  body: RequestBody | undefined,
  callOptions: PostOptions,
) => Promise<unknown>;

/** The request function of one client (its options, its idempotency keys of unanswered calls). */
export function createSend(options: ApiClientOptions): Send {
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
  // The key of each call (path and body) whose last try got no answer (network error, 5xx): sent
  // again with its retry, so that a create the server did make is answered, not made twice.
  const unanswered = new Map<string, string>();

  // Every ofetch option that would act on its own is off: no retry (client.ts retries on its rules),
  // the answer as text (the envelope is read below), HTTP errors answered (classified below).
  const $fetch = ofetch.create(
    {
      baseURL: options.baseURL ?? '',
      method: 'POST',
      credentials: 'include',
      retry: false,
      responseType: 'text',
      ignoreResponseError: true,
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

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

    let response: Response & { _data?: unknown };
    try {
      response = await $fetch.raw<string, 'text'>(path, {
        body: form ? signedBody : JSON.stringify(signedBody),
        headers,
        query: definedQuery(callOptions.query),
        signal: controller.signal,
      });
    } catch (cause) {
      const kind = timedOut ? 'timeout' : external?.aborted ? 'abort' : 'network';
      throw new NetworkError(kind, path, cause);
    } finally {
      clearTimeout(timer);
      external?.removeEventListener('abort', onAbort);
    }

    const text = typeof response._data === 'string' ? response._data : '';
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

  return send;
}
