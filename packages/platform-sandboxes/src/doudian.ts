import { randomBytes } from 'node:crypto';
import {
  maskAddress,
  maskMobile,
  maskName,
  SANDBOX_ORDERS_PATH,
  type SandboxChange,
  SandboxCore,
  type SandboxOptions,
  type SandboxOrder,
  sameSignature,
} from './core';
import { DoudianGoodsRefusal, DoudianSandboxGoods } from './doudian-goods';
import type { AppCredentials } from './protocol';
import {
  DOUDIAN_CODES,
  DOUDIAN_MAX_LOOKBACK_SECONDS,
  DOUDIAN_MAX_PAGE_SIZE,
  DOUDIAN_SUB_CODES,
  doudianPushSign,
  doudianSign,
} from './protocol';

/**
 * A local 抖店 open platform, as its documentation describes it:
 * - `POST /{path}` (e.g. `/order/searchList`) with `app_key, method, timestamp, v=2,
 *   sign_method=hmac-sha256, access_token, sign` in the query and `param_json` as the body (or as a query
 *   parameter); it checks the app, that `method` is the path with dots, the timestamp (within 10
 *   minutes: `40003 isv.timestamp-invalid`), the sign over the `param_json` exactly as received
 *   (`40003 isv.signature-invalid`), the rate limit (`60000`), the access token
 *   (`40003 isv.access-token-expired` / `isv.access-token-no-existed`);
 * - answers `{code: 10000, msg: "success", sub_code, sub_msg, data, log_id}`; pages from 0, `size` up
 *   to 100, amounts in 分, times in unix seconds; `order.batchDecrypt` takes at most 50 ciphertexts;
 *   `order.logisticsAdd` reads `company_code` and refuses a deprecated `logistics_id` that is not an
 *   int64 (as the platform's typed parameters do), else ignores it;
 * - access tokens live 7 days (`expires_in` in seconds), refresh tokens 14 days from their issue; a
 *   refresh while the access token has more than an hour left answers the same tokens, their lives
 *   unchanged (as documented for `/token/refresh`);
 * - `GET|POST /authorize?service_id=…&state=…`: the 服务市场's authorisation page of a tool-type app's
 *   service, known by its `service_id` (`services`); 同意授权 redirects to the callback registered for
 *   the service with `code` and `state`. A request without a known `service_id`, or in the
 *   `app_key`/`redirect_uri` form of other platforms, is refused;
 * - 铺货's product calls (doudian-goods.ts, `publishing`): categories, properties, images, freight
 *   templates, `/product/addV2` and its review; 货源监控's `/sku/list`, `/sku/editPrice`, `/sku/syncStock`,
 *   `/product/setOffline|setOnline` (the values kept to read back); a refusal is `40004` with the reason
 *   in `sub_msg`;
 * - `GET /orders?shop=<id>`: the shop's orders and their tracking numbers (read-only HTML, core.ts);
 * - 消息推送: an app subscribed with `subscribePushes` gets a signed `POST` for every change of an order
 *   of a shop that authorised it (header `app-id`, `event-sign` = `md5_hex(app_key + body +
 *   app_secret)`, content type JSON; the body a JSON array of `{tag, msg_id, data}`, `data` a JSON
 *   string whose `p_id`, `s_ids`, `shop_id` are int64 numbers): a paid order `101`
 *   (trade_TradePaid), a shipment `102` (trade_TradeSellerShip), a refund asked `200`
 *   (refund_RefundCreated), a refund done `206` (refund_RefundSuccess). A push not answered
 *   `{"code":0,...}` is sent again, same `msg_id`, after `pushRetryMs`, up to `pushAttempts` times.
 */

export const DOUDIAN_SANDBOX_PATHS = { auth: '/authorize' } as const;

/** A service on the 服务市场: its 服务ID, its app, and the callback its developer registered. */
export interface DoudianService {
  serviceId: string;
  appKey: string;
  /** Read at each authorisation (the server's `PUBLIC_URL` is known once it listens). */
  callbackUrl: () => string;
}

/** One push the sandbox sent (for tests): to which app, what, and how it went. */
export interface DoudianPush {
  appKey: string;
  tag: string;
  msgId: string;
  orderNo: string;
  shopId: string;
  attempts: number;
  /** Answered `{"code":0}` by the subscriber. */
  delivered: boolean;
  /** The last answer's HTTP status, or the network error. */
  lastAnswer: string;
}

/** The access token's life the platform answers in `expires_in`: 7 days. */
export const DOUDIAN_ACCESS_TOKEN_SECONDS = 7 * 86_400;
/**
 * The documented limits the sandbox holds the connector to, written out here rather than taken from
 * the connector (a limit the connector got wrong would otherwise be the sandbox's too).
 */
const REFRESH_TOKEN_SECONDS = 14 * 86_400;
const CIPHER_INFOS_MAX = 50;

export const DOUDIAN_SANDBOX_SHOPS = [
  { shopId: '77001', shopName: '沙箱抖店旗舰店' },
  { shopId: '77002', shopName: '沙箱抖店二店' },
];

export const DOUDIAN_SANDBOX_CARRIERS = [
  { id: '12', code: 'shunfeng', name: '顺丰速运' },
  { id: '15', code: 'zhongtong', name: '中通快递' },
  { id: '7', code: 'yuantong', name: '圆通快递' },
  { id: '16', code: 'yunda', name: '韵达快递' },
  { id: '17', code: 'shentong', name: '申通快递' },
];

class DoudianAnswer extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly subCode = '',
    readonly subMsg = '',
  ) {
    super(msg);
  }
}

const invalid = (subCode: string, subMsg: string) =>
  new DoudianAnswer(DOUDIAN_CODES.invalidParameter, '非法的参数（平台校验）', subCode, subMsg);
const businessInvalid = (subMsg: string) =>
  new DoudianAnswer(DOUDIAN_CODES.businessParameter, '非法的参数（业务校验）', 'isv.business-failed', subMsg);

const STATUS_CODES: Record<SandboxOrder['status'], [number, string]> = {
  unpaid: [1, '待支付'],
  to_ship: [2, '备货中'],
  shipped: [3, '已发货'],
  received: [5, '已完成'],
  cancelled: [4, '已取消'],
};

export class DoudianSandbox extends SandboxCore {
  /** 铺货: the product calls, their state and test hooks (doudian-goods.ts). */
  readonly publishing = new DoudianSandboxGoods(() => this.now());
  readonly #services = new Map<string, DoudianService>();
  /** The access token each refresh token was issued with (an early refresh answers both again). */
  readonly #issuedWith = new Map<string, string>();
  /** Each subscribed app's 消息推送 URL (read at each push: the server's URL is known once it listens). */
  readonly #pushUrls = new Map<string, () => string>();
  /** Every push sent, in order (the last `SANDBOX_CALLS_KEPT` are enough for any test). */
  readonly pushes: DoudianPush[] = [];
  readonly #sending = new Set<Promise<void>>();
  readonly #pushRetryMs: number;
  readonly #pushAttempts: number;

  constructor(
    options: SandboxOptions & { services?: DoudianService[]; pushRetryMs?: number; pushAttempts?: number },
  ) {
    super(
      'douyin',
      {
        ...options,
        tokenTtlSeconds: options.tokenTtlSeconds ?? DOUDIAN_ACCESS_TOKEN_SECONDS,
        refreshTtlSeconds: options.refreshTtlSeconds ?? REFRESH_TOKEN_SECONDS,
      },
      DOUDIAN_SANDBOX_SHOPS.map((s) => ({ ...s })),
      DOUDIAN_SANDBOX_CARRIERS.map((c) => ({ ...c })),
    );
    for (const service of options.services ?? []) this.registerService(service);
    this.#pushRetryMs = options.pushRetryMs ?? 5_000;
    this.#pushAttempts = options.pushAttempts ?? 5;
  }

  /** The developer sets the app's 消息推送 URL: from now on its shops' order changes are pushed there. */
  subscribePushes(appKey: string, url: () => string) {
    this.#pushUrls.set(appKey, url);
  }

  /** Waits until every push in flight was delivered or given up. */
  async settlePushes(): Promise<void> {
    while (this.#sending.size > 0) await Promise.allSettled([...this.#sending]);
  }

  protected override changed(order: SandboxOrder, change: SandboxChange) {
    const tag =
      change === 'placed'
        ? order.status === 'to_ship'
          ? '101'
          : null
        : change === 'shipped'
          ? '102'
          : order.refund === 'in_progress'
            ? '200'
            : order.refund === 'refunded'
              ? '206'
              : null;
    if (!tag) return;
    const apps = new Set(
      [...this.accessTokens.values(), ...this.refreshTokens.values()]
        .filter((token) => token.shopId === order.shopId && this.#pushUrls.has(token.clientId))
        .map((token) => token.clientId),
    );
    for (const appKey of apps) {
      const push: DoudianPush = {
        appKey,
        tag,
        msgId: randomBytes(12).toString('hex'),
        orderNo: order.orderNo,
        shopId: order.shopId,
        attempts: 0,
        delivered: false,
        lastAnswer: '',
      };
      this.pushes.push(push);
      if (this.pushes.length > 10_000) this.pushes.splice(0, this.pushes.length - 10_000);
      const body = JSON.stringify([{ tag, msg_id: push.msgId, data: this.pushData(order, tag) }]);
      const sending = this.#send(push, body).finally(() => this.#sending.delete(sending));
      this.#sending.add(sending);
    }
  }

  /** A message's `data` as the platform writes it: int64 ids as bare numbers (beyond JS's safe range). */
  private pushData(order: SandboxOrder, tag: string): string {
    const nowS = this.nowS();
    const subOrders = order.items.map((_, i) => `${order.orderNo.slice(0, -1)}${i + 1}`);
    const paid = order.items.reduce((sum, item) => sum + item.priceFen * item.quantity, 0);
    const fields: Record<string, unknown> =
      tag === '101'
        ? {
            order_status: 2,
            order_type: 0,
            pay_type: 1,
            pay_time: order.paidAt ?? nowS,
            pay_amount: paid,
            biz: 2,
          }
        : tag === '102'
          ? { order_status: 3, logistics_code: order.shipment?.trackingNo ?? '', logistics_time: nowS }
          : {
              aftersale_id: `#int:${7_100_000_000_000_000_000n + BigInt(nowS)}`,
              aftersale_status: tag === '200' ? 6 : 12,
              aftersale_type: 1,
              apply_time: nowS,
              refund_amount: paid,
              s_id: `#int:${subOrders[0] ?? order.orderNo}`,
            };
    const data = {
      p_id: `#int:${order.orderNo}`,
      ...(tag.startsWith('1') ? { s_ids: subOrders.map((id) => `#int:${id}`) } : {}),
      shop_id: `#int:${order.shopId}`,
      update_time: nowS,
      ...fields,
    };
    return JSON.stringify(data).replace(/"#int:(\d+)"/g, '$1');
  }

  async #send(push: DoudianPush, body: string) {
    const secret = this.apps.get(push.appKey) ?? '';
    const sign = doudianPushSign(push.appKey, body, secret);
    while (push.attempts < this.#pushAttempts) {
      if (push.attempts > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.#pushRetryMs).unref());
      }
      push.attempts += 1;
      try {
        const response = await fetch(this.#pushUrls.get(push.appKey)?.() ?? '', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'app-id': push.appKey, 'event-sign': sign },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
        push.lastAnswer = String(response.status);
        if (response.ok && answer?.code === 0) {
          push.delivered = true;
          return;
        }
      } catch (error) {
        push.lastAnswer = error instanceof Error ? error.message : String(error);
      }
    }
  }

  /** A service the developer put on the 服务市场, with its callback. */
  registerService(service: DoudianService) {
    this.#services.set(service.serviceId, service);
  }

  static endpoints(baseUrl: string) {
    return { gatewayUrl: baseUrl, authUrl: `${baseUrl}${DOUDIAN_SANDBOX_PATHS.auth}` };
  }

  protected newOrderNo(): string {
    return String(6_920_000_000_000_000_000n + BigInt(this.nextSequence()) * 104_729n);
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === DOUDIAN_SANDBOX_PATHS.auth) {
      return this.authorisationPage(request, (form) => {
        if (['app_key', 'app_id', 'redirect_uri', 'response_type'].some((key) => form.has(key))) {
          return {
            refused:
              '授权链接不正确：工具型应用按服务授权（service_id 与 state），不接受 app_key 与 redirect_uri',
          };
        }
        const serviceId = form.get('service_id') ?? '';
        const service = this.#services.get(serviceId);
        if (!service)
          return { refused: serviceId ? '服务不存在：service_id 未在服务市场上架' : '缺少 service_id' };
        return {
          clientId: service.appKey,
          redirectUri: service.callbackUrl(),
          fields: { service_id: serviceId },
        };
      });
    }
    if (url.pathname === SANDBOX_ORDERS_PATH && request.method === 'GET') return this.ordersPage(url);
    if (request.method !== 'POST') return new Response('Not Found', { status: 404 });
    const body = await this.readBody(request);
    if (body === null) return new Response('Payload Too Large', { status: 413 });
    const query = url.searchParams;
    const paramJson = body || query.get('param_json') || '{}';
    const method = query.get('method') ?? '';
    let shopId: string | null = null;
    try {
      shopId = this.authenticate(url, paramJson);
      let params: Record<string, unknown>;
      try {
        params = JSON.parse(paramJson) as Record<string, unknown>;
      } catch {
        throw invalid('isv.parameter-format-invalid', '业务参数json解析失败');
      }
      const data = this.answer(method, params, paramJson, query.get('app_key') ?? '', shopId);
      this.record({ method, shopId, error: null });
      // int64 ids (a product's) are written bare, beyond JavaScript's safe integers, as the platform does.
      const text = JSON.stringify({
        code: DOUDIAN_CODES.ok,
        msg: 'success',
        sub_code: '',
        sub_msg: '',
        data,
        log_id: this.logId(),
      }).replace(/"#int:(\d+)"/g, '$1');
      return new Response(text, { headers: { 'content-type': 'application/json' } });
    } catch (error) {
      if (!(error instanceof DoudianAnswer)) throw error;
      this.record({ method, shopId, error: `${error.code}${error.subCode ? `/${error.subCode}` : ''}` });
      return Response.json({
        code: error.code,
        msg: error.message,
        sub_code: error.subCode,
        sub_msg: error.subMsg,
        data: null,
        log_id: this.logId(),
      });
    }
  }

  private logId() {
    return `${this.now()}${Math.floor(Math.random() * 1e6)}`;
  }

  /** App, method, version, timestamp, signature, rate limit and token; the token's shop (or null). */
  private authenticate(url: URL, paramJson: string): string | null {
    const query = url.searchParams;
    const appKey = query.get('app_key') ?? '';
    const secret = this.apps.get(appKey);
    if (!appKey)
      throw new DoudianAnswer(
        DOUDIAN_CODES.missingParameter,
        '缺少必选参数（平台校验）',
        'isv.app-id-missing',
        '认证失败，app_key不存在',
      );
    if (!secret) throw invalid('isv.app-id-invalid', '认证失败，app_key不存在');
    const method = query.get('method') ?? '';
    if (method !== url.pathname.replace(/^\//, '').replaceAll('/', '.')) {
      throw invalid('isv.method-invalid', 'method与请求路径不一致');
    }
    const sign = query.get('sign') ?? '';
    if (!sign)
      throw new DoudianAnswer(
        DOUDIAN_CODES.missingParameter,
        '缺少必选参数（平台校验）',
        'isv.signature-missing',
        '获取签名失败',
      );
    if (query.get('v') !== '2' || query.get('sign_method') !== 'hmac-sha256') {
      throw invalid('isv.parameter-invalid', '沙箱只支持 v=2 与 sign_method=hmac-sha256');
    }
    const timestamp = query.get('timestamp') ?? '';
    const expected = doudianSign(secret, { appKey, method, paramJson, timestamp, v: '2' });
    if (!sameSignature(expected, sign)) throw invalid(DOUDIAN_SUB_CODES.badSignature, '签名校验失败');
    if (!/^\d+$/.test(timestamp) || Math.abs(this.nowS() - Number(timestamp)) > 600) {
      throw invalid(DOUDIAN_SUB_CODES.badTimestamp, '时间戳不合法');
    }
    if (!this.withinRateLimit(appKey, method)) {
      throw new DoudianAnswer(
        DOUDIAN_CODES.rateLimited,
        '触发限流，请稍后重试',
        'isv.flow-limited',
        '接口调用频率超过限制',
      );
    }
    if (method.startsWith('token.')) return null;
    const accessToken = query.get('access_token') ?? '';
    if (!accessToken) {
      throw new DoudianAnswer(
        DOUDIAN_CODES.missingParameter,
        '缺少必选参数（平台校验）',
        'isv.access-token-missing',
        '认证失败，access_token不能为空',
      );
    }
    const token = this.checkToken(appKey, accessToken);
    if (token === 'expired') throw invalid(DOUDIAN_SUB_CODES.tokenExpired, 'access_token已过期');
    if (token === 'unknown')
      throw invalid(DOUDIAN_SUB_CODES.tokenUnknown, 'access_token不存在，请使用最新的access_token访问');
    return token.shopId;
  }

  private answer(
    method: string,
    params: Record<string, unknown>,
    paramJson: string,
    appKey: string,
    shopId: string | null,
  ): unknown {
    switch (method) {
      case 'token.create': {
        if (params.grant_type !== 'authorization_code') {
          throw new DoudianAnswer(
            DOUDIAN_CODES.tokenFailed,
            '平台处理失败',
            'dop.token-generate-failed:grant-type-invalid',
            '生成token失败，grant_type参数取值不正确',
          );
        }
        const issued = this.redeemCode(appKey, String(params.code ?? ''));
        if (!issued) {
          throw new DoudianAnswer(
            DOUDIAN_CODES.tokenFailed,
            '平台处理失败',
            'dop.token-generate-failed:code-invalid',
            '生成token失败，code参数不正确，请引导商家重新授权获取code',
          );
        }
        return this.tokenData(issued);
      }
      case 'token.refresh': {
        const refreshToken = String(params.refresh_token ?? '');
        const early = this.earlyRefresh(appKey, refreshToken);
        if (early) return early;
        const issued = this.redeemRefresh(appKey, refreshToken);
        if (!issued) {
          throw new DoudianAnswer(
            DOUDIAN_CODES.tokenFailed,
            '平台处理失败',
            'dop.token-generate-failed:token-invalid',
            '生成token失败，token不存在',
          );
        }
        return this.tokenData(issued);
      }
      case 'order.searchList':
        return this.searchList(params, shopId ?? '');
      case 'order.orderDetail':
        return { shop_order_detail: this.render(this.ownOrder(shopId, params.shop_order_id)) };
      case 'order.logisticsCompanyList':
        return DOUDIAN_SANDBOX_CARRIERS.map((c) => ({ id: Number(c.id), code: c.code, name: c.name }));
      case 'order.logisticsAdd': {
        const order = this.ownOrder(shopId, params.order_id);
        // 【已废弃】logistics_id, an int64: a string or a fraction fails the platform's typed parsing.
        if ('logistics_id' in params && !Number.isSafeInteger(params.logistics_id)) {
          throw invalid('isv.parameter-invalid', 'logistics_id参数类型错误，应为int64');
        }
        const carrier = DOUDIAN_SANDBOX_CARRIERS.find((c) => c.code === params.company_code);
        if (!carrier) throw businessInvalid('物流公司编码不存在');
        const refused = this.recordShipment(order, carrier, String(params.logistics_code ?? ''));
        if (refused)
          throw new DoudianAnswer(
            DOUDIAN_CODES.businessFailed,
            '业务处理失败',
            'isv.business-failed',
            refused,
          );
        return {};
      }
      case 'order.batchDecrypt':
        return this.batchDecrypt(params, shopId ?? '');
      default: {
        const published = this.goodsAnswer(method, params, paramJson, shopId ?? '');
        if (published !== undefined) return published;
        throw new DoudianAnswer(70000, '接口服务已下线', 'isp.api-service-off', 'API不存在或API已下线');
      }
    }
  }

  /** 铺货's calls (doudian-goods.ts); a refusal there is the platform's 业务校验 error with its reason. */
  private goodsAnswer(method: string, params: Record<string, unknown>, paramJson: string, shopId: string) {
    try {
      return this.publishing.answer(method, params, paramJson, shopId);
    } catch (error) {
      if (error instanceof DoudianGoodsRefusal) throw businessInvalid(error.message);
      throw error;
    }
  }

  /**
   * A refresh while the access token it was issued with has more than an hour left: the same tokens,
   * `expires_in` what is left of the access token. Null otherwise (new tokens are issued).
   */
  private earlyRefresh(appKey: string, refreshToken: string) {
    const refresh = this.refreshTokens.get(refreshToken);
    const accessToken = this.#issuedWith.get(refreshToken) ?? '';
    const access = this.accessTokens.get(accessToken);
    if (!refresh || refresh.used || refresh.clientId !== appKey || refresh.expiresAt < this.nowS())
      return null;
    if (!access || access.expiresAt - this.nowS() <= 3600) return null;
    const shop = this.shops.find((s) => s.shopId === access.shopId);
    if (!shop) return null;
    return this.tokenData({
      shop,
      accessToken,
      refreshToken,
      expiresIn: access.expiresAt - this.nowS(),
    });
  }

  private tokenData(issued: {
    shop: { shopId: string; shopName: string };
    accessToken: string;
    refreshToken: string;
    expiresIn: number;
  }) {
    this.#issuedWith.set(issued.refreshToken, issued.accessToken);
    return {
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      refresh_token: issued.refreshToken,
      scope: 'SCOPE',
      shop_id: Number(issued.shop.shopId),
      shop_name: issued.shop.shopName,
      authority_id: issued.shop.shopId,
      auth_subject_type: 'Shop',
    };
  }

  private searchList(params: Record<string, unknown>, shopId: string) {
    const start = Number(params.update_time_start ?? params.create_time_start);
    const end = Number(params.update_time_end ?? params.create_time_end ?? this.nowS());
    if (!Number.isInteger(start) || !Number.isInteger(end) || end < start) {
      throw businessInvalid('update_time_start和update_time_end不正确');
    }
    if (start < this.nowS() - DOUDIAN_MAX_LOOKBACK_SECONDS) throw businessInvalid('只能查询90天内的订单');
    const page = Number(params.page ?? 0);
    const size = Number(params.size ?? 10);
    if (!Number.isInteger(page) || page < 0) throw businessInvalid('page从0开始');
    if (!Number.isInteger(size) || size < 1 || size > DOUDIAN_MAX_PAGE_SIZE)
      throw businessInvalid('size最大为100');
    const all = this.changedOrders(shopId, start, end);
    return {
      shop_order_list: all.slice(page * size, (page + 1) * size).map((order) => this.render(order)),
      page,
      size,
      total: all.length,
    };
  }

  private ownOrder(shopId: string | null, orderNo: unknown): SandboxOrder {
    const order = this.orders.get(String(orderNo ?? ''));
    if (!order || order.shopId !== shopId) throw businessInvalid('订单不存在');
    return order;
  }

  private batchDecrypt(params: Record<string, unknown>, shopId: string) {
    const list = params.cipher_infos;
    if (!Array.isArray(list) || list.length === 0 || list.length > CIPHER_INFOS_MAX) {
      throw businessInvalid(`cipher_infos大小为1到${CIPHER_INFOS_MAX}`);
    }
    if (this.quotaSpent(shopId)) {
      throw new DoudianAnswer(
        DOUDIAN_CODES.businessFailed,
        '业务处理失败',
        DOUDIAN_SUB_CODES.decryptQuota,
        '解密额度已用完',
      );
    }
    return {
      decrypt_infos: list.map((entry: { auth_id?: unknown; cipher_text?: unknown }) => {
        const ciphertext = String(entry.cipher_text ?? '');
        const plaintext = this.decryptOne(shopId, ciphertext);
        const ok = typeof plaintext === 'string' && plaintext !== 'quota';
        return {
          auth_id: String(entry.auth_id ?? ''),
          cipher_text: ciphertext,
          decrypt_text: ok ? plaintext : '',
          err_no: ok ? 0 : plaintext === 'quota' ? 2 : 1,
          err_msg: ok ? '' : plaintext === 'quota' ? '解密额度已用完' : '密文不存在或不属于该店铺',
        };
      }),
      custom_err: { err_code: 0, err_msg: '' },
    };
  }

  render(order: SandboxOrder) {
    const [status, statusText] = STATUS_CODES[order.status];
    const refundStatus = order.refund === 'in_progress' ? 2 : order.refund === 'refunded' ? 3 : 0;
    const goodsFen = order.items.reduce((sum, item) => sum + item.priceFen * item.quantity, 0);
    const paidFen = goodsFen - order.discountFen + order.freightFen;
    const place = (name: string) => ({ name, id: '' });
    return {
      order_id: order.orderNo,
      order_status: status,
      order_status_desc: statusText,
      main_status: status,
      create_time: order.createdAt,
      pay_time: order.paidAt ?? 0,
      update_time: order.updatedAt,
      exp_ship_time: order.createdAt + 2 * 86400,
      order_amount: paidFen,
      pay_amount: paidFen,
      post_amount: order.freightFen,
      promotion_amount: order.discountFen,
      buyer_words: order.buyerMessage,
      seller_words: '',
      encrypt_post_receiver: order.cipher.name,
      encrypt_post_tel: order.cipher.mobile,
      post_addr: {
        province: place(order.receiver.province),
        city: place(order.receiver.city),
        town: place(order.receiver.district),
        street: place(''),
        encrypt_detail: order.cipher.address,
      },
      mask_post_receiver: maskName(order.receiver.name),
      mask_post_tel: maskMobile(order.receiver.mobile),
      mask_post_addr: {
        province: place(order.receiver.province),
        city: place(order.receiver.city),
        town: place(order.receiver.district),
        street: place(''),
        detail: maskAddress(order.receiver.address),
      },
      logistics_info: order.shipment
        ? [
            {
              tracking_no: order.shipment.trackingNo,
              company: order.shipment.carrierCode,
              company_name:
                DOUDIAN_SANDBOX_CARRIERS.find((c) => c.code === order.shipment?.carrierCode)?.name ?? '',
              ship_time: order.shipment.at,
            },
          ]
        : [],
      sku_order_list: order.items.map((item, i) => ({
        order_id: `${order.orderNo.slice(0, -1)}${i + 1}`,
        parent_order_id: order.orderNo,
        product_id: item.goodsId,
        product_name: item.name,
        sku_id: item.skuId,
        spec: item.spec
          .split(',')
          .filter(Boolean)
          .map((value, k) => ({ name: k === 0 ? '颜色' : '尺码', value })),
        item_num: item.quantity,
        origin_amount: item.priceFen * item.quantity,
        sum_amount: item.priceFen * item.quantity,
        pay_amount: item.priceFen * item.quantity,
        code: item.outerSkuId,
        out_sku_id: item.outerSkuId,
        out_product_id: item.outerGoodsId,
        pre_sale_type: order.preSale ? 1 : 0,
        after_sale_info: {
          after_sale_status: refundStatus ? 6 : 0,
          after_sale_type: refundStatus ? 1 : 0,
          refund_status: refundStatus,
        },
      })),
    };
  }
}

/** The sandbox's app, with the 服务ID of its service on the sandbox's 服务市场. */
export const DOUDIAN_SANDBOX_APP: AppCredentials & { serviceId: string } = {
  clientId: '7000000000000000001',
  clientSecret: 'sandbox-doudian-secret-not-for-production',
  serviceId: '7001',
};
