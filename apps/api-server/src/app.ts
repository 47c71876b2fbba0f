import { EMBEDDED_COMPANY_CONFIG_ID, embeddableJson, isSafeUrl } from '@consign/api-client';
import { apiRoutes } from '@consign/api-client/contract';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { getCompanyConfig } from './db/company';
import { isConcurrencyFailure, isForeignKeyViolation, isUniqueViolation } from './db/db';
import { notFound, staleRecord } from './db/scope';
import type { ApiEnv, Deps } from './env';
import { bannerSvg, goodsSvg, LOGO_SVG } from './http/images';
import { ApiRefusal, fail, HttpProblem, MESSAGES } from './http/respond';
import { NOT_BUILT_TEXT, type StaticSite } from './http/static';
import type { LiveHub } from './live/hub';
import { audit } from './middleware/audit';
import { authentication } from './middleware/authentication';
import { authorisation } from './middleware/authorisation';
import { bodyLimits } from './middleware/body-limit';
import { idempotency } from './middleware/idempotency';
import { type InFlightLimits, inFlightLimit } from './middleware/in-flight';
import { requestLog } from './middleware/request-log';
import { parseCspOrigins, securityHeaders } from './middleware/security-headers';
import { signature } from './middleware/signature';
import { ConsoleSmsProvider, type SmsProvider } from './providers/sms';
import { addressRoutes } from './routes/address';
import { balanceRoutes, paymentRoutes } from './routes/balance';
import { buyerRoutes } from './routes/buyer';
import { companyRoutes } from './routes/company';
import { copyRoutes } from './routes/copy';
import { dashboardRoutes } from './routes/dashboard';
import { defaultRoutes } from './routes/default';
import { downloadRoutes, exportRoutes } from './routes/export';
import { featuredRoutes } from './routes/featured';
import { goodsRoutes } from './routes/goods';
import { listingRoutes } from './routes/listing';
import { liveRoutes } from './routes/live';
import { logRoutes } from './routes/log';
import { notificationRoutes } from './routes/notification';
import { orderRoutes } from './routes/order';
import { paymentIssueRoutes } from './routes/payment-issue';
import { platformEventRoutes } from './routes/platform-events';
import { purchaseRoutes } from './routes/purchase';
import { reportRoutes } from './routes/report';
import { sellerRoutes } from './routes/seller';
import { settingRoutes } from './routes/setting';
import { shopRoutes } from './routes/shop';
import { supplierRoutes } from './routes/supplier';
import { teamRoutes } from './routes/team';
import { userRoutes } from './routes/user';
import { type AlipaySandbox, type PlatformSandboxes, SANDBOX_MOUNT } from './sandboxes';
import type { NonceStore } from './security/nonce-store';

const compressAnswers = compress();

export interface AppOptions extends Deps {
  secret: string;
  nonces: NonceStore;
  smsProvider: SmsProvider;
  /** In production there are no `/__dev/*` routes, whatever the providers. */
  production: boolean;
  staticSite: StaticSite | null;
  /** Where the export files are (the export worker writes them, `/download/export/:id` reads them). */
  exportDir: string;
  /** The platform sandboxes, served under `/__sandbox/pdd`, `/doudian` and `/alibaba` (never in production). */
  sandboxes?: PlatformSandboxes | null;
  /** The bound on API calls in flight (middleware/in-flight.ts). */
  inFlight: InFlightLimits;
  /** The Alipay sandbox, served under `/__sandbox/alipay` (never in production). */
  alipaySandbox?: AlipaySandbox | null;
  /** The live pages' hub of this instance (`/api/live/stream`, live/hub.ts). */
  live: LiveHub;
}

/**
 * The signed JSON API under `/api`: every call passes the same pipeline (known call, body limit,
 * signature and replay, authentication, authorisation, the operation log of a write), then its area's
 * route validates the body against the contract and answers.
 */
function createApi(options: AppOptions) {
  const api = new Hono<ApiEnv>();
  // Past the bound on calls in flight: 503 with Retry-After before anything else runs.
  api.use(inFlightLimit(options.inFlight));
  // Only the calls of the contract, only POST.
  api.use(async (c, next) => {
    if (!Object.hasOwn(apiRoutes, c.req.path)) return fail(c, 404, MESSAGES.noSuchApi);
    if (c.req.method !== 'POST') return fail(c, 405, MESSAGES.methodNotAllowed, { allow: 'POST' });
    await next();
  });
  // JSON answers gzip-compressed for clients that accept it (browsers do). Only for them: Hono's
  // `compress` reads every answer's body as a stream, which takes the node adapter off its fast path.
  // Never the live stream, whose events must not wait in a compressor's buffer.
  api.use((c, next) =>
    c.req.header('accept-encoding') && c.req.path !== '/api/live/stream' ? compressAnswers(c, next) : next(),
  );
  api.use(bodyLimits);
  api.use(signature(options));
  api.use(authentication(options.tokens, options.db));
  api.use(authorisation);
  // Before audit: a repeated create is answered from the first answer, runs and logs nothing.
  api.use(idempotency(options));
  api.use(audit(options));

  api.route('/default', defaultRoutes(options));
  api.route('/user', userRoutes());
  api.route('/live', liveRoutes(options));
  api.route('/company', companyRoutes(options));
  api.route('/setting', settingRoutes());
  api.route('/order', orderRoutes(options));
  api.route('/address', addressRoutes(options));
  api.route('/buyer', buyerRoutes(options));
  api.route('/shop', shopRoutes(options));
  api.route('/supplier', supplierRoutes(options));
  api.route('/purchase', purchaseRoutes(options));
  api.route('/goods', goodsRoutes(options));
  api.route('/goods', listingRoutes(options));
  api.route('/copy', copyRoutes(options));
  api.route('/featured', featuredRoutes(options));
  api.route('/export', exportRoutes(options));
  api.route('/dashboard', dashboardRoutes(options));
  api.route('/report', reportRoutes()); // profit: 利润报表
  api.route('/log', logRoutes());
  api.route('/notification', notificationRoutes(options));
  api.route('/team', teamRoutes(options));
  api.route('/seller', sellerRoutes(options));
  api.route('/balance', balanceRoutes(options));
  // reconcile: 充值异常 (operators)
  api.route('/reconcile', paymentIssueRoutes(options));
  return api;
}

/** The HTTP application: the signed JSON API, dev helpers, generated images and the static admin app. */
export function createApp(options: AppOptions) {
  const { db, log, staticSite, smsProvider, production } = options;
  const app = new Hono<{ Bindings: HttpBindings }>();

  app.use(requestLog(log));
  app.use(securityHeaders(parseCspOrigins(process.env.CSP_CAPTCHA_ORIGINS)));

  app.get('/healthz', (c) => c.json({ ok: true }));

  if (smsProvider instanceof ConsoleSmsProvider && !production) {
    // Development only: the latest code sent to a mobile. Absent in production and with any other
    // provider (then `/__dev/*` answers 404 below).
    app.get('/__dev/sms', (c) => {
      const mobile = (c.req.query('mobile') ?? '').replace(/\s+/g, '');
      const entry = smsProvider.latest(mobile);
      if (!entry) return c.json({ error: 'no code sent to this mobile' }, 404);
      return c.json({ mobile: entry.mobile, code: entry.code });
    });
  }

  if (options.sandboxes && !production) {
    const { pdd, doudian, alibaba } = options.sandboxes;
    app.mount(`${SANDBOX_MOUNT}/pdd`, (request) => pdd.fetch(request));
    app.mount(`${SANDBOX_MOUNT}/doudian`, (request) => doudian.fetch(request));
    // The 1688 sandbox's cashier links are absolute: it is told where it is mounted.
    app.mount(
      `${SANDBOX_MOUNT}/alibaba`,
      (request, base) => alibaba.fetch(request, base as string),
      (c) => `${new URL(c.req.url).origin}${SANDBOX_MOUNT}/alibaba`,
    );
  }
  // balance (余额, 充值): the Alipay sandbox, and Alipay's asynchronous notifications (not /api: Alipay
  // posts a signed form, not our signed JSON).
  const { alipaySandbox } = options;
  if (alipaySandbox && !production) {
    app.mount(`${SANDBOX_MOUNT}/alipay`, (request) => alipaySandbox.fetch(request));
  }
  app.route('/payments', paymentRoutes(options));

  const svg = (body: string | null, c: Context) =>
    body
      ? c.body(body, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })
      : c.text('Not Found', 404);
  app.get('/static/logo.svg', (c) => svg(LOGO_SVG, c));
  app.get('/static/banners/:name{[0-9]+\\.svg}', (c) => svg(bannerSvg(c.req.param('name').slice(0, -4)), c));
  app.get('/static/goods/:name{[0-9]+\\.svg}', (c) => svg(goodsSvg(c.req.param('name').slice(0, -4)), c));

  // 抖店 消息推送 and 1688 消息服务 (routes/platform-events.ts): before `/api`, whose pipeline wants our own signature.
  app.route('/api/platform-events', platformEventRoutes(options));
  app.route('/api', createApi(options));
  app.route('/download', downloadRoutes(options));

  const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (char) => `&#${char.charCodeAt(0)};`);

  // The pages of the app carry the current company config (EMBEDDED_COMPANY_CONFIG_ID), so that a
  // first visit paints its branding at once: the logo as the tab's icon (fetched with the HTML rather
  // than after the code has run) and the config as JSON. Read for every page.
  const embeddedConfig = async (): Promise<string | undefined> => {
    try {
      const config = await getCompanyConfig(db);
      const logo = isSafeUrl(config.logo_url) ? escapeAttribute(config.logo_url) : '';
      return (
        (logo ? `<link rel="icon" href="${logo}"><link rel="preload" as="image" href="${logo}">` : '') +
        `<script type="application/json" id="${EMBEDDED_COMPANY_CONFIG_ID}">${embeddableJson(config)}</script>`
      );
    } catch (error) {
      // The page still works without it: the app fetches default/config itself.
      log.warn('company config not embedded', { error: error instanceof Error ? error.name : 'unknown' });
      return undefined;
    }
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    if (c.req.path.startsWith('/__dev/') || c.req.path.startsWith(`${SANDBOX_MOUNT}/`)) {
      return c.text('Not Found', 404);
    }
    if (!staticSite?.built) return c.text(NOT_BUILT_TEXT, 503, { 'cache-control': 'no-store' });
    return staticSite.serve(c, embeddedConfig);
  });

  app.notFound((c) => c.text('Not Found', 404));

  app.onError((error, c) => {
    if (error instanceof HttpProblem) return fail(c, error.status, error.message, error.headers);
    if (error instanceof ApiRefusal) return fail(c, 200, error.message);
    if (error instanceof HTTPException) return error.getResponse();
    // A write that lost a race with another at the database's constraints: the row it counted on was
    // deleted meanwhile (404), or another write took the unique key or kept deadlocking with it (409).
    // Nothing of it was committed. A route that has a more precise answer gives it itself.
    const race = isForeignKeyViolation(error)
      ? notFound()
      : isUniqueViolation(error) || isConcurrencyFailure(error)
        ? staleRecord()
        : null;
    if (race) {
      log.warn('write lost a race', { path: c.req.path, code: (error as { code?: string }).code });
      return fail(c, race.status, race.message);
    }
    log.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    return fail(c, 500, MESSAGES.internal);
  });

  return app;
}
