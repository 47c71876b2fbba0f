import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import {
  type AppCredentials,
  checkOrderWindow,
  type DecryptRequest,
  type DecryptResult,
  int,
  type OrderPage,
  type OrderStage,
  type OrderWindow,
  type PlatformCarrier,
  type PlatformConnector,
  type PlatformEndpoints,
  PlatformError,
  type PlatformOrder,
  type PlatformOrderItem,
  postForJson,
  type RefundStage,
  type ShipInput,
  type ShopAuthorisation,
  sellerMessage,
  str,
} from './connector';

/**
 * 抖店 open platform (op.jinritemai.com): `POST {DOUDIAN_GATEWAY_URL}/{path}` (e.g. `/order/searchList`)
 * with the query `app_key, method (the path with dots), timestamp, v=2, sign_method=hmac-sha256,
 * access_token, sign` and the business parameters as `param_json` (keys sorted, compact), sent as the
 * JSON body. Answers are `{code, msg, sub_code, sub_msg, data}`, `code: 10000` meaning success. Pages
 * start at 0 (the connector's `page` starts at 1 like every connector's and is sent as `page - 1`);
 * amounts are 分; times unix seconds.
 */

export const DOUDIAN_DEFAULTS = {
  gatewayUrl: 'https://openapi-fxg.jinritemai.com',
  authUrl: 'https://fuwu.jinritemai.com/authorize',
} as const;

const INT64_MARK = '\u0000int64:';

/**
 * The business parameters as 抖店 signs and sends them: JSON with keys sorted at every level, compact.
 * A `bigint` is written as a bare number (抖店's int64 parameters, e.g. a 19-digit product id).
 */
export function doudianParamJson(params: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (typeof value === 'bigint') return `${INT64_MARK}${value}`;
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(sorted(params ?? {})).replace(/"\\u0000int64:(-?\d+)"/g, '$1');
}

/**
 * `lower(hex(hmac_sha256(secret, secret + "app_key" + appKey + "method" + method + "param_json" +
 * paramJson + "timestamp" + timestamp + "v" + v + secret)))`.
 */
export function doudianSign(
  secret: string,
  input: { appKey: string; method: string; paramJson: string; timestamp: string; v: string },
): string {
  const text =
    `${secret}app_key${input.appKey}method${input.method}param_json${input.paramJson}` +
    `timestamp${input.timestamp}v${input.v}${secret}`;
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** The platform's base error codes (平台基础错误码). */
export const DOUDIAN_CODES = {
  ok: 10000,
  serviceUnavailable: 20000,
  serviceTimeout: 20001,
  /** 操作权限不足 (e.g. `dop.authorization-no-existed`: 店铺授权已失效) */
  noPermission: 30001,
  missingParameter: 40001,
  /** 非法的参数（平台校验）: signature, timestamp and token sub codes */
  invalidParameter: 40003,
  /** 非法的参数（业务校验） */
  businessParameter: 40004,
  /** 平台处理失败: `dop.token-generate-failed:*` */
  tokenFailed: 50001,
  /** 业务处理失败 */
  businessFailed: 50002,
  /** 触发限流，请稍后重试 */
  rateLimited: 60000,
} as const;

export const DOUDIAN_SUB_CODES = {
  tokenExpired: 'isv.access-token-expired',
  tokenUnknown: 'isv.access-token-no-existed',
  badSignature: 'isv.signature-invalid',
  badTimestamp: 'isv.timestamp-invalid',
  /** Not in the documentation we had (see PDD_DECRYPT_QUOTA_SUB_CODE); the sandbox answers it. */
  decryptQuota: 'decrypt_quota_exceeded',
} as const;

/** 抖店 documents no window limit for `/order/searchList`; one day is our bound, to keep paging short. */
export const DOUDIAN_MAX_WINDOW_SECONDS = 24 * 3600;
export const DOUDIAN_MAX_LOOKBACK_SECONDS = 90 * 24 * 3600;
export const DOUDIAN_MAX_PAGE_SIZE = 100;
/** `/order/batchDecrypt` takes at most 50 ciphertexts per call (`cipher_infos`). */
export const DOUDIAN_DECRYPT_BATCH = 50;
/** A refresh token lives 14 days from its issue (documented; `token.create` has no field for it). */
export const DOUDIAN_REFRESH_TOKEN_SECONDS = 14 * 86_400;
/** An `expires_in` above this (2001-09-09) is a unix time, not a number of seconds. */
const DOUDIAN_UNIX_TIME_FLOOR = 1_000_000_000;

/** Authorisation refused before anything is sent: the operator has not set the app's 服务ID. */
export const DOUDIAN_NO_SERVICE_ID =
  '抖店应用未设置服务ID：请管理员在 全局设置 → 平台 → 抖店 → 平台授权 中填写服务市场中服务的服务ID';

/** order_status: 1 待确认/待支付, 105 已支付, 2 备货中, 101 部分发货, 3 已发货, 4 已取消, 5 已完成. */
const STAGES: Record<string, OrderStage> = {
  '1': 'unpaid',
  '105': 'to_ship',
  '2': 'to_ship',
  '101': 'shipped',
  '3': 'shipped',
  '4': 'cancelled',
  '5': 'completed',
};

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const fen = (value: unknown, field: string) => int('douyin', value, field) ?? 0;

/**
 * The order's after-sale state from its SKU orders' `after_sale_info.refund_status`
 * (0 无需退款, 1 待退款, 2 退款中, 3 退款成功, 4 退款失败): the highest of them, as a string.
 */
function refundOf(skus: Json[]): { code: string; stage: RefundStage } {
  const codes = skus.map((sku) => str(obj(sku.after_sale_info).refund_status) || '0');
  const code = codes.includes('2')
    ? '2'
    : codes.includes('1')
      ? '1'
      : codes.includes('3')
        ? '3'
        : codes.includes('4')
          ? '4'
          : '0';
  const stage: RefundStage =
    code === '1' || code === '2'
      ? 'in_progress'
      : code === '3'
        ? 'refunded'
        : code === '4'
          ? 'closed'
          : 'none';
  return { code, stage };
}

/** One shop order of `/order/searchList` or `/order/orderDetail`, normalised. */
export function doudianOrder(raw: Json): PlatformOrder {
  const orderNo = str(raw.order_id);
  if (!orderNo) {
    throw new PlatformError(
      'douyin',
      'bad_answer',
      sellerMessage('douyin', 'bad_answer'),
      'order without order_id',
    );
  }
  const skus = list(raw.sku_order_list).map(obj);
  const items: PlatformOrderItem[] = skus.map((sku) => {
    const quantity = int('douyin', sku.item_num, 'item_num') ?? 0;
    const origin = fen(sku.origin_amount, 'origin_amount');
    return {
      name: str(sku.product_name),
      spec: list(sku.spec)
        .map((entry) => str(obj(entry).value))
        .filter(Boolean)
        .join(','),
      quantity,
      priceFen: quantity > 0 ? Math.round(origin / quantity) : origin,
      goodsId: str(sku.product_id),
      skuId: str(sku.sku_id),
      outerSkuId: str(sku.code) || str(sku.out_sku_id),
      outerGoodsId: str(sku.out_product_id),
    };
  });
  const refund = refundOf(skus);
  const address = obj(raw.mask_post_addr);
  const place = (key: string) => str(obj(address[key]).name);
  const logistics = obj(list(raw.logistics_info)[0]);
  const createdAt = int('douyin', raw.create_time, 'create_time') ?? 0;
  const paidAt = int('douyin', raw.pay_time, 'pay_time');
  return {
    platform: 'douyin',
    orderNo,
    platformStatus: str(raw.order_status),
    stage: STAGES[str(raw.order_status)] ?? 'other',
    platformRefundStatus: refund.code,
    refund: refund.stage,
    preSale: skus.some((sku) => (int('douyin', sku.pre_sale_type, 'pre_sale_type') ?? 0) > 0),
    shipBy: int('douyin', raw.exp_ship_time, 'exp_ship_time'),
    createdAt,
    paidAt: paidAt ? paidAt : null,
    updatedAt: int('douyin', raw.update_time, 'update_time') ?? createdAt,
    goodsFen: skus.reduce((sum, sku) => sum + fen(sku.origin_amount, 'origin_amount'), 0),
    freightFen: fen(raw.post_amount, 'post_amount'),
    discountFen: fen(raw.promotion_amount, 'promotion_amount'),
    paidFen: fen(raw.pay_amount, 'pay_amount'),
    buyerMessage: str(raw.buyer_words),
    sellerMemo: str(raw.seller_words),
    items,
    receiver: {
      nameMasked: str(raw.mask_post_receiver),
      mobileMasked: str(raw.mask_post_tel),
      addressMasked: [place('street'), str(address.detail)].filter(Boolean).join(''),
      province: place('province'),
      city: place('city'),
      district: place('town'),
      cipher: {
        name: str(raw.encrypt_post_receiver),
        mobile: str(raw.encrypt_post_tel),
        address: str(obj(raw.post_addr).encrypt_detail),
      },
    },
    shipment: str(logistics.tracking_no)
      ? { carrierId: str(logistics.company), trackingNo: str(logistics.tracking_no) }
      : null,
  };
}

export interface DoudianConnectorOptions {
  app: AppCredentials;
  endpoints: PlatformEndpoints;
  now?: () => number;
  fetch?: typeof fetch;
}

export class DoudianConnector implements PlatformConnector {
  readonly platform = 'douyin' as const;
  readonly maxWindowSeconds = DOUDIAN_MAX_WINDOW_SECONDS;
  readonly maxLookbackSeconds = DOUDIAN_MAX_LOOKBACK_SECONDS;
  readonly maxPageSize = DOUDIAN_MAX_PAGE_SIZE;
  readonly #now: () => number;

  constructor(private readonly options: DoudianConnectorOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** The app's client id: a shop authorised through this connector was authorised by this app. */
  get appKey(): string {
    return this.options.app.clientId;
  }

  /**
   * Whether a 消息推送 comes from the platform for this app: header `app-id` is this app's key and
   * `event-sign` is `doudianPushSign` of the raw body (compared in constant time).
   */
  isOwnPush(appId: string, sign: string, rawBody: Uint8Array): boolean {
    const { clientId, clientSecret } = this.options.app;
    if (appId !== clientId) return false;
    const expected = Buffer.from(doudianPushSign(clientId, rawBody, clientSecret));
    const given = Buffer.from(sign.toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * 抖店's authorisation page for a tool-type app (工具型应用): `{authUrl}?service_id=…&state=…`. The
   * 服务市场 sends the seller back to the callback registered for the service (with `code` and `state`),
   * never to an address we pass, so `redirectUri` is not sent: the operator registers it (docs/api-server/platforms.md). An
   * app without a 服务ID cannot authorise: a `PlatformError` of kind `invalid` saying so.
   */
  authoriseUrl({ state }: { redirectUri: string; state: string }): string {
    const serviceId = this.options.app.serviceId ?? '';
    if (!/^\d+$/.test(serviceId)) {
      throw new PlatformError('douyin', 'invalid', DOUDIAN_NO_SERVICE_ID, 'no service_id');
    }
    const url = new URL(this.options.endpoints.authUrl);
    url.searchParams.set('service_id', serviceId);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async exchangeCode(code: string): Promise<ShopAuthorisation> {
    return this.authorisation(
      await this.call('/token/create', { code, grant_type: 'authorization_code' }, null),
    );
  }

  /**
   * New tokens. 抖店 answers the same tokens, their lives unchanged, when the access token has more than
   * an hour left: the refresh token's expiry is then not known from the answer (null: keep the stored
   * one).
   */
  async refreshToken(refreshToken: string): Promise<ShopAuthorisation> {
    const auth = this.authorisation(
      await this.call('/token/refresh', { refresh_token: refreshToken, grant_type: 'refresh_token' }, null),
    );
    return auth.refreshToken === refreshToken ? { ...auth, refreshExpiresAt: null } : auth;
  }

  async listChangedOrders(
    accessToken: string,
    window: OrderWindow,
    page: number,
    pageSize = DOUDIAN_MAX_PAGE_SIZE,
  ): Promise<OrderPage> {
    checkOrderWindow(this, window, page, pageSize, this.#now());
    const data = obj(
      await this.call(
        '/order/searchList',
        {
          update_time_start: window.start,
          update_time_end: window.end,
          page: page - 1,
          size: pageSize,
          order_by: 'update_time',
          order_asc: false,
        },
        accessToken,
      ),
    );
    const orders = list(data.shop_order_list).map((entry) => doudianOrder(obj(entry)));
    const total = int('douyin', data.total, 'total') ?? orders.length;
    return { orders, total, hasMore: page * pageSize < total };
  }

  async orderDetail(accessToken: string, orderNo: string): Promise<PlatformOrder> {
    const data = obj(await this.call('/order/orderDetail', { shop_order_id: orderNo }, accessToken));
    return doudianOrder(obj(data.shop_order_detail));
  }

  async carriers(accessToken: string): Promise<PlatformCarrier[]> {
    const data = await this.call('/order/logisticsCompanyList', {}, accessToken);
    return list(data).map((entry) => {
      const company = obj(entry);
      return { id: str(company.id), code: str(company.code), name: str(company.name) };
    });
  }

  async ship(accessToken: string, input: ShipInput): Promise<void> {
    await this.call(
      '/order/logisticsAdd',
      {
        order_id: input.orderNo,
        company_code: input.carrier.code,
        logistics_code: input.trackingNo,
      },
      accessToken,
    );
  }

  /** Decrypts in calls of at most `DOUDIAN_DECRYPT_BATCH` ciphertexts (抖店's limit), in order. */
  async decrypt(accessToken: string, items: DecryptRequest[]): Promise<DecryptResult[]> {
    const results: DecryptResult[] = [];
    for (let at = 0; at < items.length; at += DOUDIAN_DECRYPT_BATCH) {
      results.push(...(await this.decryptBatch(accessToken, items.slice(at, at + DOUDIAN_DECRYPT_BATCH))));
    }
    return results;
  }

  private async decryptBatch(accessToken: string, items: DecryptRequest[]): Promise<DecryptResult[]> {
    const data = obj(
      await this.call(
        '/order/batchDecrypt',
        { cipher_infos: items.map((item) => ({ auth_id: item.orderNo, cipher_text: item.ciphertext })) },
        accessToken,
      ),
    );
    const byCipher = new Map(list(data.decrypt_infos).map((e) => [str(obj(e).cipher_text), obj(e)]));
    return items.map(({ ciphertext }): DecryptResult => {
      const entry = byCipher.get(ciphertext);
      if (entry && str(entry.err_no || '0') === '0') {
        return { ciphertext, ok: true, plaintext: str(entry.decrypt_text) };
      }
      return { ciphertext, ok: false, message: str(entry?.err_msg) || '解密失败' };
    });
  }

  private authorisation(data: unknown): ShopAuthorisation {
    const answer = obj(data);
    const nowS = Math.floor(this.#now() / 1000);
    const accessToken = str(answer.access_token);
    const shopId = str(answer.shop_id);
    if (!accessToken || !shopId) {
      throw new PlatformError(
        'douyin',
        'bad_answer',
        sellerMessage('douyin', 'bad_answer'),
        'token without shop_id',
      );
    }
    // `expires_in` is documented both as seconds left and as a unix time (秒级时间戳): read either.
    const expiresIn = int('douyin', answer.expires_in, 'expires_in') ?? 0;
    return {
      shopId,
      shopName: str(answer.shop_name) || shopId,
      accessToken,
      refreshToken: str(answer.refresh_token),
      expiresAt: expiresIn > DOUDIAN_UNIX_TIME_FLOOR ? expiresIn : nowS + expiresIn,
      // The answer has no field for it: the documented life of a refresh token from its issue.
      refreshExpiresAt: nowS + DOUDIAN_REFRESH_TOKEN_SECONDS,
    };
  }

  /**
   * One signed call to `path`; the answer's `data`, or a `PlatformError`. The answer's fields named in
   * `int64Keys` are read as strings of their digits (ids beyond JavaScript's safe integers).
   */
  async call(
    path: string,
    business: Record<string, unknown>,
    accessToken: string | null,
    int64Keys?: readonly string[],
  ): Promise<unknown> {
    const paramJson = doudianParamJson(business);
    const method = path.replace(/^\//, '').replaceAll('/', '.');
    const timestamp = String(Math.floor(this.#now() / 1000));
    const { clientId, clientSecret } = this.options.app;
    const query = new URLSearchParams({
      app_key: clientId,
      method,
      timestamp,
      v: '2',
      sign_method: 'hmac-sha256',
    });
    if (accessToken !== null) query.set('access_token', accessToken);
    query.set('sign', doudianSign(clientSecret, { appKey: clientId, method, paramJson, timestamp, v: '2' }));
    const url = `${this.options.endpoints.gatewayUrl.replace(/\/+$/, '')}${path}?${query}`;
    const json = obj(
      await postForJson(
        'douyin',
        url,
        { body: paramJson, contentType: 'application/json', int64Keys },
        this.options.fetch,
      ),
    );
    const code = int('douyin', json.code, 'code');
    if (code === null) {
      throw new PlatformError('douyin', 'bad_answer', sellerMessage('douyin', 'bad_answer'), 'no code');
    }
    if (code !== DOUDIAN_CODES.ok) throw doudianError(json, accessToken === null);
    return json.data;
  }
}

/**
 * 抖店 消息推送's signature (header `event-sign`): `md5_hex(app_key + raw body + app_secret)` over the
 * body's bytes exactly as sent (docs/design.md#抖店-消息推送).
 */
export function doudianPushSign(appKey: string, rawBody: Uint8Array, appSecret: string): string {
  return createHash('md5').update(appKey, 'utf8').update(rawBody).update(appSecret, 'utf8').digest('hex');
}

/** One message of a 抖店 push: its tag, id, the shop and order it names, and the message as sent. */
export interface DoudianPushMessage {
  tag: string;
  msgId: string;
  /** `shop_id` of the message's data ('' when absent). */
  shopId: string;
  /** `p_id` (the shop order, 父订单) of the message's data ('' when absent). */
  orderNo: string;
  /** The message as sent (`data` kept as its JSON text: its int64 ids exact). */
  message: { tag: string; msg_id: string; data: string };
}

/** The most messages one push may carry. */
export const DOUDIAN_PUSH_MAX_MESSAGES = 100;

/**
 * A whole number field of a message's `data` as its digits, read from the JSON text: `p_id` and
 * `shop_id` are int64 and the larger ones lose digits as JS numbers. The first occurrence of the key
 * (the messages' ids are top-level fields); a quoted number is read too.
 */
function int64Field(dataText: string, key: string): string {
  const match = new RegExp(`"${key}"\\s*:\\s*("?)(\\d{1,20})\\1`).exec(dataText);
  return match?.[2] ?? '';
}

/**
 * The messages of a push body: a JSON array of `{tag, msg_id, data}` with `data` a JSON string; a
 * string saying what is wrong otherwise (the push is refused whole).
 */
export function parseDoudianPush(body: string): DoudianPushMessage[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return '消息体不是 JSON';
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return '消息体应为非空数组';
  if (parsed.length > DOUDIAN_PUSH_MAX_MESSAGES) return `一次最多 ${DOUDIAN_PUSH_MAX_MESSAGES} 条消息`;
  const messages: DoudianPushMessage[] = [];
  for (const entry of parsed) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return '消息应为对象';
    const { tag, msg_id: msgId, data } = entry as Record<string, unknown>;
    const tagText = typeof tag === 'number' && Number.isSafeInteger(tag) ? String(tag) : tag;
    if (typeof tagText !== 'string' || !/^\d{1,10}$/.test(tagText)) return '消息的 tag 不正确';
    if (typeof msgId !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(msgId)) return '消息的 msg_id 不正确';
    if (typeof data !== 'string') return '消息的 data 应为 JSON 字符串';
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return '消息的 data 不是 JSON';
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return '消息的 data 应为对象';
    messages.push({
      tag: tagText,
      msgId,
      shopId: int64Field(data, 'shop_id'),
      orderNo: int64Field(data, 'p_id'),
      message: { tag: tagText, msg_id: msgId, data },
    });
  }
  return messages;
}

/**
 * The tags whose message is about an order: 交易 (trade, 100–199: 100 订单创建, 101 订单支付, 102 卖家发货,
 * 103 交易完成, 106 订单取消…) and 售后 (refund, 200–299: 200 买家发起售后…). The worker reads the order
 * named by `p_id` for these; other tags (products, the platform's test message) are recorded and ignored.
 */
export function isDoudianOrderTag(tag: string): boolean {
  const n = Number(tag);
  return n >= 100 && n <= 299;
}

/** An answer whose `code` is not 10000 as a `PlatformError`; for the token calls a refusal means re-authorise. */
export function doudianError(answer: Json, tokenCall: boolean): PlatformError {
  const code = int('douyin', answer.code, 'code') ?? -1;
  const subCode = str(answer.sub_code);
  const platformMessage = [str(answer.msg), str(answer.sub_msg)].filter(Boolean).join('：');
  const detail = str(answer.sub_msg) || str(answer.msg);
  const make = (kind: PlatformError['kind'], message = sellerMessage('douyin', kind, detail)) =>
    new PlatformError(
      'douyin',
      kind,
      message,
      subCode ? `${code}/${subCode}` : String(code),
      platformMessage,
    );

  if (code === DOUDIAN_CODES.rateLimited) return make('rate_limit');
  if (code === DOUDIAN_CODES.serviceUnavailable || code === DOUDIAN_CODES.serviceTimeout)
    return make('server');
  if (subCode === DOUDIAN_SUB_CODES.decryptQuota) return make('quota');
  if (subCode === DOUDIAN_SUB_CODES.badSignature) {
    return make('invalid', '抖店签名验证失败，请检查平台授权中的 app secret 是否正确');
  }
  if (tokenCall || code === DOUDIAN_CODES.tokenFailed || code === DOUDIAN_CODES.noPermission)
    return make('auth');
  if (subCode === DOUDIAN_SUB_CODES.tokenExpired || subCode === DOUDIAN_SUB_CODES.tokenUnknown) {
    return make('token_expired');
  }
  if (code === DOUDIAN_CODES.missingParameter || code === DOUDIAN_CODES.invalidParameter)
    return make('invalid');
  return make('business');
}

// ---- 铺货 (publishing goods to a shop): the product calls, each answer checked by its schema ----

const idOf = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(String);

const shopCategoryAnswer = z.array(
  z.object({
    id: idOf,
    name: z.string(),
    parent_id: idOf.nullish(),
    is_leaf: z.boolean(),
    enable: z.boolean(),
  }),
);
const catePropertyAnswer = z.object({
  data: z.array(
    z.object({
      property_id: idOf,
      property_name: z.string(),
      /** 1 必填, 0 选填. */
      required: z.number().int(),
      /** 0 有效, 1 失效. */
      status: z.number().int().nullish(),
      type: z.string(),
      /** 0 绑定属性, 1 关键属性, 2 售卖属性, 3 商品属性. */
      property_type: z.number().int().nullish(),
      /** 1: the seller may give a value of their own. */
      diy_type: z.number().int().nullish(),
      options: z.array(z.object({ name: z.string(), value: z.string() })).nullish(),
    }),
  ),
});
const uploadAnswer = z.object({
  success_map: z
    .record(z.string(), z.object({ ByteUrl: z.string(), AuditStatus: z.number().int() }))
    .nullish(),
  failed_map: z.record(z.string(), z.object({ ErrCode: z.number().int(), ErrMsg: z.string() })).nullish(),
});
const freightAnswer = z.object({
  List: z.array(z.object({ template: z.object({ id: idOf, template_name: z.string() }) })).nullish(),
});
const productAddAnswer = z.object({ product_id: idOf });
const productDetailAnswer = z.object({
  product_id_str: z.string().regex(/^\d+$/),
  /** 1 未提交, 2 待审核, 3 审核通过, 4 审核未通过, 5 封禁, 7 审核通过待上架. */
  check_status: z.number().int(),
});
const auditListAnswer = z.object({
  records: z.array(z.object({ audit_reason: z.record(z.string(), z.array(z.string())).nullish() })).nullish(),
});

function answerOf<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const result = schema.safeParse(answer);
  if (!result.success) {
    throw new PlatformError(
      'douyin',
      'bad_answer',
      sellerMessage('douyin', 'bad_answer'),
      `${what}: ${result.error.issues[0]?.path.join('.') ?? ''} ${result.error.issues[0]?.message ?? ''}`,
    );
  }
  return result.data;
}

/** A category of the shop (`/shop/getShopCategory`). */
export type DoudianCategory = { catId: string; name: string; leaf: boolean };

/** A property of a leaf category (`/product/getCatePropertyV2`). `sale`: a 售卖属性 (a spec dimension). */
export interface DoudianProperty {
  id: string;
  name: string;
  required: boolean;
  sale: boolean;
  /** The seller may give a value not among `options`. */
  diy: boolean;
  options: { name: string; value: string }[];
}

/** One value of `product_format_new`: an option (`value` its number) or the seller's words (`value` 0). */
export interface DoudianPropertyValue {
  value: number;
  name: string;
  diy_type: 0 | 1;
}

/**
 * The value of `property` for the seller's text: the option of that name; else, where the property has
 * no options or takes the seller's own (`diy_type` 1), the text itself; else null (not allowed).
 */
export function doudianPropertyValue(property: DoudianProperty, text: string): DoudianPropertyValue | null {
  const option = property.options.find((o) => o.name === text);
  if (option && /^\d+$/.test(option.value))
    return { value: Number(option.value), name: option.name, diy_type: 0 };
  if (property.options.length === 0) return { value: 0, name: text, diy_type: 0 };
  return property.diy ? { value: 0, name: text, diy_type: 1 } : null;
}

/** 抖店 counts a title's width: 60 characters, a Chinese character (anything not ASCII) counting two. */
export const DOUDIAN_TITLE_WIDTH = 60;

/** The title cut to {@link DOUDIAN_TITLE_WIDTH}. */
export function doudianTitle(title: string): string {
  let width = 0;
  let out = '';
  for (const char of title.trim()) {
    width += char.charCodeAt(0) < 128 ? 1 : 2;
    if (width > DOUDIAN_TITLE_WIDTH) break;
    out += char;
  }
  return out;
}

/**
 * One spec dimension named `specName` with one value per SKU (its spec as copied, `默认` for none;
 * the separators `^ | ,` of `specs` replaced; a repeated value numbered), as `specs`
 * (`名|值1,值2`) and `spec_prices` (JSON: `spec_detail_name1`, `price` in 分, `stock_num`, `code`).
 */
export function doudianSpecs(
  specName: string,
  skus: { spec: string; priceFen: number; stock: number; code: string }[],
): { specs: string; spec_prices: string } {
  const clean = (text: string) => [...text.replace(/[\^|,，]/g, ' ').trim()].slice(0, 30).join('').trim();
  const seen = new Set<string>();
  const values = skus.map((sku) => {
    const base = clean(sku.spec) || '默认';
    let value = base;
    for (let n = 2; seen.has(value); n++) value = `${base}-${n}`;
    seen.add(value);
    return value;
  });
  return {
    specs: `${clean(specName) || '规格'}|${values.join(',')}`,
    spec_prices: JSON.stringify(
      skus.map((sku, i) => ({
        spec_detail_name1: values[i],
        price: sku.priceFen,
        stock_num: Math.max(0, sku.stock),
        code: sku.code,
      })),
    ),
  };
}

/** What the job fills of `/product/addV2` (the rest is fixed in `doudianPublishing.addProduct`). */
export interface DoudianProductAdd {
  name: string;
  category_leaf_id: number;
  /** Uploaded image URLs joined by `|`, at most 5, the first the main one. */
  pic: string;
  /** The detail: uploaded image URLs joined by `|`. */
  description: string;
  freight_id: number;
  /** 客服电话. */
  mobile: string;
  specs: string;
  spec_prices: string;
  /** JSON `{property_id: [{value, name, diy_type}]}`. */
  product_format_new: string;
  outer_product_id: string;
}

/** 抖店's id of "no brand" (无品牌), documented for `standard_brand_id`. */
const NO_BRAND = 596120136;

/** What 铺货 sends the same on every product it adds or edits (现货, 7 天无理由, 无品牌, listed on approval). */
const DOUDIAN_PRODUCT_FIXED = {
  product_type: 0,
  pay_type: 1,
  reduce_type: 2,
  weight: 500,
  weight_unit: 1,
  delivery_delay_day: 2,
  presell_type: 0,
  supply_7day_return: 1,
  standard_brand_id: NO_BRAND,
  start_sale_type: 0,
  pickup_method: '0',
  commit: true,
};

/** The product calls of 铺货 (docs/design.md#publishing-goods-to-a-shop) over a shop's access token. */
export const doudianPublishing = {
  /** `/shop/getShopCategory`: the shop's categories under `parentId` (0: the top level), the usable ones. */
  async shopCategories(dd: DoudianConnector, token: string, parentId = '0'): Promise<DoudianCategory[]> {
    const data = await dd.call('/shop/getShopCategory', { cid: Number(parentId) }, token);
    return answerOf(shopCategoryAnswer, data, 'shop.getShopCategory')
      .filter((cat) => cat.enable)
      .map((cat) => ({ catId: cat.id, name: cat.name, leaf: cat.is_leaf }));
  },
  /** `/product/getCatePropertyV2`: the valid properties of leaf category `catId`. */
  async properties(dd: DoudianConnector, token: string, catId: string): Promise<DoudianProperty[]> {
    const data = await dd.call('/product/getCatePropertyV2', { category_leaf_id: Number(catId) }, token);
    return answerOf(catePropertyAnswer, data, 'product.getCatePropertyV2')
      .data.filter((p) => (p.status ?? 0) === 0)
      .map((p) => ({
        id: p.property_id,
        name: p.property_name,
        required: p.required === 1,
        sale: p.property_type === 2,
        diy: p.diy_type === 1,
        options: p.options ?? [],
      }));
  },
  /**
   * `/material/batchUploadImageSync`: public image URLs into the shop's 素材中心 (抖店 reads them);
   * answers the platform's URLs in order. An image the platform refuses is a `business` refusal; one
   * still in its review a passing `server` error (`need_distinct`: the next try finds it).
   */
  async uploadImages(dd: DoudianConnector, token: string, urls: string[]): Promise<string[]> {
    const data = await dd.call(
      '/material/batchUploadImageSync',
      {
        materials: urls.map((url, i) => ({
          request_id: String(i + 1),
          folder_id: '0',
          name: `consign-${i + 1}`,
          url,
          material_type: 'photo',
        })),
        need_distinct: true,
      },
      token,
    );
    const answer = answerOf(uploadAnswer, data, 'material.batchUploadImageSync');
    return urls.map((_, i) => {
      const key = String(i + 1);
      const failed = answer.failed_map?.[key];
      if (failed) {
        throw new PlatformError(
          'douyin',
          'business',
          sellerMessage('douyin', 'business', `图片上传失败：${failed.ErrMsg}`),
          `material ${failed.ErrCode}`,
        );
      }
      const done = answer.success_map?.[key];
      if (done?.AuditStatus === 4) {
        throw new PlatformError(
          'douyin',
          'business',
          sellerMessage('douyin', 'business', '图片未通过素材审核'),
          'material rejected',
        );
      }
      if (done?.AuditStatus !== 3 || !done.ByteUrl) {
        throw new PlatformError('douyin', 'server', '抖店图片素材审核中，稍后自动重试', 'material pending');
      }
      return done.ByteUrl;
    });
  },
  /** `/freightTemplate/list`: the shop's freight templates (first page of 100). */
  async freightTemplates(dd: DoudianConnector, token: string) {
    const data = await dd.call('/freightTemplate/list', { page: '0', size: '100' }, token);
    return (answerOf(freightAnswer, data, 'freightTemplate.list').List ?? []).map(({ template }) => ({
      id: template.id,
      name: template.template_name,
    }));
  },
  /**
   * `/product/addV2` with `commit: true` (saved and sent to review): answers the product id (19 digits,
   * read exactly), which is also what its review is looked up by.
   */
  async addProduct(dd: DoudianConnector, token: string, product: DoudianProductAdd) {
    const data = await dd.call('/product/addV2', { ...product, ...DOUDIAN_PRODUCT_FIXED }, token, [
      'product_id',
      'out_product_id',
      'sku_id',
      'out_sku_id',
    ]);
    const added = answerOf(productAddAnswer, data, 'product.addV2');
    return { goodsId: added.product_id, commitId: added.product_id };
  },
  /**
   * `/product/editV2` (`product_id` an int64, the add's fields, `commit: true`: saved and sent to review
   * again; the answer's `data` is empty): 重新发布 of a rejected product under its own id, which stays
   * what its review is looked up by.
   */
  async editProduct(dd: DoudianConnector, token: string, productId: string, product: DoudianProductAdd) {
    await dd.call(
      '/product/editV2',
      { ...product, ...DOUDIAN_PRODUCT_FIXED, product_id: BigInt(productId) },
      token,
    );
    return { goodsId: productId, commitId: productId };
  },
  /**
   * The review of a product: `/product/detail`'s `check_status` (3 审核通过 and 7 审核通过待上架:
   * approved; 4 审核未通过 and 5 封禁: rejected, the reasons from `/product/auditList`).
   */
  async review(dd: DoudianConnector, token: string, productId: string) {
    const data = await dd.call('/product/detail', { product_id: productId }, token, ['product_id']);
    const detail = answerOf(productDetailAnswer, data, 'product.detail');
    const review =
      detail.check_status === 3 || detail.check_status === 7
        ? 'approved'
        : detail.check_status === 4 || detail.check_status === 5
          ? 'rejected'
          : ('reviewing' as const);
    let message = '';
    if (review === 'rejected') {
      const audits = await dd.call(
        '/product/auditList',
        { product_id: BigInt(productId), publish_status: 2, page: 0, size: 1 },
        token,
        ['product_id'],
      );
      const reasons = answerOf(auditListAnswer, audits, 'product.auditList').records?.[0]?.audit_reason ?? {};
      message = Object.values(reasons).flat().join('；');
    }
    return { review, goodsId: detail.product_id_str, message };
  },
};

// ---- 货源监控 (following a published product's 货源): reading its SKUs, changing price, stock, sale state ----

const skuListAnswer = z.array(
  z.object({
    /** The SKU's id (int64, read exactly). */
    id: idOf,
    /** 商家编码 as 铺货 sent it. */
    code: z.string().nullish(),
    /** 分. */
    price: z.number().int(),
    /** 普通库存 (`sku_type` 0, the kind 铺货 makes). */
    stock_num: z.number().int(),
  }),
);

/**
 * The calls of 货源监控 on a published product (docs/design.md#supplier-monitor): ids are int64, sent
 * bare (`BigInt`) and read exactly; each change call answers an empty `data`.
 */
export const doudianListingCalls = {
  /** `/sku/list`: the product's SKUs (id, 商家编码, price in 分, stock). */
  async skus(dd: DoudianConnector, token: string, productId: string) {
    const data = await dd.call('/sku/list', { product_id: BigInt(productId) }, token, [
      'id',
      'product_id',
      'out_sku_id',
      'spec_id',
      'spec_detail_id1',
      'spec_detail_id2',
      'spec_detail_id3',
    ]);
    return answerOf(skuListAnswer, data, 'sku.list').map((sku) => ({
      skuId: sku.id,
      code: sku.code ?? '',
      price: sku.price,
      quantity: sku.stock_num,
    }));
  },
  /** `/sku/editPrice`: one SKU's price (分; 抖店 has one price per SKU). */
  async price(dd: DoudianConnector, token: string, productId: string, skuId: string, price: number) {
    await dd.call('/sku/editPrice', { product_id: BigInt(productId), sku_id: BigInt(skuId), price }, token);
  },
  /** `/sku/syncStock`: one SKU's stock, set in full (`incremental` false). */
  async stock(dd: DoudianConnector, token: string, productId: string, skuId: string, stock: number) {
    await dd.call(
      '/sku/syncStock',
      { product_id: BigInt(productId), sku_id: BigInt(skuId), stock_num: stock, incremental: false },
      token,
    );
  },
  /** `/product/setOnline` or `/product/setOffline`. */
  async saleStatus(dd: DoudianConnector, token: string, productId: string, onSale: boolean) {
    await dd.call(
      onSale ? '/product/setOnline' : '/product/setOffline',
      { product_id: BigInt(productId) },
      token,
    );
  },
};
