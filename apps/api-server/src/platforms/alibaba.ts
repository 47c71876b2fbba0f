import { createHmac, timingSafeEqual } from 'node:crypto';
import { SUPPLIER_OUT_OF_STOCK_MESSAGE } from '@consign/api-client';
import {
  type AppCredentials,
  boundedText,
  PLATFORM_TIMEOUT_MS,
  type PlatformEndpoints,
  PlatformError,
  str,
  yuanToFen,
} from './connector';

/**
 * 1688 open platform (open.1688.com), the supplier side of 代发: the seller's 1688 buyer account reads
 * offers (商品复制), previews and places purchase orders (一键采购) and follows their logistics.
 *
 * Every call is `POST {ALIBABA_GATEWAY_URL}/param2/1/{namespace}/{api}/{appKey}`, a form of the
 * business parameters (objects and lists as JSON text), `access_token`, `_aop_timestamp` (ms) and
 * `_aop_signature` (`alibabaSign`). The OAuth token exchange and refresh are
 * `POST {gateway}/http/1/system.oauth2/getToken/{appKey}` with the app's id and secret.
 *
 * 1688 is not a sales platform: its failures are a `SupplierError` (below), not a `PlatformError`,
 * whose kinds are the sync's and the writeback's. Amounts are integer 分: 1688 gives prices of offers in
 * 元 (decimal text, converted exactly) and the sums of a preview or an order in 分.
 */

export const ALIBABA_DEFAULTS = {
  gatewayUrl: 'https://gw.open.1688.com/openapi',
  authUrl: 'https://auth.1688.com/oauth/authorize',
} as const;

/** Where 1688 serves the relative image paths of `image.images`. */
export const ALIBABA_IMAGE_BASE = 'https://cbu01.alicdn.com/';

/** The APIs used, as `namespace:api` (version 1). */
export const ALIBABA_APIS = {
  productInfo: 'com.alibaba.product:alibaba.cross.productInfo',
  // 加入铺货列表: the relation productInfo needs (docs/design.md#purchasing-on-1688-and-product-copy).
  pushProducts: 'com.alibaba.product.push:alibaba.cross.syncProductListPushed',
  preview: 'com.alibaba.trade:alibaba.createOrder.preview',
  createOrder: 'com.alibaba.trade:alibaba.trade.fastCreateOrder',
  buyerView: 'com.alibaba.trade:alibaba.trade.get.buyerView',
  // Paying the supplier and finding an attempt's order (docs/design.md#1688-supplier-payment).
  protocolPayOpen: 'com.alibaba.trade:alibaba.trade.pay.protocolPay.isopen',
  protocolPay: 'com.alibaba.trade:alibaba.trade.pay.protocolPay.preparePay',
  payUrl: 'com.alibaba.trade:alibaba.alipay.url.get',
  buyerOrderList: 'com.alibaba.trade:alibaba.trade.getBuyerOrderList',
  // Cancelling an unpaid order (docs/design.md#1688-order-cancel).
  cancel: 'com.alibaba.trade:alibaba.trade.cancel',
} as const;

/** The `param2` path of an API, as signed: `param2/1/{namespace}/{api}/{appKey}`. */
export function alibabaPath(api: string, appKey: string): string {
  const [namespace, name] = api.split(':');
  return `param2/1/${namespace}/${name}/${appKey}`;
}

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
 * 1688 消息服务 (docs/design.md#1688-order-messages): a message is pushed as a form `POST` of
 * `message=<json>&_aop_signature=<hex>`, signed as an API call with no path: `alibabaSign(appSecret,
 * '', {message})`.
 */
export function alibabaMessageSign(secret: string, message: string): string {
  return alibabaSign(secret, '', { message });
}

/** The buyer's-view order messages: each names one 1688 order (`data.orderId`). */
export const ALIBABA_ORDER_MESSAGES: ReadonlySet<string> = new Set([
  'ORDER_BUYER_VIEW_BUYER_MAKE',
  'ORDER_BUYER_VIEW_ORDER_PRICE_MODIFY',
  'ORDER_BUYER_VIEW_ORDER_PAY',
  'ORDER_BUYER_VIEW_ORDER_STEP_PAY',
  'ORDER_BUYER_VIEW_ANNOUNCE_SENDGOODS',
  'ORDER_BUYER_VIEW_PART_PART_SENDGOODS',
  'ORDER_BUYER_VIEW_ORDER_COMFIRM_RECEIVEGOODS',
  'ORDER_BUYER_VIEW_ORDER_SUCCESS',
  'ORDER_BUYER_VIEW_ORDER_BUYER_CLOSE',
  'ORDER_BUYER_VIEW_ORDER_SELLER_CLOSE',
  'ORDER_BUYER_VIEW_ORDER_BOPS_CLOSE',
  'ORDER_BUYER_VIEW_ORDER_BUYER_REFUND_IN_SALES',
  'ORDER_BUYER_VIEW_ORDER_REFUND_AFTER_SALES',
]);

/**
 * The product messages of the offers related to the buyer (docs/design.md#1688-product-messages): the
 * 关系用户视角 ones name them in `data.productIds` (comma-separated), the inventory change in
 * `data.OfferInventoryChangeList[].offerId`.
 */
export const ALIBABA_PRODUCT_MESSAGES: ReadonlySet<string> = new Set([
  'PRODUCT_RELATION_VIEW_PRODUCT_NEW_OR_MODIFY',
  'PRODUCT_RELATION_VIEW_PRODUCT_EXPIRE',
  'PRODUCT_RELATION_VIEW_PRODUCT_REPOST',
  'PRODUCT_RELATION_VIEW_PRODUCT_DELETE',
  'PRODUCT_PRODUCT_INVENTORY_CHANGE',
]);

/** The offers a product message names (at most 100, each 1688's digits), from its `data`. */
export function productMessageOffers(message: unknown): string[] {
  const data = (message as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return [];
  const { productIds, OfferInventoryChangeList: changes } = data as Record<string, unknown>;
  const ids =
    typeof productIds === 'string'
      ? productIds.split(',')
      : Array.isArray(changes)
        ? changes.map((c) => String((c as { offerId?: unknown } | null)?.offerId ?? ''))
        : [];
  return [...new Set(ids.map((id) => id.trim()).filter((id) => /^\d{1,20}$/.test(id)))].slice(0, 100);
}

/** One 1688 message as the server keeps it: the ids as text (1688 writes `orderId` as a bare int64). */
export interface AlibabaPushedMessage {
  msgId: string;
  type: string;
  /** `userInfo`: the member the message is about (our buyer account's `member_id`). */
  memberId: string;
  /** `data.orderId` of an order message, else ''. */
  orderId: string;
  message: unknown;
}

/**
 * Reads a pushed `message`, or says what is wrong with it. The ids are read from the text, never
 * through a JS number: `orderId` is beyond the safe integers, and `JSON.parse` would round it.
 */
export function parseAlibabaMessage(text: string): AlibabaPushedMessage | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return '消息不是 JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return '消息不是 JSON 对象';
  const message = parsed as Record<string, unknown>;
  const msgId = /"msgId"\s*:\s*"?(\d{1,30})"?/.exec(text)?.[1];
  if (!msgId || typeof message.type !== 'string' || message.type.length > 100)
    return '消息缺少 msgId 或 type';
  const data = typeof message.data === 'object' && message.data !== null ? message.data : {};
  const orderId = 'orderId' in data ? (/"orderId"\s*:\s*"?(\d{1,30})"?/.exec(text)?.[1] ?? '') : '';
  const memberId = typeof message.userInfo === 'string' ? message.userInfo.slice(0, 64) : '';
  return { msgId, type: message.type, memberId, orderId, message: parsed };
}

/**
 * Error codes as the sandbox answers them. The gateway's are 1688's documented system errors; the
 * business ones (`errorCode` of a `success: false` answer) vary per API on 1688, so the connector reads
 * any of them as `refused` with 1688's own message, and only names these to give a clearer one.
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
  pushEmpty: 'OFFERIDS_IS_NULL',
} as const;

/**
 * What `alibaba.cross.productInfo` answers (`message`; 1688 documents it as its error code) for an
 * offer not in the buyer's 铺货列表: `alibaba.cross.syncProductListPushed` adds it.
 */
export const ALIBABA_NO_READ_PERMISSION = '没有该商品的查询权限';

/** Whether 1688 refused an offer read for want of the 铺货关系. */
export function isNoReadPermission(error: unknown): boolean {
  return error instanceof SupplierError && error.supplierMessage.includes(ALIBABA_NO_READ_PERMISSION);
}

/**
 * What the caller remembers of an offer's 铺货关系 for one buyer account: `known` when it was
 * established before (then the read goes straight to 1688), `remember` once it is.
 */
export interface OfferRelation {
  known(): Promise<boolean>;
  remember(): Promise<void>;
}

/** No memory: read first, and establish the relation only when 1688 asks for it. */
const RELATION_UNKNOWN_ASSUMED: OfferRelation = {
  known: async () => true,
  remember: async () => {},
};

/**
 * What went wrong with a 1688 call, for the caller to act on:
 * - `rate_limit`, `server`, `network`, `bad_answer`: retry later (`retryable`);
 * - `token_expired`: refresh the buyer account's token, then retry;
 * - `auth`: the authorisation is gone (refresh refused, code invalid or used): the seller re-authorises;
 * - `invalid`: our request was wrong (signature, parameters): fix the caller or the app's secret;
 * - `refused`: 1688 refused the purchase or read (out of stock, price changed, bad address, an offer
 *   that does not exist); `message` says why, in words a seller can act on.
 */
export type SupplierErrorKind =
  | 'rate_limit'
  | 'server'
  | 'network'
  | 'bad_answer'
  | 'token_expired'
  | 'auth'
  | 'invalid'
  | 'refused';

const RETRYABLE: ReadonlySet<SupplierErrorKind> = new Set(['rate_limit', 'server', 'network', 'bad_answer']);

export class SupplierError extends Error {
  override readonly name = 'SupplierError';
  readonly retryable: boolean;

  /**
   * @param message for the seller, in Chinese
   * @param code 1688's error code (or `http 503`, `timeout`, ...)
   * @param supplierMessage 1688's own words, kept for the log
   */
  constructor(
    readonly kind: SupplierErrorKind,
    message: string,
    readonly code = '',
    readonly supplierMessage = '',
  ) {
    super(message);
    this.retryable = RETRYABLE.has(kind);
  }
}

function supplierMessage(kind: SupplierErrorKind, detail = ''): string {
  switch (kind) {
    case 'rate_limit':
      return '1688接口调用过于频繁，稍后自动重试';
    case 'server':
      return '1688服务暂时不可用，稍后自动重试';
    case 'network':
      return '连接1688超时或失败，稍后自动重试';
    case 'bad_answer':
      return '1688返回了无法识别的内容，稍后自动重试';
    case 'token_expired':
      return '1688账号授权已过期，正在刷新授权';
    case 'auth':
      return '1688账号授权已失效，请在代发设置中重新授权';
    case 'invalid':
      return `请求1688的参数不正确${detail ? `：${detail}` : ''}`;
    case 'refused':
      return `1688拒绝了此操作${detail ? `：${detail}` : ''}`;
  }
}

const fail = (kind: SupplierErrorKind, code = '', supplierWords = '', detail = '') =>
  new SupplierError(kind, supplierMessage(kind, detail), code, supplierWords);

/** The seller's words for the business refusals the sandbox documents; 1688's own words otherwise. */
const REFUSALS: Record<string, string> = {
  [ALIBABA_CODES.outOfStock]: SUPPLIER_OUT_OF_STOCK_MESSAGE,
  [ALIBABA_CODES.priceChanged]: '1688商品价格已变动，请重新预览后下单',
  [ALIBABA_CODES.badAddress]: '收货地址不正确，1688无法下单',
  [ALIBABA_CODES.balance]: '1688账户余额不足，请充值后重试',
  [ALIBABA_CODES.offerMissing]: '1688商品不存在或已下架',
  [ALIBABA_CODES.orderMissing]: '1688订单不存在',
  [ALIBABA_CODES.noProtocol]: '1688采购账号未开通免密支付（支付宝代扣）',
  [ALIBABA_CODES.orderState]: '1688订单当前状态不允许此操作（已付款、已发货或已取消）',
  [ALIBABA_CODES.pushEmpty]: '加入1688铺货列表失败：商品ID为空',
};

/** The seller's 1688 buyer account, as the token exchange or refresh answers it. */
export interface BuyerAuthorisation {
  /** 1688's member id (`memberId`, e.g. `b2b-2201234567`); what identifies the account. */
  memberId: string;
  /** The login name (`resource_owner`), shown to the seller. */
  loginId: string;
  accessToken: string;
  refreshToken: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Unix seconds, null when 1688 does not say. */
  refreshExpiresAt: number | null;
}

export interface SupplierSku {
  /** What an order names (`specId`) and 1688's numeric SKU id. */
  specId: string;
  skuId: string;
  /** The attributes (`颜色: 红色`), in 1688's order. */
  attributes: { name: string; value: string }[];
  /** The attribute values joined, e.g. `红色,XL`. */
  spec: string;
  /** 代发价 (`consignPrice`) when the offer has one, otherwise the price; 分. */
  priceFen: number;
  /** `amountOnSale`. */
  stock: number;
}

export interface SupplierOffer {
  offerId: string;
  title: string;
  /** Absolute image addresses. */
  images: string[];
  /** 1688's status (`published` is on sale; `deleted`, `expired`, ... are not). */
  status: string;
  /** Empty for an offer without specs: then `priceFen` and `stock` are the offer's own. */
  skus: SupplierSku[];
  priceFen: number;
  stock: number;
  /** 1688's category of the offer (`categoryID`; '' when not given); offers read before it was kept lack it. */
  categoryId?: string;
  /** The offer's attributes (`attributes[]{attributeName, value}`: 材质 纯棉 ...), for 铺货's category properties. */
  attributes?: { name: string; value: string }[];
}

/** The receiver of a purchase order as 1688's text fields (no address codes needed). */
export interface PurchaseAddress {
  fullName: string;
  mobile: string;
  provinceText: string;
  cityText: string;
  areaText: string;
  townText?: string;
  address: string;
}

export interface PurchaseCargo {
  offerId: string;
  /** Omitted for an offer without specs. */
  specId?: string;
  quantity: number;
}

/**
 * 密文代发: the sales platform's order and receiver ciphertexts, so that the supplier ships to the
 * platform's buyer without the seller ever reading the address (`encryptOutOrderInfo`).
 */
export interface CipherOrderInfo {
  platform: 'pinduoduo' | 'douyin';
  orderNo: string;
  /** The platform app's client id and the platform's shop id. */
  appKey: string;
  shopId: string;
  cipher: { name: string; mobile: string; address: string };
}

export interface PurchaseInput {
  address: PurchaseAddress;
  cargo: PurchaseCargo[];
  /** Our order's id: 1688 places one order per `outOrderId`, so a retry never buys twice. */
  outOrderId: string;
  cipher?: CipherOrderInfo;
  message?: string;
}

export interface PurchasePreview {
  /** Amounts in 分. */
  totalFen: number;
  freightFen: number;
  goodsFen: number;
  flowFlag: string;
  cargo: { offerId: string; specId: string; quantity: number; unitPriceFen: number }[];
}

export interface PurchaseOrder {
  orderId: string;
  totalFen: number;
  freightFen: number;
}

export interface PurchaseOrderView {
  orderId: string;
  /** 1688's status: waitbuyerpay, waitsellersend, waitbuyerreceive, confirm_goods, success, cancel, ... */
  status: string;
  totalFen: number;
  /** The parcels the supplier sent. */
  logistics: { companyName: string; billNo: string }[];
}

/** An order found by its `outOrderId` (`alibaba.trade.getBuyerOrderList`); amounts in 分. */
export interface FoundPurchaseOrder {
  orderId: string;
  status: string;
  totalFen: number;
  freightFen: number;
}

/** 1688's order statuses before the buyer paid, and after the order ended unshipped. */
export const UNPAID_STATUSES: ReadonlySet<string> = new Set(['waitbuyerpay']);

export interface AlibabaConnectorOptions {
  app: AppCredentials;
  endpoints: PlatformEndpoints;
  now?: () => number;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function whole(value: unknown, field: string): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) throw fail('bad_answer', `field ${field}`);
  return n;
}

function yuan(value: unknown, field: string): number {
  try {
    return yuanToFen('pinduoduo', value, field);
  } catch (error) {
    if (error instanceof PlatformError) throw fail('bad_answer', `field ${field}`);
    throw error;
  }
}

/** `20261201083000+0800` (1688's timeout format) as unix seconds; null when absent or unreadable. */
export function alibabaTime(value: unknown): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})?([+-]\d{4})$/.exec(str(value));
  if (!match) return null;
  const [, y, mo, d, h, mi, s, , zone = '+0800'] = match;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** One offer of `alibaba.cross.productInfo`, normalised. */
export function alibabaOffer(info: Json): SupplierOffer {
  const offerId = str(info.productID);
  if (!offerId) throw fail('bad_answer', 'productInfo without productID');
  const sale = obj(info.saleInfo);
  const ranges = list(sale.priceRanges).map(obj);
  const offerPrice =
    info.consignPrice !== undefined && info.consignPrice !== ''
      ? yuan(info.consignPrice, 'consignPrice')
      : yuan(ranges[0]?.price ?? info.referencePrice, 'priceRanges.price');
  const skus = list(info.skuInfos).map((entry): SupplierSku => {
    const sku = obj(entry);
    // SKUAttrInfo{attributeID, attributeValue, skuImageUrl, attributeDisplayName} (1688's documentation).
    const attributes = list(sku.attributes).map((a) => ({
      name: str(obj(a).attributeDisplayName),
      value: str(obj(a).attributeValue),
    }));
    const consign = sku.consignPrice;
    return {
      specId: str(sku.specId),
      skuId: str(sku.skuId),
      attributes,
      spec: attributes.map((a) => a.value).join(','),
      priceFen:
        consign !== undefined && consign !== null && consign !== ''
          ? yuan(consign, 'consignPrice')
          : sku.price !== undefined
            ? yuan(sku.price, 'price')
            : offerPrice,
      stock: whole(sku.amountOnSale, 'amountOnSale'),
    };
  });
  if (skus.some((sku) => !sku.specId)) throw fail('bad_answer', 'skuInfo without specId');
  const images = list(obj(info.image).images)
    .map(str)
    .filter(Boolean)
    .map((path) => (/^https?:\/\//.test(path) ? path : `${ALIBABA_IMAGE_BASE}${path.replace(/^\/+/, '')}`));
  return {
    offerId,
    title: str(info.subject),
    images,
    status: str(info.status),
    skus,
    priceFen: offerPrice,
    stock: whole(sale.amountOnSale, 'saleInfo.amountOnSale'),
    categoryId: str(info.categoryID) === '0' ? '' : str(info.categoryID),
    attributes: list(info.attributes)
      .map((a) => ({ name: str(obj(a).attributeName), value: str(obj(a).value) }))
      .filter((a) => a.name && a.value),
  };
}

export class AlibabaConnector {
  readonly #now: () => number;

  constructor(private readonly options: AlibabaConnectorOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** This app's key (`client_id`): the messages it is pushed are recorded under it. */
  get appKey(): string {
    return this.options.app.clientId;
  }

  /** Whether a pushed `message` is signed with this app's secret (`alibabaMessageSign`, constant time). */
  isOwnMessage(message: string, signature: string): boolean {
    const expected = Buffer.from(alibabaMessageSign(this.options.app.clientSecret, message));
    const given = Buffer.from(signature.toUpperCase());
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** 1688's authorisation page for a buyer account; it returns to `redirectUri` with `code` and `state`. */
  authoriseUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
    const url = new URL(this.options.endpoints.authUrl);
    url.searchParams.set('client_id', this.options.app.clientId);
    url.searchParams.set('site', '1688');
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** Exchanges the `code` 1688 returned (with the same `redirectUri`) for the account's tokens. */
  async exchangeCode(code: string, redirectUri: string): Promise<BuyerAuthorisation> {
    return this.token({
      grant_type: 'authorization_code',
      need_refresh_token: 'true',
      redirect_uri: redirectUri,
      code,
    });
  }

  /** A new access token; a refused refresh is a `SupplierError` of kind `auth` (the seller re-authorises). */
  async refreshToken(refreshToken: string): Promise<BuyerAuthorisation> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /**
   * The offer `offerId` (商品复制): title, images, specs with 代发价 and stock. `productInfo` answers
   * only offers in the buyer's 铺货列表: unless `relation` knows it established, it is added first
   * (`pushOffers`); a read 1688 still refuses with 没有该商品的查询权限 adds it again once and reads again.
   */
  async offer(
    accessToken: string,
    offerId: string,
    relation: OfferRelation = RELATION_UNKNOWN_ASSUMED,
  ): Promise<SupplierOffer> {
    const establish = async () => {
      await this.pushOffers(accessToken, [offerId]);
      await relation.remember();
    };
    if (!(await relation.known())) await establish();
    const read = async () =>
      alibabaOffer(
        obj((await this.call(ALIBABA_APIS.productInfo, { productId: offerId }, accessToken)).productInfo),
      );
    try {
      return await read();
    } catch (error) {
      if (!isNoReadPermission(error)) throw error;
      await establish();
      return read();
    }
  }

  /**
   * 加入铺货列表 (`syncProductListPushed`, at most 20 ids a call): the relation `productInfo` needs.
   * Answers `result{success, errorCode, errorMsg}`; a refusal is a `SupplierError`.
   */
  async pushOffers(accessToken: string, offerIds: string[]): Promise<void> {
    if (offerIds.length === 0 || offerIds.length > 20)
      throw fail('invalid', '', '', '一次加入铺货列表 1 到 20 个商品');
    const ids = offerIds.map((id) => {
      if (!/^\d{1,19}$/.test(id)) throw fail('invalid', '', '', `1688商品ID不正确：${id.slice(0, 40)}`);
      return id.replace(/^0+(?=\d)/, '');
    });
    await this.call(ALIBABA_APIS.pushProducts, { productIdList: `[${ids.join(',')}]` }, accessToken);
  }

  /** What an order would cost (one preview per supplier and flow); nothing is bought. */
  async preview(
    accessToken: string,
    input: Pick<PurchaseInput, 'address' | 'cargo'>,
  ): Promise<PurchasePreview[]> {
    const answer = await this.call(
      ALIBABA_APIS.preview,
      {
        flow: 'general',
        addressParam: JSON.stringify(addressParam(input.address)),
        cargoParamList: JSON.stringify(cargoParams(input.cargo)),
      },
      accessToken,
    );
    return list(answer.orderPreviewResuslt).map((entry) => {
      const preview = obj(entry);
      return {
        totalFen: whole(preview.sumPayment, 'sumPayment'),
        freightFen: whole(preview.sumCarriage, 'sumCarriage'),
        goodsFen: whole(preview.sumPaymentNoCarriage, 'sumPaymentNoCarriage'),
        flowFlag: str(preview.flowFlag),
        cargo: list(preview.cargoList).map((c) => {
          const cargo = obj(c);
          return {
            offerId: str(cargo.offerId),
            specId: str(cargo.specId),
            quantity: whole(cargo.amount, 'amount'),
            unitPriceFen: yuan(cargo.finalUnitPrice, 'finalUnitPrice'),
          };
        }),
      };
    });
  }

  /** Places the purchase order; the same `outOrderId` again answers the order already placed. */
  async createOrder(accessToken: string, input: PurchaseInput): Promise<PurchaseOrder> {
    const params: Record<string, string> = {
      flow: 'general',
      addressParam: JSON.stringify(addressParam(input.address)),
      cargoParamList: JSON.stringify(cargoParams(input.cargo)),
      outOrderId: input.outOrderId,
    };
    if (input.message) params.message = input.message;
    if (input.cipher) {
      params.encryptOutOrderInfo = JSON.stringify({
        encryptOrder: true,
        outPlatformOrderNo: input.cipher.orderNo,
        outPlatformCode: input.cipher.platform,
        outPlatformAppkey: input.cipher.appKey,
        outShopId: input.cipher.shopId,
        encryptReceiverName: input.cipher.cipher.name,
        encryptReceiverMobile: input.cipher.cipher.mobile,
        encryptReceiverAddress: input.cipher.cipher.address,
      });
    }
    const result = obj((await this.call(ALIBABA_APIS.createOrder, params, accessToken)).result);
    const orderId = str(result.orderId);
    if (!orderId) throw fail('bad_answer', 'order without orderId');
    return {
      orderId,
      totalFen: whole(result.totalSuccessAmount, 'totalSuccessAmount'),
      freightFen: whole(result.postFee, 'postFee'),
    };
  }

  /** A purchase order's status and the supplier's parcels (`alibaba.trade.get.buyerView`). */
  async order(accessToken: string, orderId: string): Promise<PurchaseOrderView> {
    const result = obj(
      (await this.call(ALIBABA_APIS.buyerView, { webSite: '1688', orderId }, accessToken)).result,
    );
    const base = obj(result.baseInfo);
    return {
      orderId: str(base.idOfStr) || str(base.id) || orderId,
      status: str(base.status),
      totalFen: yuan(base.totalAmount, 'totalAmount'),
      logistics: list(obj(result.nativeLogistics).logisticsItems)
        .map(obj)
        .map((item) => ({
          companyName: str(item.logisticsCompanyName),
          billNo: str(item.logisticsBillNo),
        }))
        .filter((item) => item.billNo),
    };
  }

  /**
   * Whether the buyer's 免密支付 (代扣) protocol is open (`alibaba.trade.pay.protocolPay.isopen`): an
   * agreement of `paymentAgreements` with `signedStatus` and `bindingStatus` both "true".
   */
  async protocolPayOpen(accessToken: string): Promise<boolean> {
    const answer = await this.call(ALIBABA_APIS.protocolPayOpen, {}, accessToken);
    const agreements = list(obj(obj(obj(answer.result).result)).paymentAgreements).map(obj);
    const yes = (value: unknown) => value === true || value === 'true';
    return agreements.some((a) => yes(a.signedStatus) && yes(a.bindingStatus));
  }

  /**
   * Pays the order with the buyer's 免密支付 (`alibaba.trade.pay.protocolPay.preparePay`, parameter
   * `tradeWithholdPreparePayParam` = `{orderId}`). Answers whether 1688 says it was paid
   * (`result.result.paySuccess`); false may still be paid after a timeout (the follow-up reads it).
   */
  async protocolPay(accessToken: string, orderId: string): Promise<boolean> {
    const answer = await this.call(
      ALIBABA_APIS.protocolPay,
      { tradeWithholdPreparePayParam: `{"orderId":${longId(orderId)}}` },
      accessToken,
    );
    const paid = obj(obj(answer.result).result).paySuccess;
    return paid === true || paid === 'true';
  }

  /**
   * 1688's cashier for the orders (`alibaba.alipay.url.get`, `orderIdList` at most 100): `payUrl`, and
   * the orders 1688 could not add (`payFailureOrderList`).
   */
  async payUrl(accessToken: string, orderIds: string[]): Promise<{ url: string; failed: string[] }> {
    const answer = await this.call(
      ALIBABA_APIS.payUrl,
      { orderIdList: `[${orderIds.map(longId).join(',')}]` },
      accessToken,
    );
    const url = str(answer.payUrl);
    // Only a page the browser may be sent to: https (1688's cashier), or the gateway's own origin (the
    // local sandbox's cashier); never a javascript: or another site's link.
    if (!URL.canParse(url)) throw fail('bad_answer', 'payUrl missing');
    const page = new URL(url);
    if (page.protocol !== 'https:' && page.origin !== new URL(this.gateway()).origin) {
      throw fail('bad_answer', 'payUrl not https');
    }
    return { url: page.toString(), failed: list(answer.payFailureOrderList).map(str) };
  }

  /**
   * Cancels the buyer's unpaid order (`alibaba.trade.cancel`: `webSite=1688`, `tradeID`, `cancelReason`
   * `buyerCancel`, `remark`); 1688 cancels only an order still 待付款 and answers `success: false`
   * otherwise (a `refused` error: paid meanwhile, already cancelled, not the buyer's).
   */
  async cancelOrder(accessToken: string, orderId: string, remark: string): Promise<void> {
    await this.call(
      ALIBABA_APIS.cancel,
      {
        webSite: '1688',
        tradeID: longId(orderId),
        cancelReason: 'buyerCancel',
        remark: remark.slice(0, 200),
      },
      accessToken,
    );
  }

  /**
   * The buyer's order placed with `outOrderId` (`alibaba.trade.getBuyerOrderList` filtered by
   * `outOrderId`), or null when 1688 has none: what a purchase attempt interrupted by a crash looks
   * for before placing again.
   */
  async findOrder(accessToken: string, outOrderId: string): Promise<FoundPurchaseOrder | null> {
    const answer = await this.call(
      ALIBABA_APIS.buyerOrderList,
      { outOrderId, page: '1', pageSize: '20' },
      accessToken,
    );
    const found = list(answer.result)
      .map((entry) => obj(obj(entry).baseInfo))
      .filter((base) => str(base.idOfStr) || str(base.id));
    // One order per outOrderId is what Consign places; were there more, the first is the attempt's.
    const base = found[0];
    if (!base) return null;
    return {
      orderId: str(base.idOfStr) || str(base.id),
      status: str(base.status),
      totalFen: yuan(base.totalAmount, 'totalAmount'),
      freightFen: yuan(base.shippingFee ?? '0', 'shippingFee'),
    };
  }

  private async token(params: Record<string, string>): Promise<BuyerAuthorisation> {
    const { clientId, clientSecret } = this.options.app;
    const url = `${this.gateway()}/http/1/system.oauth2/getToken/${encodeURIComponent(clientId)}`;
    const answer = await this.send(
      url,
      new URLSearchParams({ ...params, client_id: clientId, client_secret: clientSecret }),
      true,
    );
    const accessToken = str(answer.access_token);
    const memberId = str(answer.memberId);
    if (!accessToken || !memberId) throw fail('bad_answer', 'token without memberId');
    const expiresIn = whole(answer.expires_in, 'expires_in');
    return {
      memberId,
      loginId: str(answer.resource_owner) || memberId,
      accessToken,
      // A refresh answers no new refresh token: the old one stays valid until its timeout.
      refreshToken: str(answer.refresh_token) || str(params.refresh_token),
      expiresAt: Math.floor(this.#now() / 1000) + expiresIn,
      refreshExpiresAt: alibabaTime(answer.refresh_token_timeout),
    };
  }

  /** One signed call; the answer when it is not an error, or a `SupplierError`. */
  private async call(api: string, business: Record<string, string>, accessToken: string): Promise<Json> {
    const { clientId, clientSecret } = this.options.app;
    const urlPath = alibabaPath(api, clientId);
    const params: Record<string, string> = {
      ...business,
      access_token: accessToken,
      _aop_timestamp: String(this.#now()),
    };
    params._aop_signature = alibabaSign(clientSecret, urlPath, params);
    return this.send(`${this.gateway()}/${urlPath}`, new URLSearchParams(params), false);
  }

  private gateway() {
    return this.options.endpoints.gatewayUrl.replace(/\/+$/, '');
  }

  /**
   * POSTs the form and reads 1688's JSON. 1688 answers gateway errors with an HTTP error status and a
   * JSON body (`error_code`, `error_message`), so the body is read before the status is judged.
   */
  private async send(url: string, form: URLSearchParams, tokenCall: boolean): Promise<Json> {
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
      });
    } catch (error) {
      throw fail(
        'network',
        error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable',
      );
    }
    let text: string;
    try {
      text = await boundedText(response);
    } catch (error) {
      if (error instanceof Error && error.message === 'answer too large')
        throw fail('bad_answer', 'too large');
      throw fail('network', 'cut off');
    }
    let json: Json | null = null;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Json;
    } catch {
      json = null;
    }
    if (json && isError(json)) throw alibabaError(json, response.status, tokenCall);
    if (response.status === 429) throw fail('rate_limit', 'http 429');
    if (!response.ok) throw fail('server', `http ${response.status}`, text.slice(0, 200));
    if (!json) throw fail('bad_answer', 'not json', text.slice(0, 200));
    return json;
  }
}

/**
 * A 1688 order id as the JSON number (`Long`) 1688 takes, written from its digits: ids run to 19
 * digits, beyond what a JavaScript number holds exactly, so they never pass through `Number`.
 */
function longId(orderId: string): string {
  if (!/^\d{1,20}$/.test(orderId)) throw fail('invalid', '', '', `1688订单号不正确：${orderId.slice(0, 40)}`);
  return orderId.replace(/^0+(?=\d)/, '');
}

function addressParam(address: PurchaseAddress) {
  return {
    fullName: address.fullName,
    mobile: address.mobile,
    provinceText: address.provinceText,
    cityText: address.cityText,
    areaText: address.areaText,
    townText: address.townText ?? '',
    address: address.address,
  };
}

function cargoParams(cargo: PurchaseCargo[]) {
  return cargo.map((c) =>
    c.specId
      ? { offerId: Number(c.offerId), specId: c.specId, quantity: c.quantity }
      : { offerId: Number(c.offerId), quantity: c.quantity },
  );
}

/** Whether an answer is an error: a gateway or OAuth error, or a business `success: false`. */
function isError(json: Json): boolean {
  return (
    json.error_code !== undefined ||
    json.error !== undefined ||
    json.success === false ||
    json.success === 'false' ||
    obj(json.result).success === false ||
    obj(json.result).success === 'false'
  );
}

/** An error answer as a `SupplierError`; for the token calls a refusal means re-authorise. */
export function alibabaError(json: Json, status: number, tokenCall: boolean): SupplierError {
  const result = obj(json.result);
  const code =
    str(json.error_code) ||
    str(json.error) ||
    str(json.errorCode) ||
    str(json.code) ||
    str(result.code) ||
    str(result.errorCode);
  const words =
    str(json.error_message) ||
    str(json.error_description) ||
    str(json.errorMsg) ||
    str(json.errorMessage) ||
    str(json.message) ||
    str(result.message) ||
    str(result.errorMsg);
  if (code === ALIBABA_CODES.rateLimited || status === 429) return fail('rate_limit', code, words);
  // 1688 failing (a token call included) is a retry, never a lost authorisation.
  if (status >= 500) return fail('server', code, words);
  if (code === ALIBABA_CODES.signature) {
    return new SupplierError(
      'invalid',
      '1688签名验证失败，请检查全局设置中 1688 应用的密钥是否正确',
      code,
      words,
    );
  }
  if (tokenCall) return fail('auth', code, words);
  if (code === ALIBABA_CODES.tokenExpired || code === ALIBABA_CODES.tokenInvalid || status === 401) {
    return fail('token_expired', code, words);
  }
  if (json.error_code !== undefined) return fail('invalid', code, words, words);
  const known = REFUSALS[code];
  return new SupplierError('refused', known ?? supplierMessage('refused', words), code, words);
}
