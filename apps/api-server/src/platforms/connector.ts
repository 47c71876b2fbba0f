import { PLATFORM_LABELS, type PLATFORMS } from '@consign/api-client';
import { yuanToFen as fenOfYuan } from '@consign/api-client/contract';

/**
 * One interface for every sales platform (拼多多, 抖店; 淘宝 and 快手 later): the sync, the writeback and
 * the pages talk to a `PlatformConnector` and never to a platform's protocol. A connector is a small
 * module over `fetch` and `node:crypto` (pdd.ts, doudian.ts); it signs each call, converts the answer
 * into the normalised types below (amounts in 分, times in unix seconds) and turns every failure into a
 * `PlatformError` whose `kind` says what the caller should do and whose `message` a seller can read.
 *
 * A connector holds the app's credentials and the platform's endpoints and nothing else: tokens are
 * passed in on every call, so one connector serves every shop of the platform.
 */

/**
 * The platforms with a connector, by the contract's codes (`PLATFORMS`, a shop's `platform`): 拼多多 is
 * `pinduoduo`, 抖店 (抖音's merchant platform) is `douyin`.
 */
export type PlatformCode = Extract<(typeof PLATFORMS)[number], 'pinduoduo' | 'douyin'>;

/** The name sellers know the platform by: the contract's label, the one every page shows. */
export const PLATFORM_NAMES: Record<PlatformCode, string> = {
  pinduoduo: PLATFORM_LABELS.pinduoduo,
  douyin: PLATFORM_LABELS.douyin,
};

/**
 * The open-platform app an operator registered (平台授权): client id (app key) and secret, and for
 * 抖店 the 服务ID of its service on the 服务市场 (how 抖店 authorises shops; '' or absent when none).
 */
export interface AppCredentials {
  clientId: string;
  clientSecret: string;
  serviceId?: string;
}

/** Where a platform is reached: its API gateway and its authorisation page. */
export interface PlatformEndpoints {
  gatewayUrl: string;
  authUrl: string;
  /** 拼多多 消息服务's WebSocket (`PDD_MESSAGE_URL`, platforms/pdd-messages.ts); other platforms have none. */
  messageUrl?: string;
}

/** What the platform answers when a shop is authorised or its token refreshed. */
export interface ShopAuthorisation {
  /** The platform's own shop id (拼多多 `owner_id`, 抖店 `shop_id`), as a string. */
  shopId: string;
  shopName: string;
  accessToken: string;
  refreshToken: string;
  /** When the access token expires (unix seconds). */
  expiresAt: number;
  /** When the refresh token expires (unix seconds), null when the platform does not say. */
  refreshExpiresAt: number | null;
}

/** A window of the platforms' order update time, unix seconds, both ends included. */
export interface OrderWindow {
  start: number;
  end: number;
}

/** Our reading of the platform's order status (the platform's own code is kept beside it). */
export type OrderStage = 'unpaid' | 'to_ship' | 'shipped' | 'received' | 'completed' | 'cancelled' | 'other';

/** Our reading of the platform's after-sale state of an order. */
export type RefundStage = 'none' | 'in_progress' | 'refunded' | 'closed';

export interface PlatformOrderItem {
  name: string;
  /** The SKU's spec as the buyer saw it, e.g. `红色,XL`; empty when the goods have one spec. */
  spec: string;
  quantity: number;
  /** Unit price in 分. */
  priceFen: number;
  goodsId: string;
  skuId: string;
  /** 商家编码 of the SKU (拼多多 `outer_id`, 抖店 `code` / `out_sku_id`), empty when unset. */
  outerSkuId: string;
  /** 商家编码 of the goods (拼多多 `outer_goods_id`, 抖店 `out_product_id`), empty when unset. */
  outerGoodsId: string;
}

/** The receiver as the platform gives it: masked text to show, ciphertext to keep for 密文代发. */
export interface PlatformReceiver {
  nameMasked: string;
  mobileMasked: string;
  /** The masked street address (without province, city and district). */
  addressMasked: string;
  province: string;
  city: string;
  district: string;
  /** The platform's ciphertexts; decrypt only through `PlatformConnector.decrypt`. */
  cipher: { name: string; mobile: string; address: string };
}

export interface PlatformOrder {
  platform: PlatformCode;
  /** The platform's order number (拼多多 `order_sn`, 抖店 `order_id`). */
  orderNo: string;
  /** The platform's status code, as a string, and its meaning. */
  platformStatus: string;
  stage: OrderStage;
  /** The platform's after-sale status code, as a string. */
  platformRefundStatus: string;
  refund: RefundStage;
  /** A pre-sale order (预售) and, when the platform says, the time by which it must be shipped. */
  preSale: boolean;
  shipBy: number | null;
  /** Unix seconds; null when the platform gives none (e.g. an unpaid order has no pay time). */
  createdAt: number;
  paidAt: number | null;
  updatedAt: number;
  /** Amounts in 分: goods (sum of items), freight, discounts, and what the buyer paid. */
  goodsFen: number;
  freightFen: number;
  discountFen: number;
  paidFen: number;
  buyerMessage: string;
  sellerMemo: string;
  items: PlatformOrderItem[];
  receiver: PlatformReceiver;
  /** Set once the order is shipped on the platform. */
  shipment: { carrierId: string; trackingNo: string } | null;
}

export interface OrderPage {
  orders: PlatformOrder[];
  /** Orders in the window over all pages, as the platform counts them. */
  total: number;
  /** Whether a later page exists. */
  hasMore: boolean;
}

/** A carrier as the platform knows it; `id` is what `ship` takes. */
export interface PlatformCarrier {
  id: string;
  /** The platform's carrier code (拼多多 `code`, 抖店 `code`, e.g. `shunfeng`). */
  code: string;
  name: string;
}

export interface ShipInput {
  orderNo: string;
  /** A carrier of the platform's own list (`carriers`): 拼多多 sends its `id`, 抖店 its `code`. */
  carrier: PlatformCarrier;
  trackingNo: string;
}

export interface DecryptRequest {
  orderNo: string;
  ciphertext: string;
}

export type DecryptResult =
  | { ciphertext: string; ok: true; plaintext: string }
  | { ciphertext: string; ok: false; message: string };

export interface PlatformConnector {
  readonly platform: PlatformCode;
  /** The longest window `listChangedOrders` accepts (seconds). */
  readonly maxWindowSeconds: number;
  /** How far back (seconds before now) a window may start. */
  readonly maxLookbackSeconds: number;
  /** The largest page `listChangedOrders` accepts. */
  readonly maxPageSize: number;
  /** The client id of the app it calls as (`platform_auths.app_key`). */
  readonly appKey: string;

  /**
   * The platform's authorisation page for a seller; it returns to `redirectUri` with `code` and `state`
   * (抖店: to the callback registered for the app's service, which must be that address). Throws a
   * `PlatformError` of kind `invalid` when the app cannot authorise (抖店 without a 服务ID).
   */
  authoriseUrl(input: { redirectUri: string; state: string }): string;
  /** Exchanges the `code` the platform returned for the shop's tokens. */
  exchangeCode(code: string): Promise<ShopAuthorisation>;
  /** A new access token; a refused refresh is a `PlatformError` of kind `auth` (the seller re-authorises). */
  refreshToken(refreshToken: string): Promise<ShopAuthorisation>;
  /**
   * One page (from 1) of the orders whose update time lies in `window`, newest first. The window must
   * be at most `maxWindowSeconds` long and start within `maxLookbackSeconds`; otherwise nothing is
   * sent and a `PlatformError` of kind `invalid` is thrown.
   */
  listChangedOrders(
    accessToken: string,
    window: OrderWindow,
    page: number,
    pageSize?: number,
  ): Promise<OrderPage>;
  orderDetail(accessToken: string, orderNo: string): Promise<PlatformOrder>;
  carriers(accessToken: string): Promise<PlatformCarrier[]>;
  /** Writes a shipment back to the platform (发货回传). */
  ship(accessToken: string, input: ShipInput): Promise<void>;
  /** Decrypts receiver ciphertexts (quota-limited on the platform; sent in the platform's batch sizes). */
  decrypt(accessToken: string, items: DecryptRequest[]): Promise<DecryptResult[]>;
}

/** A length of time as a seller reads it: `30 分钟`, `2 小时`, `1 天`. */
function durationText(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} 天`;
  if (seconds % 3600 === 0) return `${seconds / 3600} 小时`;
  return `${Math.round(seconds / 60)} 分钟`;
}

/**
 * The one check of a `listChangedOrders` request against the connector's limits, made before anything
 * is sent: throws a `PlatformError` of kind `invalid` naming the first problem.
 */
export function checkOrderWindow(
  connector: Pick<PlatformConnector, 'platform' | 'maxWindowSeconds' | 'maxLookbackSeconds' | 'maxPageSize'>,
  window: OrderWindow,
  page: number,
  pageSize: number,
  nowMs: number,
): void {
  const { platform, maxWindowSeconds, maxLookbackSeconds, maxPageSize } = connector;
  const nowS = Math.floor(nowMs / 1000);
  const problem =
    !Number.isInteger(window.start) || !Number.isInteger(window.end) || window.end < window.start
      ? '时间窗口不正确'
      : window.end - window.start > maxWindowSeconds
        ? `时间窗口不能超过 ${durationText(maxWindowSeconds)}`
        : window.start < nowS - maxLookbackSeconds
          ? `只能查询 ${Math.round(maxLookbackSeconds / (30 * 86_400))} 个月内的订单`
          : !Number.isInteger(page) || page < 1
            ? '页码从 1 开始'
            : !Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize
              ? `每页最多 ${maxPageSize} 条`
              : null;
  if (problem) throw new PlatformError(platform, 'invalid', sellerMessage(platform, 'invalid', problem));
}

/**
 * What went wrong, for the caller to act on:
 * - `rate_limit`: the platform throttled the app; retry later (`retryable`).
 * - `server`: the platform failed or answered with an HTTP error; retry later (`retryable`).
 * - `network`: no answer (timeout, refused connection); retry later (`retryable`).
 * - `bad_answer`: an answer that is not the platform's JSON (HTML, garbage); retry later (`retryable`).
 * - `token_expired`: the access token is expired or unknown; refresh it, then retry.
 * - `auth`: the authorisation is gone (refresh refused, code invalid or used); the seller re-authorises.
 * - `quota`: a quota (decryption) is spent for now.
 * - `invalid`: our request was wrong (a window too long, a page too large); fix the caller.
 * - `business`: the platform refused the operation (e.g. an order already shipped); `message` says why.
 */
export type PlatformErrorKind =
  | 'rate_limit'
  | 'server'
  | 'network'
  | 'bad_answer'
  | 'token_expired'
  | 'auth'
  | 'quota'
  | 'invalid'
  | 'business';

const RETRYABLE: ReadonlySet<PlatformErrorKind> = new Set(['rate_limit', 'server', 'network', 'bad_answer']);

export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  readonly retryable: boolean;

  /**
   * @param message for the seller, in Chinese, naming the platform
   * @param code the platform's error code (and sub code), e.g. `70031` or `40003/isv.access-token-expired`
   * @param platformMessage the platform's own words, kept for the log and 回传失败 details
   */
  constructor(
    readonly platform: PlatformCode,
    readonly kind: PlatformErrorKind,
    message: string,
    readonly code = '',
    readonly platformMessage = '',
  ) {
    super(message);
    this.retryable = RETRYABLE.has(kind);
  }
}

/** The seller-readable message of each kind; `business` and `invalid` add the platform's own words. */
export function sellerMessage(platform: PlatformCode, kind: PlatformErrorKind, detail = ''): string {
  const name = PLATFORM_NAMES[platform];
  switch (kind) {
    case 'rate_limit':
      return `${name}接口调用过于频繁，稍后自动重试`;
    case 'server':
      return `${name}服务暂时不可用，稍后自动重试`;
    case 'network':
      return `连接${name}超时或失败，稍后自动重试`;
    case 'bad_answer':
      return `${name}返回了无法识别的内容，稍后自动重试`;
    case 'token_expired':
      return `${name}店铺授权已过期，正在刷新授权`;
    case 'auth':
      return `${name}店铺授权已失效，请重新授权`;
    case 'quota':
      return `${name}解密额度已用完，请稍后再试`;
    case 'invalid':
      return `请求${name}的参数不正确${detail ? `：${detail}` : ''}`;
    case 'business':
      return `${name}拒绝了此操作${detail ? `：${detail}` : ''}`;
  }
}

/** How long one call may take before it counts as a `network` failure. */
export const PLATFORM_TIMEOUT_MS = 15_000;

/** The largest answer read (a page of 100 orders is a few hundred KB); more is a `bad_answer`. */
export const PLATFORM_ANSWER_LIMIT = 8 * 1024 * 1024;

/** The body as text, or a rejection once it passes `PLATFORM_ANSWER_LIMIT` (the rest is not read). */
export async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > PLATFORM_ANSWER_LIMIT) {
      await reader.cancel();
      throw new Error('answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * POSTs to a platform and reads its JSON answer, mapping transport failures to `PlatformError`s:
 * no answer -> `network`, HTTP 5xx/429 or another non-2xx -> `server` / `rate_limit`, a body that is
 * not JSON -> `bad_answer`. What the JSON means is the connector's business.
 */
export async function postForJson(
  platform: PlatformCode,
  url: string,
  init: { body: string; contentType: string; int64Keys?: readonly string[] },
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': init.contentType, accept: 'application/json' },
      body: init.body,
      signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';
    throw new PlatformError(platform, 'network', sellerMessage(platform, 'network'), reason);
  }
  let text: string;
  try {
    text = await boundedText(response);
  } catch (error) {
    if (error instanceof Error && error.message === 'answer too large') {
      throw new PlatformError(
        platform,
        'bad_answer',
        sellerMessage(platform, 'bad_answer'),
        `answer over ${PLATFORM_ANSWER_LIMIT} bytes`,
      );
    }
    // Cut off mid-answer: the timeout, or the connection dropped.
    throw new PlatformError(platform, 'network', sellerMessage(platform, 'network'), 'cut off');
  }
  if (response.status === 429) {
    throw new PlatformError(platform, 'rate_limit', sellerMessage(platform, 'rate_limit'), 'http 429');
  }
  if (!response.ok) {
    throw new PlatformError(
      platform,
      'server',
      sellerMessage(platform, 'server'),
      `http ${response.status}`,
      text.slice(0, 200),
    );
  }
  try {
    return JSON.parse(init.int64Keys ? quoteInt64(text, init.int64Keys) : text) as unknown;
  } catch {
    throw new PlatformError(
      platform,
      'bad_answer',
      sellerMessage(platform, 'bad_answer'),
      'not json',
      text.slice(0, 200),
    );
  }
}

/**
 * The answer's text with the bare whole numbers of `keys` quoted, so that int64 ids beyond JavaScript's
 * safe integers (抖店's 19-digit product ids) keep every digit when parsed. Only a key written as a
 * JSON key matches (inside a string its quotes would be escaped).
 */
export function quoteInt64(text: string, keys: readonly string[]): string {
  const names = keys.map((key) => key.replace(/[^\w]/g, '')).join('|');
  return text.replace(new RegExp(`"(${names})"(\\s*):(\\s*)(-?\\d+)(?=\\s*[,}\\]])`, 'g'), '"$1"$2:$3"$4"');
}

/** Reading the platforms' loosely typed JSON: a field as a string ('' when absent). */
export function str(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** A field as a whole number, or null when absent; a non-number is a `bad_answer`. */
export function int(platform: PlatformCode, value: unknown, field: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) {
    throw new PlatformError(platform, 'bad_answer', sellerMessage(platform, 'bad_answer'), `field ${field}`);
  }
  return Math.trunc(n);
}

/**
 * 元 (a number or a decimal string such as `12.3` or `"0.10"`) to 分, exactly: the decimal text is read
 * digit by digit rather than multiplied as a float. Absent -> 0; anything else -> `bad_answer`.
 */
export function yuanToFen(platform: PlatformCode, value: unknown, field: string): number {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) {
    throw new PlatformError(platform, 'bad_answer', sellerMessage(platform, 'bad_answer'), `field ${field}`);
  }
  // A third decimal (which 元 amounts should not have) rounds to the nearest fen.
  return fenOfYuan(Number(text));
}
