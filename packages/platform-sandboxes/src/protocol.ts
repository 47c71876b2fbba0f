import { createHash, createHmac } from 'node:crypto';
import { type PLATFORMS, shanghaiDateTime } from '@consign/api-client';

/**
 * The platforms' documented protocol as the sandboxes implement it: signing, error codes and limits.
 * Written here from the platforms' documentation, independently of the api-server's connectors
 * (`apps/api-server/src/platforms/`), so that a test against a sandbox checks the connector against
 * the documentation and not against itself; the signing tests hold both to the same published vectors.
 */

/** The sales platforms with a sandbox, by the contract's codes (a shop's `platform`). */
export type PlatformCode = Extract<(typeof PLATFORMS)[number], 'pinduoduo' | 'douyin'>;

/** An open-platform app as the platform knows it: app key, secret and, for 抖店, its service's 服务ID. */
export interface AppCredentials {
  clientId: string;
  clientSecret: string;
  serviceId?: string;
}

/** Where a platform is reached: its API gateway and its authorisation page. */
export interface PlatformEndpoints {
  gatewayUrl: string;
  authUrl: string;
  /** 拼多多 消息服务's WebSocket (the 拼多多 sandbox's only). */
  messageUrl?: string;
}

// 拼多多

/**
 * `upper(hex(md5(secret + k1 + v1 + k2 + v2 ... + secret)))` over every parameter but `sign`, sorted by
 * name.
 */
export function pddSign(secret: string, params: Readonly<Record<string, string>>): string {
  const joined = Object.keys(params)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');
  return createHash('md5').update(`${secret}${joined}${secret}`, 'utf8').digest('hex').toUpperCase();
}

/** 消息服务's connection sign: `base64(md5_hex(client_id + timestamp_ms + client_secret))`. */
export function pmcSign(clientId: string, timestampMs: string, secret: string): string {
  const hex = createHash('md5').update(`${clientId}${timestampMs}${secret}`, 'utf8').digest('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

/** Error codes the 拼多多 documentation names. */
export const PDD_ERRORS = {
  /** 参数错误 */
  invalidParameter: 10000,
  /** access_token已过期 */
  tokenExpired: 10019,
  /** 签名验证失败 */
  badSignature: 20004,
  /** 当前接口被限流，请稍后重试 */
  throttled: 52101,
  /** 当前接口暂时不可用 / 服务暂时不可用 */
  unavailable: 52102,
  serviceDown: 52103,
  /** 调用过于频繁，请调整调用频率 */
  tooFrequent: 70031,
} as const;

/** A spent decryption quota: the documentation we had names no code for it, so the sandbox picks this one. */
export const PDD_DECRYPT_QUOTA_SUB_CODE = 'decrypt_quota_exceeded';
export const PDD_MAX_WINDOW_SECONDS = 30 * 60;
export const PDD_MAX_LOOKBACK_SECONDS = 90 * 24 * 3600;
export const PDD_MAX_PAGE_SIZE = 100;

/** Unix seconds to `yyyy-MM-dd HH:mm:ss` in Beijing time, as 拼多多 writes times in orders. */
export function toBeijingTime(unixSeconds: number): string {
  return shanghaiDateTime(unixSeconds);
}

// 抖店

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

/**
 * 消息推送's signature, sent as header `event-sign` beside `app-id`: `md5_hex(app_key + body +
 * app_secret)` over the body's bytes as posted.
 */
export function doudianPushSign(appKey: string, body: string, appSecret: string): string {
  return createHash('md5').update(`${appKey}${body}${appSecret}`, 'utf8').digest('hex');
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
  /** Not in the documentation we had (see PDD_DECRYPT_QUOTA_SUB_CODE). */
  decryptQuota: 'decrypt_quota_exceeded',
} as const;

export const DOUDIAN_MAX_LOOKBACK_SECONDS = 90 * 24 * 3600;
export const DOUDIAN_MAX_PAGE_SIZE = 100;

// 1688

/** The APIs the sandbox serves, as `namespace:api` (version 1). */
export const ALIBABA_APIS = {
  productInfo: 'com.alibaba.product:alibaba.cross.productInfo',
  /** 加入铺货列表: the relation `productInfo` needs (docs/design.md#purchasing-on-1688-and-product-copy). */
  pushProducts: 'com.alibaba.product.push:alibaba.cross.syncProductListPushed',
  preview: 'com.alibaba.trade:alibaba.createOrder.preview',
  createOrder: 'com.alibaba.trade:alibaba.trade.fastCreateOrder',
  buyerView: 'com.alibaba.trade:alibaba.trade.get.buyerView',
  protocolPayOpen: 'com.alibaba.trade:alibaba.trade.pay.protocolPay.isopen',
  protocolPay: 'com.alibaba.trade:alibaba.trade.pay.protocolPay.preparePay',
  payUrl: 'com.alibaba.trade:alibaba.alipay.url.get',
  buyerOrderList: 'com.alibaba.trade:alibaba.trade.getBuyerOrderList',
  cancel: 'com.alibaba.trade:alibaba.trade.cancel',
} as const;

/**
 * `upper(hex(hmac_sha1(appSecret, urlPath + concat(sorted key + value))))`: `urlPath` from `param2/`
 * on, the parameters (every one sent but `_aop_signature`) sorted by key, each as key then value.
 */
export function alibabaSign(secret: string, urlPath: string, params: Record<string, string>): string {
  const text = Object.keys(params)
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');
  return createHmac('sha1', secret).update(`${urlPath}${text}`, 'utf8').digest('hex').toUpperCase();
}

/**
 * Error codes as the sandbox answers them: the gateway's are 1688's documented system errors; the
 * business ones (`errorCode` of a `success: false` answer) vary per API on 1688.
 */
export const ALIBABA_CODES = {
  signature: 'gw.SignatureInvalid',
  tokenExpired: 'gw.AccessTokenExpired',
  tokenInvalid: 'gw.AccessTokenInvalid',
  rateLimited: 'gw.QpsOverLimit',
  timestamp: 'gw.TimestampInvalid',
  apiUnknown: 'gw.APIUnsupported',
  /** The OAuth endpoint's (`{error, error_description}`). */
  invalidGrant: 'invalid_grant',
  outOfStock: 'QUANTITY_NOT_ENOUGH',
  priceChanged: 'PRICE_CHANGED',
  badAddress: 'ADDRESS_INVALID',
  balance: 'BALANCE_NOT_ENOUGH',
  offerMissing: 'OFFER_NOT_EXIST',
  orderMissing: 'ORDER_NOT_EXIST',
  badParameter: 'PARAM_INVALID',
  noProtocol: 'PROTOCOL_NOT_SIGNED',
  orderState: 'ORDER_STATUS_NOT_SUPPORT',
  /** `syncProductListPushed` with no product ids (1688's documented code). */
  pushEmpty: 'OFFERIDS_IS_NULL',
} as const;

/** What `alibaba.cross.productInfo` answers (`message`) for an offer the member has no 铺货关系 to. */
export const ALIBABA_NO_READ_PERMISSION = '没有该商品的查询权限';

// Alipay

/** Epoch milliseconds to Alipay's `yyyy-MM-dd HH:mm:ss` (Beijing time). */
export function alipayTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
