import type { IncomingMessage } from 'node:http';
import { EMBEDDED_COMPANY_CONFIG_ID, embeddableJson, verifySignature } from '@consign/api-client';
import {
  type ApiPath,
  apiRoutes,
  isSafeUrl,
  type RouteContract,
  signingFieldsSchema,
} from '@consign/api-client/contract';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';
import { isSecured, SECURITY_HEADERS } from './http/headers';
import { bannerSvg, goodsSvg, LOGO_SVG } from './http/images';
import type { ReadCache } from './http/read-cache';
import {
  ApiRefusal,
  fail,
  HttpProblem,
  MESSAGES,
  sendJson,
  sendJsonText,
  summariseIssues,
} from './http/respond';
import { NOT_BUILT_TEXT, type StaticSite } from './http/static';
import type { Logger } from './log';
import { authHandlers } from './routes/auth';
import { businessHandlers } from './routes/business';
import { companyHandlers } from './routes/company';
import type { Deps, Handler, HandlerContext, Handlers } from './routes/types';
import type { NonceStore } from './security/nonce-store';
import { ConsoleSmsProvider, type SmsProvider } from './sms/providers';

export const LIMITS = {
  /** Largest JSON (or urlencoded) body. */
  jsonBytes: 1024 * 1024,
  /** Largest multipart body. */
  multipartBytes: 5 * 1024 * 1024,
  /** Largest clock difference between a request's `ts` and the server. */
  tsSkewSeconds: 300,
} as const;

export interface AppOptions extends Deps {
  secret: string;
  nonces: NonceStore;
  smsProvider: SmsProvider;
  staticSite: StaticSite | null;
  /** Micro-cache of read-only answers; every other call invalidates it. */
  readCache: ReadCache;
  /** Take the client IP from `X-Forwarded-For` (only behind a trusted reverse proxy). */
  trustProxy?: boolean;
  log: Logger;
}

type Env = { Bindings: HttpBindings };

/** Calls that only read company-wide data: their answers may come from the read cache. */
export const READ_PATHS: ReadonlySet<string> = new Set<ApiPath>([
  '/api/default/config',
  '/api/order/index',
  '/api/order/after-sale',
  '/api/shop/index',
  '/api/shop/group-index',
  '/api/goods/index',
  '/api/goods/detail',
  '/api/copy/index',
  '/api/setting/index',
  '/api/company/index',
  '/api/company/platform-list',
  '/api/company/platform-auth-list',
]);
/** Calls that change nothing the read cache holds. */
const NEUTRAL_PATHS: ReadonlySet<string> = new Set<ApiPath>([
  '/api/user/info',
  '/api/default/send-code',
  '/api/default/logout',
]);

const localeError = zhCN().localeError;

/**
 * Reads the body straight from Node's IncomingMessage (no WHATWG stream or Request object on the hot
 * path), giving up (null) as soon as it passes `limit` bytes.
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        incoming.resume(); // drain and drop the rest; the answer closes the connection
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

/** Reads a request body, giving up (null) as soon as it passes `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Form fields as the signature sees them: single values as they are, repeated keys as arrays. */
function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    fields[key] = values.length === 1 ? values[0] : values;
  }
  return fields;
}

const textDecoder = new TextDecoder('utf-8', { fatal: true });

/** The HTTP application: the signed JSON API, dev helpers, generated images and the static admin app. */
export function createApp(options: AppOptions) {
  const { secret, nonces, now, log, tokens, staticSite, smsProvider, readCache } = options;
  const handlers: Handlers = {
    ...authHandlers(options),
    ...companyHandlers(options),
    ...businessHandlers(options),
  };
  const routes = new Map<string, { contract: RouteContract; handler: Handler<ApiPath> }>();
  for (const path of Object.keys(apiRoutes) as ApiPath[]) {
    routes.set(path, { contract: apiRoutes[path], handler: handlers[path] as Handler<ApiPath> });
  }

  const app = new Hono<Env>();

  // Request log (one JSON line, no query string, no headers, no body) and security headers.
  const logRequests = log.enabled('info');
  app.use('*', async (c, next) => {
    const start = logRequests ? performance.now() : 0;
    await next();
    if (!isSecured(c.res)) {
      const headers = c.res.headers;
      for (const name in SECURITY_HEADERS) {
        const value = SECURITY_HEADERS[name];
        if (value) headers.set(name, value);
      }
    }
    if (logRequests) {
      log.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      });
    }
  });

  app.get('/healthz', (c) => c.json({ ok: true }));

  if (smsProvider instanceof ConsoleSmsProvider) {
    // Development only: the latest code sent to a mobile. Absent unless the console provider is active.
    app.get('/__dev/sms', (c) => {
      const mobile = (c.req.query('mobile') ?? '').replace(/\s+/g, '');
      const entry = smsProvider.latest(mobile);
      if (!entry) return c.json({ error: 'no code sent to this mobile' }, 404);
      return c.json({ mobile: entry.mobile, code: entry.code });
    });
  }

  const svg = (body: string | null, c: Context) =>
    body
      ? c.body(body, 200, {
          'content-type': 'image/svg+xml',
          'cache-control': 'public, max-age=86400',
        })
      : c.text('Not Found', 404);
  app.get('/static/logo.svg', (c) => svg(LOGO_SVG, c));
  app.get('/static/banners/:name{[0-9]+\\.svg}', (c) => svg(bannerSvg(c.req.param('name').slice(0, -4)), c));
  app.get('/static/goods/:name{[0-9]+\\.svg}', (c) => svg(goodsSvg(c.req.param('name').slice(0, -4)), c));

  function clientIp(c: Context<Env>): string {
    if (options.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  }

  /** Reads the body as signed fields, or answers the error. */
  async function readFields(c: Context<Env>): Promise<Record<string, unknown> | Response> {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const multipart = type.startsWith('multipart/form-data');
    const urlencoded = type.startsWith('application/x-www-form-urlencoded');
    const json = type === '' || type.startsWith('application/json');
    if (!multipart && !urlencoded && !json) return fail(c, 415, MESSAGES.unsupportedType);
    const limit = multipart ? LIMITS.multipartBytes : LIMITS.jsonBytes;
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > limit) return fail(c, 413, MESSAGES.tooLarge, { connection: 'close' });
    const incoming = c.env?.incoming as IncomingMessage | undefined;
    const raw =
      incoming && !incoming.readableEnded
        ? await readIncoming(incoming, limit)
        : await readLimited(c.req.raw, limit);
    if (raw === null) return fail(c, 413, MESSAGES.tooLarge, { connection: 'close' });
    if (multipart || urlencoded) {
      try {
        const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
        return formFields(form);
      } catch {
        return fail(c, 400, MESSAGES.badForm);
      }
    }
    if (raw.byteLength === 0) return {};
    try {
      const parsed: unknown = JSON.parse(textDecoder.decode(raw));
      if (!isPlainObject(parsed)) return fail(c, 400, MESSAGES.badJson);
      return parsed;
    } catch {
      return fail(c, 400, MESSAGES.badJson);
    }
  }

  app.all('/api/*', async (c) => {
    const route = routes.get(c.req.path);
    if (!route) return fail(c, 404, MESSAGES.noSuchApi);
    if (c.req.method !== 'POST') return fail(c, 405, MESSAGES.methodNotAllowed, { allow: 'POST' });

    const fields = await readFields(c);
    if (fields instanceof Response) return fields;

    // 1. Signature over the received fields (files and arrays are not signed).
    const signature = c.req.header('cache-key');
    if (!signature) return fail(c, 400, MESSAGES.missingSignature);
    if (!verifySignature(fields, secret, signature)) return fail(c, 400, MESSAGES.badSignature);
    // 2. Fresh timestamp, 3. unseen nonce (checked after the signature, so forgeries cannot fill the store).
    const signing = signingFieldsSchema.safeParse(fields);
    if (!signing.success) return fail(c, 400, MESSAGES.badSigningFields);
    if (Math.abs(Math.floor(now() / 1000) - signing.data.ts) > LIMITS.tsSkewSeconds) {
      return fail(c, 400, MESSAGES.staleTs);
    }
    const seen = nonces.check(signing.data.nonce);
    if (seen === 'replayed') return fail(c, 400, MESSAGES.replayed);
    if (seen === 'full') return fail(c, 503, MESSAGES.nonceStoreFull, { 'retry-after': '60' });

    // 4. Who is calling.
    const authorization = c.req.header('authorization');
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
    let user: HandlerContext<ApiPath>['user'] = null;
    if (route.contract.auth || token) {
      const userId = token ? await tokens.verify(token) : null;
      user = userId === null ? null : await tokens.user(userId);
      if (route.contract.auth && !user) return fail(c, 401, MESSAGES.unauthorized);
    }
    if (c.req.path.startsWith('/api/company/') && !user?.is_manage) return fail(c, 403, MESSAGES.forbidden);

    // 5. Input against the contract.
    const body = route.contract.body.safeParse(fields, { error: localeError });
    if (!body.success) return fail(c, 422, summariseIssues(body.error.issues));
    let query: unknown;
    if (route.contract.query) {
      const parsed = (route.contract.query as z.ZodType).safeParse(c.req.query(), { error: localeError });
      if (!parsed.success) return fail(c, 422, summariseIssues(parsed.error.issues));
      query = parsed.data;
    }

    const path = c.req.path;
    const cacheKey =
      readCache.enabled && READ_PATHS.has(path)
        ? `${path}\n${JSON.stringify(body.data)}\n${query === undefined ? '' : JSON.stringify(query)}`
        : null;
    if (cacheKey) {
      const cached = readCache.get(cacheKey);
      if (cached !== undefined) return sendJsonText(c, 200, cached);
    }
    const generation = readCache.generation;
    try {
      const data = await route.handler({
        body: body.data,
        query,
        user,
        token,
        ip: clientIp(c),
      } as HandlerContext<ApiPath>);
      const text = JSON.stringify({ errorCode: 0, data: data ?? null });
      if (!cacheKey) return sendJsonText(c, 200, text);
      const bytes = Buffer.from(text);
      readCache.set(cacheKey, bytes, generation);
      return sendJsonText(c, 200, bytes);
    } catch (error) {
      if (error instanceof HttpProblem) return fail(c, error.status, error.message, error.headers);
      if (error instanceof ApiRefusal) return fail(c, 200, error.message);
      throw error;
    } finally {
      // A write (even a failed one may have changed something) invalidates every cached read.
      if (!READ_PATHS.has(path) && !NEUTRAL_PATHS.has(path)) readCache.invalidate();
    }
  });

  const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (char) => `&#${char.charCodeAt(0)};`);

  // The pages of the app carry the current company config (EMBEDDED_COMPANY_CONFIG_ID), so that a
  // first visit paints its branding at once. Rebuilt after any write, and at most 2 s old otherwise
  // (another instance may have written to the same Postgres).
  let embedded: { generation: number; until: number; html: string } | undefined;
  const embeddedConfig = async (): Promise<string | undefined> => {
    const generation = readCache.generation;
    if (embedded && embedded.generation === generation && embedded.until > now()) return embedded.html;
    try {
      const config = await handlers['/api/default/config']({
        body: {},
        query: undefined,
        user: null,
        token: null,
        ip: '',
      } as HandlerContext<'/api/default/config'>);
      // The logo as the tab's icon, and fetched with the HTML rather than after the code has run.
      const logo = isSafeUrl(config.logo_url) ? escapeAttribute(config.logo_url) : '';
      const html =
        (logo ? `<link rel="icon" href="${logo}"><link rel="preload" as="image" href="${logo}">` : '') +
        `<script type="application/json" id="${EMBEDDED_COMPANY_CONFIG_ID}">${embeddableJson(config)}</script>`;
      embedded = { generation, until: now() + 2000, html };
      return html;
    } catch (error) {
      // The page still works without it: the app fetches default/config itself.
      log.warn('company config not embedded', { error: error instanceof Error ? error.name : 'unknown' });
      return undefined;
    }
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (c.req.path.startsWith('/__dev/')) return c.text('Not Found', 404);
    if (!staticSite?.built) {
      return c.text(NOT_BUILT_TEXT, 503, { 'cache-control': 'no-store' });
    }
    const response = staticSite.serve(
      c.req.path,
      c.req.header('accept-encoding') ?? '',
      c.req.header('if-none-match'),
      c.req.method === 'HEAD',
      staticSite.isPage(c.req.path) ? await embeddedConfig() : undefined,
    );
    return response ?? c.text('Not Found', 404);
  });

  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? fail(c, 404, MESSAGES.noSuchApi) : c.text('Not Found', 404),
  );

  app.onError((error, c) => {
    log.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    return sendJson(c, 500, { errorCode: 1, msg: MESSAGES.internal });
  });

  return app;
}
