import { randomBytes } from 'node:crypto';
import { shanghaiStamp } from '@consign/api-client';
import { fenAsYuan, yuanText } from '@consign/api-client/contract';
import { escapeHtml, html, SANDBOX_BODY_LIMIT, SANDBOX_CALLS_KEPT, sameSignature } from './core';
import type { AppCredentials, PlatformEndpoints } from './protocol';
import { ALIBABA_APIS, ALIBABA_CODES, ALIBABA_NO_READ_PERMISSION, alibabaSign } from './protocol';

/**
 * A local 1688 open platform for the supplier side, as its documentation describes it:
 * - `GET|POST /oauth/authorize`: the buyer's authorisation page (同意授权 redirects with `code` and
 *   `state`, 拒绝 with `error=access_denied`);
 * - `POST /http/1/system.oauth2/getToken/{appKey}`: the token exchange (`grant_type=authorization_code`,
 *   single-use codes bound to the `redirect_uri`) and refresh (`grant_type=refresh_token`); errors
 *   `{error: "invalid_grant", error_description}` with HTTP 401;
 * - `POST /param2/1/{namespace}/{api}/{appKey}`: checks the app, `_aop_timestamp` (ms, within 10
 *   minutes), `_aop_signature` over every other parameter, the rate limit and `access_token`; gateway
 *   errors are an HTTP error with `{error_code, error_message, request_id}`;
 * - a catalogue of offers (with specs and stock, one without specs, one removed: status `deleted`),
 *   order preview, order creation idempotent on `outOrderId` (`ordersFor` counts them), and orders the
 *   supplier ships by itself `shipAfterSeconds` after they were placed (or at once with `ship`); its
 *   business errors are `{success: false, errorCode, errorMsg}`: out of stock, price changed since the
 *   buyer's preview, bad address, offer missing or removed, not enough balance (`balances`, when set);
 *   the supplier may cancel an order (`cancel`). An offer's detail (`alibaba.cross.productInfo`) is read
 *   only once the member added it to its 铺货列表 (`alibaba.cross.syncProductListPushed`, `pushed`),
 *   else `{success: false, message: "没有该商品的查询权限"}` as 1688 documents. A 密文代发 order is refused when the sales platform
 *   (`canDecrypt`, wired to the 拼多多 / 抖店 sandboxes) says `outPlatformAppkey` cannot read its
 *   ciphertexts. SKU attributes are 1688's documented `SKUAttrInfo{attributeID, attributeValue,
 *   skuImageUrl, attributeDisplayName}`;
 * - payment (docs/design.md#1688-supplier-payment): an order starts 待付款 (`waitbuyerpay`) and the
 *   supplier ships only paid orders (`shipAfterSeconds` after the payment). It is paid by 免密支付
 *   (`protocolPay.preparePay`, refused for a member in `protocolClosed`; `protocolPay.isopen` says
 *   which) or on its cashier page (`alipay.url.get` answers `{base}/cashier.htm?orderId=a;b`, whose
 *   付款 button pays them). `getBuyerOrderList` finds a member's orders, by `outOrderId` too;
 *   `dedupeOutOrderId = false` makes `fastCreateOrder` place a new order for an `outOrderId` it has
 *   seen (so a test proves the caller never sends one twice). The buyer cancels a 待付款 order with
 *   `alibaba.trade.cancel` (any other state: `ORDER_STATUS_NOT_SUPPORT`).
 * - 消息服务 (docs/design.md#1688-order-messages): an app subscribed with `subscribeMessages` gets a
 *   form `POST` of `message=<json>&_aop_signature=<hex>` when an order of a member who authorised it
 *   is paid, shipped (looked for every second, as shipping follows the clock) or closed; `orderId` is a
 *   bare JSON number beyond JS's safe range, as 1688 writes it. A push not answered 2xx is sent again,
 *   same `msgId`, after `messageRetryMs`, up to `messageAttempts` times. When the supplier changes an
 *   offer (`changeOffer`, `/control/offer`), the members who added it to their 铺货列表 are pushed its
 *   product message (docs/design.md#1688-product-messages): price or stock `…_NEW_OR_MODIFY`, taken
 *   down `…_EXPIRE`, back on sale `…_REPOST`.
 */

export const ALIBABA_SANDBOX_APP: AppCredentials = {
  clientId: '1688001',
  clientSecret: 'sandbox-1688-secret-not-for-production',
};

export const ALIBABA_SANDBOX_PATHS = {
  auth: '/oauth/authorize',
  cashier: '/cashier.htm',
  token: '/http/1/system.oauth2/getToken/',
  /** The sandbox's control: the supplier changes an offer (`changeOffer`), a form POST. */
  offers: '/control/offer',
} as const;

export const ALIBABA_SANDBOX_MEMBERS = [
  { memberId: 'b2b-2206600001', loginId: '沙箱采购账号' },
  { memberId: 'b2b-2206600002', loginId: '沙箱采购二号' },
];

export interface SandboxOfferSpec {
  specId: string;
  skuId: string;
  attributes: { name: string; value: string }[];
  /** 代发价, 分. */
  priceFen: number;
  stock: number;
}

export interface SandboxOffer {
  offerId: string;
  subject: string;
  images: string[];
  status: 'published' | 'deleted';
  /** 1688's category (`categoryID`) and the offer's attributes (`attributes`: 材质, 风格 ...). */
  categoryId?: number;
  attributes?: { name: string; value: string }[];
  /** Empty: an offer without specs (then `priceFen` and `stock` are the offer's). */
  specs: SandboxOfferSpec[];
  priceFen: number;
  stock: number;
  /** Bumped by `reprice`; an order against an older preview is refused. */
  priceVersion: number;
}

export interface SandboxPurchase {
  orderId: string;
  memberId: string;
  outOrderId: string;
  createdAt: number;
  cargo: { offerId: string; specId: string; quantity: number; unitPriceFen: number }[];
  goodsFen: number;
  freightFen: number;
  address: Record<string, string>;
  encryptOutOrderInfo: Record<string, unknown> | null;
  /** When the supplier ships (unix s): the status turns `waitbuyerreceive` with a parcel. */
  shipAt: number;
  billNo: string;
  /** The supplier cancelled it (`cancel`): status `cancel`, never ships. */
  cancelled: boolean;
  /** Paid (免密支付 or the cashier page): only then does the supplier ship it. */
  paid: boolean;
  /** Its shipment was announced to the subscribed apps (`ORDER_BUYER_VIEW_ANNOUNCE_SENDGOODS`). */
  shipAnnounced?: boolean;
}

/** One message the sandbox pushed (for tests): to which app, what, and how it went. */
export interface AlibabaMessage {
  appKey: string;
  msgId: string;
  type: AlibabaMessageType | AlibabaProductMessageType;
  /** The order of an order message, else ''. */
  orderId: string;
  /** The offer of a product message, else ''. */
  offerId: string;
  attempts: number;
  delivered: boolean;
  /** The last HTTP status, or the network error. */
  lastAnswer: string;
}

/**
 * The order messages (消息服务, buyer's view) the sandbox pushes: paid, shipped, and closed by the
 * supplier (卖家关闭) or by the buyer (买家关闭). docs/design.md#1688-order-messages.
 */
export type AlibabaMessageType =
  | 'ORDER_BUYER_VIEW_ORDER_PAY'
  | 'ORDER_BUYER_VIEW_ANNOUNCE_SENDGOODS'
  | 'ORDER_BUYER_VIEW_ORDER_SELLER_CLOSE'
  | 'ORDER_BUYER_VIEW_ORDER_BUYER_CLOSE';

/**
 * The product messages (关系用户视角) the sandbox pushes when the supplier changes an offer
 * (`changeOffer`) to the members who added it to their 铺货列表: price or stock changed, taken down,
 * back on sale. docs/design.md#1688-product-messages.
 */
export type AlibabaProductMessageType =
  | 'PRODUCT_RELATION_VIEW_PRODUCT_NEW_OR_MODIFY'
  | 'PRODUCT_RELATION_VIEW_PRODUCT_EXPIRE'
  | 'PRODUCT_RELATION_VIEW_PRODUCT_REPOST';

export interface AlibabaSandboxCall {
  /** `namespace:api`, or `getToken`. */
  api: string;
  /** The app that called (its quota is per app); null for the buyer paying on the cashier page. */
  appKey: string | null;
  memberId: string | null;
  error: string | null;
}

/** `alibaba.trade.cancel`'s documented `cancelReason` values. */
const CANCEL_REASONS: ReadonlySet<string> = new Set(['buyerCancel', 'sellerGoodsLack', 'other']);

/** Flat freight per purchase order, 分. */
export const ALIBABA_SANDBOX_FREIGHT_FEN = 600;

function catalogue(): SandboxOffer[] {
  const spec = (n: number, color: string, size: string, priceFen: number, stock: number) => ({
    specId: `b7f1c0de${String(n).padStart(24, '0')}`,
    skuId: `500000000${n}`,
    attributes: [
      { name: '颜色', value: color },
      { name: '尺码', value: size },
    ],
    priceFen,
    stock,
  });
  return [
    {
      offerId: '610000000001',
      subject: '纯棉宽松短袖T恤 男女同款 夏季新款',
      images: ['img/ibank/O1CN01sandbox0001.jpg', 'img/ibank/O1CN01sandbox0002.jpg'],
      status: 'published',
      categoryId: 127380009,
      attributes: [
        { name: '材质', value: '纯棉' },
        { name: '风格', value: '休闲' },
      ],
      specs: [
        spec(1, '白色', 'L', 1850, 120),
        spec(2, '白色', 'XL', 1850, 80),
        spec(3, '藏青', 'XL', 1990, 0),
      ],
      priceFen: 1850,
      stock: 200,
      priceVersion: 1,
    },
    {
      offerId: '610000000002',
      subject: '不锈钢保温杯 500ml 商务款',
      images: ['img/ibank/O1CN01sandbox0003.jpg'],
      status: 'published',
      categoryId: 121364003,
      attributes: [{ name: '材质', value: '304不锈钢' }],
      specs: [],
      priceFen: 2390,
      stock: 50,
      priceVersion: 1,
    },
    {
      offerId: '610000000003',
      subject: '加厚珊瑚绒毛毯（已下架）',
      images: ['img/ibank/O1CN01sandbox0004.jpg'],
      status: 'deleted',
      specs: [],
      priceFen: 4590,
      stock: 0,
      priceVersion: 1,
    },
  ];
}

class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly code: string,
  ) {
    super(code);
  }
}

const gatewayError = (status: number, code: string, message: string) =>
  new Answer(
    status,
    { error_code: code, error_message: message, request_id: randomBytes(8).toString('hex') },
    code,
  );
const refusal = (code: string, message: string) =>
  new Answer(200, { success: false, errorCode: code, errorMsg: message }, code);

export interface AlibabaSandboxOptions {
  apps: AppCredentials[];
  now?: () => number;
  /** Access token lifetime (default 10 hours, like 1688); refresh tokens live 180 days. */
  tokenTtlSeconds?: number;
  /** Seconds after an order is placed when the supplier ships it (default 120). */
  shipAfterSeconds?: number;
  /** Calls per app and API per second (default 50). */
  rateLimit?: number;
  /**
   * 密文代发: whether the sales platform lets app `appKey` (`outPlatformAppkey`) decrypt these
   * ciphertexts of shop `shopId` (the platform sandboxes' `canDecryptFor`). Without it every
   * encrypted order is taken as readable.
   */
  canDecrypt?: (platform: string, appKey: string, shopId: string, ciphertexts: string[]) => boolean;
  /** 消息服务: the wait before a push is sent again (default 5 s), and the attempts (default 5). */
  messageRetryMs?: number;
  messageAttempts?: number;
}

export class AlibabaSandbox {
  readonly calls: AlibabaSandboxCall[] = [];
  readonly offers: Map<string, SandboxOffer>;
  readonly purchases = new Map<string, SandboxPurchase>();
  readonly #apps: Map<string, string>;
  readonly #now: () => number;
  readonly #codes = new Map<
    string,
    { clientId: string; memberId: string; redirectUri: string; expiresAt: number }
  >();
  readonly #access = new Map<string, { clientId: string; memberId: string; expiresAt: number }>();
  readonly #refresh = new Map<string, { clientId: string; memberId: string; expiresAt: number }>();
  /** `${memberId}\n${offerId}` -> the offer's price version at the buyer's last preview. */
  readonly #previewed = new Map<string, number>();
  /** `${memberId}\n${offerId}`: the member's 铺货列表 (`syncProductListPushed`); `productInfo` needs it. */
  readonly pushed = new Set<string>();
  readonly #rate = new Map<string, { second: number; count: number }>();
  #rateLimit: number;
  #sequence = 0;
  /** A buyer's 1688 balance (分) when set: an order above it is refused `BALANCE_NOT_ENOUGH`. */
  readonly balances = new Map<string, number>();
  /** Members whose 免密支付 (代扣) protocol is not open: `preparePay` refuses them. */
  readonly protocolClosed = new Set<string>();
  /** False: an `outOrderId` seen before places another order (1688's dedupe switched off). */
  dedupeOutOrderId = true;
  /** Every order message pushed, in order (the last 10,000). */
  readonly messages: AlibabaMessage[] = [];
  /** Each subscribed app's message URL (read at each push: the server's URL is known once it listens). */
  readonly #messageUrls = new Map<string, () => string>();
  readonly #sending = new Set<Promise<void>>();
  #shipWatch: NodeJS.Timeout | null = null;
  #messageSequence = 0;

  constructor(private readonly options: AlibabaSandboxOptions) {
    this.#apps = new Map(options.apps.map((app) => [app.clientId, app.clientSecret]));
    this.#now = options.now ?? Date.now;
    this.#rateLimit = options.rateLimit ?? 50;
    this.offers = new Map(catalogue().map((offer) => [offer.offerId, offer]));
  }

  /** The endpoints of a sandbox served at `base`. */
  static endpoints(base: string): PlatformEndpoints {
    return { gatewayUrl: base, authUrl: `${base}${ALIBABA_SANDBOX_PATHS.auth}` };
  }

  #nowS() {
    return Math.floor(this.#now() / 1000);
  }

  setRateLimit(calls: number) {
    this.#rateLimit = calls;
    this.#rate.clear();
  }

  /** Makes every access token expire now. */
  expireAccessTokens() {
    for (const entry of this.#access.values()) entry.expiresAt = this.#nowS() - 1;
  }

  /** The supplier changes an offer's price (a spec's, or the offer's own): orders against an older preview are refused. */
  reprice(offerId: string, priceFen: number, specId?: string) {
    const offer = this.#offer(offerId);
    const spec = specId ? offer.specs.find((s) => s.specId === specId) : undefined;
    if (spec) spec.priceFen = priceFen;
    else offer.priceFen = priceFen;
    offer.priceVersion++;
  }

  /**
   * The supplier changes an offer: a spec's (or the offer's own) price and stock, and whether it is on
   * sale (`published`) or taken down (`deleted`). What 货源监控 sees at its next read past the cache.
   */
  changeOffer(
    offerId: string,
    change: { specId?: string; priceFen?: number; stock?: number; onSale?: boolean },
  ) {
    const offer = this.#offer(offerId);
    const spec = change.specId ? offer.specs.find((s) => s.specId === change.specId) : undefined;
    if (change.specId && !spec) throw new Error(`no spec ${change.specId} of sandbox offer ${offerId}`);
    if (change.priceFen !== undefined) this.reprice(offerId, change.priceFen, change.specId);
    if (change.stock !== undefined) {
      if (spec) spec.stock = change.stock;
      else offer.stock = change.stock;
    }
    const wasOnSale = offer.status === 'published';
    if (change.onSale !== undefined) offer.status = change.onSale ? 'published' : 'deleted';
    const onSale = offer.status === 'published';
    if (wasOnSale !== onSale) {
      this.#announceOffer(
        offerId,
        onSale ? 'PRODUCT_RELATION_VIEW_PRODUCT_REPOST' : 'PRODUCT_RELATION_VIEW_PRODUCT_EXPIRE',
      );
    } else if (change.priceFen !== undefined || change.stock !== undefined) {
      this.#announceOffer(offerId, 'PRODUCT_RELATION_VIEW_PRODUCT_NEW_OR_MODIFY');
    }
  }

  /** `POST /control/offer` (offer_id, spec_id?, price_fen?, stock?, on_sale? 1/0): `changeOffer`. */
  #control(form: URLSearchParams): Response {
    const int = (name: string) => {
      const value = form.get(name);
      if (value === null || value === '') return undefined;
      if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number`);
      return Number(value);
    };
    try {
      const onSale = form.get('on_sale');
      this.changeOffer(form.get('offer_id') ?? '', {
        specId: form.get('spec_id') || undefined,
        priceFen: int('price_fen'),
        stock: int('stock'),
        onSale: onSale === null || onSale === '' ? undefined : onSale === '1',
      });
      const offer = this.#offer(form.get('offer_id') ?? '');
      return Response.json({ success: true, offer });
    } catch (error) {
      return Response.json({ success: false, message: String(error) }, { status: 400 });
    }
  }

  /** The purchase orders placed for `outOrderId` (1 however often it was sent). */
  ordersFor(outOrderId: string): SandboxPurchase[] {
    return [...this.purchases.values()].filter((order) => order.outOrderId === outOrderId);
  }

  /** The buyer pays the order (as on the cashier page): the supplier ships `shipAfterSeconds` later. */
  pay(orderId: string) {
    const order = this.purchases.get(orderId);
    if (!order) throw new Error(`no sandbox purchase ${orderId}`);
    this.#pay(order);
  }

  #pay(order: SandboxPurchase) {
    if (order.paid || order.cancelled) return;
    order.paid = true;
    order.shipAt = Math.min(order.shipAt, this.#nowS() + (this.options.shipAfterSeconds ?? 120));
    this.#announce(order, 'ORDER_BUYER_VIEW_ORDER_PAY');
    this.#announceShipments();
  }

  /** The supplier ships the order now (an unpaid one as soon as it is paid). */
  ship(orderId: string) {
    const order = this.purchases.get(orderId);
    if (!order) throw new Error(`no sandbox purchase ${orderId}`);
    order.shipAt = Math.min(order.shipAt, this.#nowS());
    this.#announceShipments();
  }

  /** The supplier cancels the order (before shipping): its status turns `cancel`. */
  cancel(orderId: string) {
    const order = this.purchases.get(orderId);
    if (!order) throw new Error(`no sandbox purchase ${orderId}`);
    order.cancelled = true;
    this.#announce(order, 'ORDER_BUYER_VIEW_ORDER_SELLER_CLOSE');
  }

  /**
   * The developer subscribes app `appKey` to the order messages (its 消息服务 URL): from now on the
   * orders of members who authorised it are pushed there. Shipments are looked for every second.
   */
  subscribeMessages(appKey: string, url: () => string) {
    this.#messageUrls.set(appKey, url);
    this.#shipWatch ??= setInterval(() => this.#announceShipments(), 1000);
    this.#shipWatch.unref();
  }

  /** Stops looking for shipments (the subscriptions stay). */
  close() {
    if (this.#shipWatch) clearInterval(this.#shipWatch);
    this.#shipWatch = null;
  }

  /** Waits until every message in flight was delivered or given up. */
  async settleMessages(): Promise<void> {
    while (this.#sending.size > 0) await Promise.allSettled([...this.#sending]);
  }

  /** Announces each shipped order once (its `shipAt` passed). */
  #announceShipments() {
    if (this.#messageUrls.size === 0) return;
    for (const order of this.purchases.values()) {
      if (!order.shipAnnounced && this.#status(order) === 'waitbuyerreceive') {
        order.shipAnnounced = true;
        this.#announce(order, 'ORDER_BUYER_VIEW_ANNOUNCE_SENDGOODS');
      }
    }
  }

  /** Pushes one message of `order` to every subscribed app its member authorised. */
  #announce(order: SandboxPurchase, type: AlibabaMessageType) {
    // As 1688 writes it: `orderId` a bare number (beyond JS's safe integers), `msgId` a number.
    const data = (nowMs: number) =>
      `{"buyerMemberId":${JSON.stringify(order.memberId)},"currentStatus":${JSON.stringify(this.#status(order))},` +
      `"orderId":${order.orderId},"sellerMemberId":"b2b-sandbox-seller","msgSendTime":${JSON.stringify(beijingStamp(Math.floor(nowMs / 1000)))}}`;
    this.#push(
      order.memberId,
      type,
      { orderId: order.orderId, offerId: '' },
      data,
      `"bizKey":"${order.orderId}",`,
    );
  }

  /**
   * Pushes a product message of offer `offerId` to each member who added it to its 铺货列表, as 1688's
   * topic pages write it: `data = {productIds, memberId, status (the type without PRODUCT_), msgSendTime}`.
   */
  #announceOffer(offerId: string, type: AlibabaProductMessageType) {
    if (this.#messageUrls.size === 0) return;
    const members = new Set(
      [...this.pushed].filter((key) => key.endsWith(`\n${offerId}`)).map((key) => key.split('\n')[0] ?? ''),
    );
    for (const memberId of members) {
      const data = (nowMs: number) =>
        JSON.stringify({
          productIds: offerId,
          memberId,
          status: type.slice('PRODUCT_'.length),
          msgSendTime: beijingStamp(Math.floor(nowMs / 1000)),
        });
      this.#push(memberId, type, { orderId: '', offerId }, data, '');
    }
  }

  /** Pushes one message about `memberId` to every subscribed app the member authorised. */
  #push(
    memberId: string,
    type: AlibabaMessageType | AlibabaProductMessageType,
    about: { orderId: string; offerId: string },
    data: (nowMs: number) => string,
    bizKey: string,
  ) {
    const apps = new Set(
      [...this.#access.values(), ...this.#refresh.values()]
        .filter((grant) => grant.memberId === memberId && this.#messageUrls.has(grant.clientId))
        .map((grant) => grant.clientId),
    );
    const nowMs = this.#now();
    for (const appKey of apps) {
      const msgId = String(92_700_000_000 + ++this.#messageSequence);
      const message: AlibabaMessage = {
        appKey,
        msgId,
        type,
        ...about,
        attempts: 0,
        delivered: false,
        lastAnswer: '',
      };
      this.messages.push(message);
      if (this.messages.length > 10_000) this.messages.splice(0, this.messages.length - 10_000);
      const json = `{${bizKey}"data":${data(nowMs)},"gmtBorn":${nowMs},"msgId":${msgId},"type":"${type}","userInfo":${JSON.stringify(memberId)}}`;
      const sending = this.#sendMessage(message, json).finally(() => this.#sending.delete(sending));
      this.#sending.add(sending);
    }
  }

  async #sendMessage(message: AlibabaMessage, json: string) {
    const secret = this.#apps.get(message.appKey) ?? '';
    const body = new URLSearchParams({
      message: json,
      _aop_signature: alibabaSign(secret, '', { message: json }),
    }).toString();
    const attempts = this.options.messageAttempts ?? 5;
    while (message.attempts < attempts) {
      if (message.attempts > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.options.messageRetryMs ?? 5_000).unref());
      }
      message.attempts += 1;
      try {
        const response = await fetch(this.#messageUrls.get(message.appKey)?.() ?? '', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer().catch(() => null);
        message.lastAnswer = String(response.status);
        if (response.ok) {
          message.delivered = true;
          return;
        }
      } catch (error) {
        message.lastAnswer = error instanceof Error ? error.message : String(error);
      }
    }
  }

  /** The calls of `api` (of one app's, with `appKey`), successful or not. */
  callsOf(api: string, appKey?: string) {
    return this.calls.filter((call) => call.api === api && (appKey === undefined || call.appKey === appKey));
  }

  #offer(offerId: string): SandboxOffer {
    const offer = this.offers.get(offerId);
    if (!offer) throw new Error(`no sandbox offer ${offerId}`);
    return offer;
  }

  #record(call: AlibabaSandboxCall) {
    this.calls.push(call);
    if (this.calls.length > SANDBOX_CALLS_KEPT) this.calls.splice(0, this.calls.length - SANDBOX_CALLS_KEPT);
  }

  async #form(request: Request): Promise<URLSearchParams | null> {
    if (Number(request.headers.get('content-length') ?? 0) > SANDBOX_BODY_LIMIT) return null;
    const body = Buffer.from(await request.arrayBuffer());
    if (body.length > SANDBOX_BODY_LIMIT) return null;
    return new URLSearchParams(body.toString('utf8'));
  }

  /** `base`: where the sandbox is served (its cashier's links); the request's origin when not given. */
  async fetch(request: Request, base?: string): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === ALIBABA_SANDBOX_PATHS.auth) return this.#authorisationPage(request);
    if (url.pathname === ALIBABA_SANDBOX_PATHS.cashier) return this.#cashierPage(request);
    if (request.method !== 'POST') return new Response('Not Found', { status: 404 });
    const form = await this.#form(request);
    if (form === null) return new Response('Payload Too Large', { status: 413 });
    if (url.pathname === ALIBABA_SANDBOX_PATHS.offers) return this.#control(form);
    if (url.pathname.startsWith(ALIBABA_SANDBOX_PATHS.token)) {
      const appKey = decodeURIComponent(url.pathname.slice(ALIBABA_SANDBOX_PATHS.token.length));
      return this.#token(appKey, new URLSearchParams([...url.searchParams, ...form]));
    }
    const match = /^\/(param2\/1\/([^/]+)\/([^/]+)\/([^/]+))$/.exec(url.pathname);
    if (!match)
      return Response.json(
        { error_code: ALIBABA_CODES.apiUnknown, error_message: 'API不存在' },
        { status: 404 },
      );
    const [, urlPath = '', namespace = '', name = '', appKey = ''] = match;
    const api = `${namespace}:${name}`;
    let memberId: string | null = null;
    try {
      memberId = this.#authenticate(urlPath, appKey, api, form);
      const body = this.#answer(api, memberId, form, base ?? url.origin);
      this.#record({ api, appKey, memberId, error: null });
      return Response.json(body);
    } catch (error) {
      if (!(error instanceof Answer)) throw error;
      this.#record({ api, appKey, memberId, error: error.code });
      return Response.json(error.body, { status: error.status });
    }
  }

  /** App, timestamp, signature, rate limit and token; the token's member. */
  #authenticate(urlPath: string, appKey: string, api: string, form: URLSearchParams): string {
    const secret = this.#apps.get(appKey);
    if (!secret) throw gatewayError(400, 'gw.AppKeyNotExist', 'appKey不存在');
    const params: Record<string, string> = {};
    for (const [key, value] of form) if (key !== '_aop_signature') params[key] = value;
    const timestamp = Number(params._aop_timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - this.#now()) > 600_000) {
      throw gatewayError(400, ALIBABA_CODES.timestamp, '_aop_timestamp 不正确或已过期');
    }
    if (!sameSignature(alibabaSign(secret, urlPath, params), form.get('_aop_signature') ?? '')) {
      throw gatewayError(400, ALIBABA_CODES.signature, '签名验证失败');
    }
    const second = this.#nowS();
    const key = `${appKey}\n${api}`;
    const rate = this.#rate.get(key);
    if (!rate || rate.second !== second) this.#rate.set(key, { second, count: 1 });
    else if (++rate.count > this.#rateLimit)
      throw gatewayError(429, ALIBABA_CODES.rateLimited, '调用频率超限');
    const token = this.#access.get(params.access_token ?? '');
    if (!token || token.clientId !== appKey)
      throw gatewayError(401, ALIBABA_CODES.tokenInvalid, 'access_token无效');
    if (token.expiresAt < this.#nowS())
      throw gatewayError(401, ALIBABA_CODES.tokenExpired, 'access_token已过期');
    return token.memberId;
  }

  #answer(api: string, memberId: string, form: URLSearchParams, base: string): Record<string, unknown> {
    switch (api) {
      case ALIBABA_APIS.productInfo:
        return this.#productInfo(memberId, form.get('productId') ?? '');
      case ALIBABA_APIS.pushProducts:
        return this.#pushProducts(memberId, form.get('productIdList') ?? '');
      case ALIBABA_APIS.preview: {
        const { cargo, address } = this.#orderInput(form);
        const priced = this.#price(cargo, address, 'region');
        for (const line of cargo) {
          this.#previewed.set(`${memberId}\n${line.offerId}`, this.#offer(line.offerId).priceVersion);
        }
        return {
          success: true,
          orderPreviewResuslt: [
            {
              sumPayment: priced.goodsFen + ALIBABA_SANDBOX_FREIGHT_FEN,
              sumCarriage: ALIBABA_SANDBOX_FREIGHT_FEN,
              sumPaymentNoCarriage: priced.goodsFen,
              flowFlag: 'general',
              cargoList: priced.lines.map((line) => ({
                offerId: Number(line.offerId),
                specId: line.specId,
                amount: line.quantity,
                finalUnitPrice: yuanText(line.unitPriceFen),
              })),
            },
          ],
        };
      }
      case ALIBABA_APIS.createOrder:
        return this.#createOrder(memberId, form);
      case ALIBABA_APIS.buyerView:
        return this.#buyerView(memberId, form.get('orderId') ?? '');
      case ALIBABA_APIS.protocolPayOpen:
        return this.#protocolPayOpen(memberId);
      case ALIBABA_APIS.protocolPay:
        return this.#protocolPay(memberId, form);
      case ALIBABA_APIS.payUrl:
        return this.#payUrl(memberId, form, base);
      case ALIBABA_APIS.buyerOrderList:
        return this.#buyerOrderList(memberId, form);
      case ALIBABA_APIS.cancel:
        return this.#cancel(memberId, form);
      default:
        throw gatewayError(404, ALIBABA_CODES.apiUnknown, `API ${api} 不存在`);
    }
  }

  /**
   * 加入铺货列表: `productIdList` a JSON array of 1 to 20 ids (1688: `OFFERIDS_IS_NULL` when empty);
   * answers `result{success, errorCode, errorMsg}`. Adding an id twice changes nothing.
   */
  #pushProducts(memberId: string, list: string) {
    let ids: unknown;
    try {
      ids = JSON.parse(list);
    } catch {
      throw refusal(ALIBABA_CODES.badParameter, 'productIdList 不是合法的 JSON');
    }
    if (!Array.isArray(ids) || ids.length === 0) {
      return {
        result: { success: false, errorCode: ALIBABA_CODES.pushEmpty, errorMsg: '商品ID列表参数为空' },
      };
    }
    if (ids.length > 20 || !ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id))) {
      throw refusal(ALIBABA_CODES.badParameter, 'productIdList 须为 1 到 20 个商品ID');
    }
    for (const id of ids) this.pushed.add(`${memberId}\n${id}`);
    return { result: { success: true } };
  }

  /** 跨境场景获取商品详情: only an offer in the member's 铺货列表 (1688's `没有该商品的查询权限` otherwise). */
  #productInfo(memberId: string, productId: string) {
    const offer = this.offers.get(productId);
    if (!offer) throw refusal(ALIBABA_CODES.offerMissing, '商品不存在');
    if (!this.pushed.has(`${memberId}\n${offer.offerId}`)) {
      throw new Answer(200, { success: false, message: ALIBABA_NO_READ_PERMISSION }, 'no_read_permission');
    }
    const yuan = yuanText;
    return {
      success: true,
      productInfo: {
        productID: Number(offer.offerId),
        subject: offer.subject,
        status: offer.status,
        categoryID: offer.categoryId ?? 0,
        attributes: (offer.attributes ?? []).map((a, i) => ({
          attributeID: 2000 + i,
          attributeName: a.name,
          value: a.value,
          isCustom: false,
        })),
        image: { images: offer.images },
        saleInfo: {
          amountOnSale: offer.stock,
          priceRanges: [{ startQuantity: 1, price: yuan(offer.priceFen) }],
        },
        skuInfos: offer.specs.map((spec) => ({
          attributes: spec.attributes.map((a, i) => ({
            attributeID: 1000 + i,
            attributeDisplayName: a.name,
            attributeValue: a.value,
            skuImageUrl: '',
          })),
          price: yuan(spec.priceFen + 200),
          consignPrice: yuan(spec.priceFen),
          amountOnSale: spec.stock,
          specId: spec.specId,
          skuId: Number(spec.skuId),
        })),
      },
    };
  }

  #orderInput(form: URLSearchParams) {
    const parse = (name: string): unknown => {
      try {
        return JSON.parse(form.get(name) ?? '');
      } catch {
        throw refusal(ALIBABA_CODES.badParameter, `${name} 不是合法的 JSON`);
      }
    };
    const address = parse('addressParam') as Record<string, unknown>;
    const cargoRaw = parse('cargoParamList');
    if (!Array.isArray(cargoRaw) || cargoRaw.length === 0 || cargoRaw.length > 50) {
      throw refusal(ALIBABA_CODES.badParameter, 'cargoParamList 须为 1 到 50 个商品');
    }
    const cargo = cargoRaw.map((entry) => {
      const c = (entry ?? {}) as Record<string, unknown>;
      const quantity = Number(c.quantity);
      if (!Number.isInteger(quantity) || quantity < 1)
        throw refusal(ALIBABA_CODES.badParameter, '采购数量不正确');
      return { offerId: String(c.offerId ?? ''), specId: c.specId ? String(c.specId) : '', quantity };
    });
    return { cargo, address: address && typeof address === 'object' ? address : {} };
  }

  /**
   * Checks the address and the cargo against the catalogue; the lines with their prices. A preview
   * (`region`) needs the province, city and district (freight is priced by region); an order the whole
   * receiver, or for 密文代发 (`cipher`) the region and the platform's ciphertexts instead of the
   * receiver's name, mobile and address in clear (those are masked text then).
   */
  #price(
    cargo: { offerId: string; specId: string; quantity: number }[],
    address: Record<string, unknown>,
    check: 'region' | 'plain' | 'cipher',
    cipher: Record<string, unknown> | null = null,
  ) {
    const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '');
    const region = !!text('provinceText') && !!text('cityText') && !!text('areaText');
    const ciphered = ['encryptReceiverName', 'encryptReceiverMobile', 'encryptReceiverAddress'].every(
      (key) => typeof cipher?.[key] === 'string' && (cipher[key] as string).length > 0,
    );
    if (check === 'region' ? !region : check === 'cipher' ? !region || !ciphered : false) {
      throw refusal(ALIBABA_CODES.badAddress, '收货地址不完整或格式不正确');
    }
    if (
      check === 'plain' &&
      (!text('fullName') ||
        !/^1\d{10}$/.test(text('mobile')) ||
        !text('provinceText') ||
        !text('cityText') ||
        !text('areaText') ||
        !text('address') ||
        [...text('address')].length > 200)
    ) {
      throw refusal(ALIBABA_CODES.badAddress, '收货地址不完整或格式不正确');
    }
    const lines = cargo.map((line) => {
      const offer = this.offers.get(line.offerId);
      if (offer?.status !== 'published') {
        throw refusal(ALIBABA_CODES.offerMissing, `商品 ${line.offerId} 不存在或已下架`);
      }
      const spec = offer.specs.find((s) => s.specId === line.specId);
      if (offer.specs.length > 0 && !spec)
        throw refusal(ALIBABA_CODES.badParameter, `商品 ${line.offerId} 的规格不存在`);
      const stock = spec ? spec.stock : offer.stock;
      if (line.quantity > stock) {
        throw refusal(ALIBABA_CODES.outOfStock, `商品 ${line.offerId} 库存不足（剩余 ${stock} 件）`);
      }
      return { ...line, unitPriceFen: spec ? spec.priceFen : offer.priceFen };
    });
    return { lines, goodsFen: lines.reduce((sum, line) => sum + line.unitPriceFen * line.quantity, 0) };
  }

  #createOrder(memberId: string, form: URLSearchParams) {
    const outOrderId = form.get('outOrderId') ?? '';
    const existing = [...this.purchases.values()].find(
      (order) =>
        this.dedupeOutOrderId &&
        order.memberId === memberId &&
        outOrderId !== '' &&
        order.outOrderId === outOrderId,
    );
    const done = (order: SandboxPurchase) => ({
      success: true,
      result: {
        orderId: order.orderId,
        totalSuccessAmount: order.goodsFen + order.freightFen,
        postFee: order.freightFen,
      },
    });
    if (existing) return done(existing);
    const { cargo, address } = this.#orderInput(form);
    for (const line of cargo) {
      const seen = this.#previewed.get(`${memberId}\n${line.offerId}`);
      const offer = this.offers.get(line.offerId);
      if (offer && seen !== undefined && seen !== offer.priceVersion) {
        throw refusal(ALIBABA_CODES.priceChanged, `商品 ${line.offerId} 价格已变动`);
      }
    }
    let encryptOutOrderInfo: Record<string, unknown> | null = null;
    if (form.has('encryptOutOrderInfo')) {
      try {
        encryptOutOrderInfo = JSON.parse(form.get('encryptOutOrderInfo') ?? '') as Record<string, unknown>;
      } catch {
        throw refusal(ALIBABA_CODES.badParameter, 'encryptOutOrderInfo 不是合法的 JSON');
      }
      if (!['pinduoduo', 'douyin'].includes(String(encryptOutOrderInfo?.outPlatformCode))) {
        throw refusal(ALIBABA_CODES.badParameter, 'outPlatformCode 不支持');
      }
      const info = encryptOutOrderInfo ?? {};
      const texts = ['encryptReceiverName', 'encryptReceiverMobile', 'encryptReceiverAddress'].map((key) =>
        String(info[key] ?? ''),
      );
      if (
        info.encryptOrder === true &&
        this.options.canDecrypt &&
        !this.options.canDecrypt(
          String(info.outPlatformCode),
          String(info.outPlatformAppkey ?? ''),
          String(info.outShopId ?? ''),
          texts,
        )
      ) {
        throw refusal(
          ALIBABA_CODES.badParameter,
          `密文解密失败：应用 ${String(info.outPlatformAppkey ?? '')} 无权读取店铺 ${String(info.outShopId ?? '')} 的收件人`,
        );
      }
    }
    const priced = this.#price(
      cargo,
      address,
      encryptOutOrderInfo?.encryptOrder === true ? 'cipher' : 'plain',
      encryptOutOrderInfo,
    );
    const balance = this.balances.get(memberId);
    if (balance !== undefined && balance < priced.goodsFen + ALIBABA_SANDBOX_FREIGHT_FEN) {
      throw refusal(ALIBABA_CODES.balance, '账户余额不足');
    }
    if (balance !== undefined)
      this.balances.set(memberId, balance - priced.goodsFen - ALIBABA_SANDBOX_FREIGHT_FEN);
    for (const line of priced.lines) {
      const offer = this.#offer(line.offerId);
      const spec = offer.specs.find((s) => s.specId === line.specId);
      if (spec) spec.stock -= line.quantity;
      else offer.stock -= line.quantity;
    }
    const nowS = this.#nowS();
    const n = ++this.#sequence;
    const order: SandboxPurchase = {
      orderId: `${3300000000000000000n + BigInt(nowS) * 1000n + BigInt(n)}`,
      memberId,
      outOrderId,
      createdAt: nowS,
      cargo: priced.lines,
      goodsFen: priced.goodsFen,
      freightFen: ALIBABA_SANDBOX_FREIGHT_FEN,
      address: Object.fromEntries(Object.entries(address).map(([k, v]) => [k, String(v)])),
      encryptOutOrderInfo,
      // Ships `shipAfterSeconds` after it is paid (never while 待付款).
      shipAt: Number.POSITIVE_INFINITY,
      // 中通's format: 7 then 11 to 14 digits.
      billNo: `7${String(10_000_000_000 + n * 7919).padStart(11, '0')}`,
      cancelled: false,
      paid: false,
    };
    this.purchases.set(order.orderId, order);
    return done(order);
  }

  #status(order: SandboxPurchase) {
    if (order.cancelled) return 'cancel';
    if (!order.paid) return 'waitbuyerpay';
    return order.shipAt <= this.#nowS() ? 'waitbuyerreceive' : 'waitsellersend';
  }

  #baseInfo(order: SandboxPurchase) {
    return {
      id: Number(order.orderId),
      idOfStr: order.orderId,
      status: this.#status(order),
      totalAmount: yuanText(order.goodsFen + order.freightFen),
      shippingFee: yuanText(order.freightFen),
      createTime: beijingStamp(order.createdAt),
    };
  }

  #buyerView(memberId: string, orderId: string) {
    const order = this.purchases.get(orderId);
    if (!order || order.memberId !== memberId) throw refusal(ALIBABA_CODES.orderMissing, '订单不存在');
    const shipped = this.#status(order) === 'waitbuyerreceive';
    return {
      success: 'true',
      result: {
        baseInfo: this.#baseInfo(order),
        nativeLogistics: {
          logisticsItems: shipped
            ? [{ logisticsCompanyName: '中通快递', logisticsCompanyNo: 'ZTO', logisticsBillNo: order.billNo }]
            : [],
        },
      },
    };
  }

  #protocolPayOpen(memberId: string) {
    const open = String(!this.protocolClosed.has(memberId));
    return {
      result: {
        success: true,
        result: {
          paymentAgreements: [
            { payChannel: 'SHEGOU', bindingStatus: 'false', signedStatus: 'false' },
            { payChannel: 'ALIPAY', bindingStatus: open, signedStatus: open },
          ],
        },
      },
    };
  }

  #protocolPay(memberId: string, form: URLSearchParams) {
    const [orderId] = longIds(form.get('tradeWithholdPreparePayParam') ?? '', 'orderId');
    const order = this.purchases.get(orderId ?? '');
    if (!order || order.memberId !== memberId) throw refusal(ALIBABA_CODES.orderMissing, '订单不存在');
    if (this.protocolClosed.has(memberId)) throw refusal(ALIBABA_CODES.noProtocol, '未开通免密支付');
    if (order.cancelled || order.paid) throw refusal(ALIBABA_CODES.orderState, '订单状态不允许付款');
    this.#pay(order);
    return { result: { success: true, result: { payChannel: 'ALIPAY', paySuccess: true } } };
  }

  /**
   * `alibaba.trade.cancel` by the buyer: `webSite` 1688, `tradeID` one of the member's orders, a
   * documented `cancelReason`; only a 待付款 order (not paid, not cancelled) can be cancelled.
   */
  #cancel(memberId: string, form: URLSearchParams) {
    if (form.get('webSite') !== '1688') throw refusal(ALIBABA_CODES.badParameter, 'webSite 须为 1688');
    if (!CANCEL_REASONS.has(form.get('cancelReason') ?? '')) {
      throw refusal(ALIBABA_CODES.badParameter, 'cancelReason 须为 buyerCancel、sellerGoodsLack 或 other');
    }
    const order = this.purchases.get(form.get('tradeID') ?? '');
    if (!order || order.memberId !== memberId) throw refusal(ALIBABA_CODES.orderMissing, '订单不存在');
    if (this.#status(order) !== 'waitbuyerpay') {
      throw refusal(ALIBABA_CODES.orderState, '当前订单状态不允许取消');
    }
    order.cancelled = true;
    this.#announce(order, 'ORDER_BUYER_VIEW_ORDER_BUYER_CLOSE');
    return { success: true };
  }

  /** The member's unpaid orders among `ids` and the others (1688's `payFailureOrderList`). */
  #payable(memberId: string, ids: string[]) {
    const ok: SandboxPurchase[] = [];
    const failed: string[] = [];
    for (const id of ids) {
      const order = this.purchases.get(id);
      if (order && order.memberId === memberId && !order.paid && !order.cancelled) ok.push(order);
      else failed.push(id);
    }
    return { ok, failed };
  }

  #payUrl(memberId: string, form: URLSearchParams, base: string) {
    const ids = longIds(form.get('orderIdList') ?? '', null);
    if (ids.length === 0 || ids.length > 100) {
      throw refusal(ALIBABA_CODES.badParameter, 'orderIdList 须为 1 到 100 个订单');
    }
    const { ok, failed } = this.#payable(memberId, ids);
    if (ok.length === 0) throw refusal(ALIBABA_CODES.orderState, '订单均不可付款');
    const list = ok.map((order) => order.orderId).join(';');
    return {
      success: true,
      payUrl: `${base}${ALIBABA_SANDBOX_PATHS.cashier}?orderId=${list}`,
      ...(failed.length > 0 ? { payFailureOrderList: failed } : {}),
    };
  }

  #buyerOrderList(memberId: string, form: URLSearchParams) {
    const outOrderId = form.get('outOrderId') ?? '';
    const page = Math.max(1, Number(form.get('page') ?? 1) || 1);
    const size = Math.min(100, Math.max(1, Number(form.get('pageSize') ?? 20) || 20));
    const orders = [...this.purchases.values()]
      .filter((o) => o.memberId === memberId && (outOrderId === '' || o.outOrderId === outOrderId))
      .sort((a, b) => b.createdAt - a.createdAt || b.orderId.localeCompare(a.orderId));
    return {
      totalRecord: orders.length,
      result: orders
        .slice((page - 1) * size, page * size)
        .map((order) => ({ baseInfo: this.#baseInfo(order) })),
    };
  }

  /** 1688's cashier as the sandbox plays it: the orders, 付款 pays every unpaid one. */
  async #cashierPage(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const posted = request.method === 'POST' ? await this.#form(request) : url.searchParams;
    if (posted === null) return html('<h1>请求过大</h1>', 413);
    const ids = (posted.get('orderId') ?? '').split(';').filter(Boolean).slice(0, 100);
    const orders = ids.map((id) => this.purchases.get(id)).filter((o): o is SandboxPurchase => !!o);
    if (orders.length === 0) return html('<h1>订单不存在</h1>', 404);
    if (request.method === 'POST') {
      for (const order of orders) this.#pay(order);
      this.#record({ api: 'cashier', appKey: null, memberId: orders[0]?.memberId ?? null, error: null });
      return html(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>付款成功</title></head>
<body><h1>付款成功</h1><p>已支付 ${orders.length} 笔1688订单，供应商将安排发货。</p></body></html>`);
    }
    const total = orders.reduce((sum, o) => sum + (o.paid || o.cancelled ? 0 : o.goodsFen + o.freightFen), 0);
    const rows = orders
      .map(
        (o) =>
          `<li>订单 ${escapeHtml(o.orderId)}：${fenAsYuan(o.goodsFen + o.freightFen)}（${o.cancelled ? '已取消' : o.paid ? '已付款' : '待付款'}）</li>`,
      )
      .join('\n');
    return html(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>1688沙箱 · 收银台</title></head>
<body>
<h1>1688沙箱 · 收银台</h1>
<p>这是本地沙箱，不会产生真实付款。</p>
<ul>
${rows}
</ul>
<p>应付合计：${fenAsYuan(total)}</p>
<form method="post"><input type="hidden" name="orderId" value="${escapeHtml(ids.join(';'))}">
<button type="submit">付款</button></form>
</body></html>`);
  }

  // ---------------------------------------------------------------- authorisation

  #issueTokens(clientId: string, memberId: string) {
    const nowS = this.#nowS();
    const accessToken = randomBytes(20).toString('hex');
    const refreshToken = randomBytes(20).toString('hex');
    const ttl = this.options.tokenTtlSeconds ?? 10 * 3600;
    const refreshExpiresAt = nowS + 180 * 86_400;
    this.#access.set(accessToken, { clientId, memberId, expiresAt: nowS + ttl });
    this.#refresh.set(refreshToken, { clientId, memberId, expiresAt: refreshExpiresAt });
    return { accessToken, refreshToken, ttl, refreshExpiresAt };
  }

  #token(appKey: string, form: URLSearchParams): Response {
    const grant = form.get('grant_type') ?? '';
    const deny = (description: string, error: string = ALIBABA_CODES.invalidGrant) => {
      this.#record({ api: 'getToken', appKey, memberId: null, error });
      return Response.json({ error, error_description: description }, { status: 401 });
    };
    const secret = this.#apps.get(appKey);
    if (!secret || form.get('client_id') !== appKey) return deny('client_id 不存在', 'invalid_client');
    if (form.get('client_secret') !== secret) return deny('client_secret 不正确', 'invalid_client');
    let memberId: string;
    let issued: ReturnType<AlibabaSandbox['issueTokensFor']>;
    if (grant === 'authorization_code') {
      const code = this.#codes.get(form.get('code') ?? '');
      if (!code || code.clientId !== appKey || code.expiresAt < this.#nowS())
        return deny('code 无效或已使用');
      if (code.redirectUri !== (form.get('redirect_uri') ?? '')) return deny('redirect_uri 与授权时不一致');
      this.#codes.delete(form.get('code') ?? '');
      memberId = code.memberId;
      issued = this.issueTokensFor(appKey, memberId, true);
    } else if (grant === 'refresh_token') {
      const refresh = this.#refresh.get(form.get('refresh_token') ?? '');
      if (!refresh || refresh.clientId !== appKey || refresh.expiresAt < this.#nowS()) {
        return deny('refresh_token 无效或已过期');
      }
      memberId = refresh.memberId;
      issued = this.issueTokensFor(appKey, memberId, false);
    } else {
      return deny('grant_type 不支持', 'unsupported_grant_type');
    }
    this.#record({ api: 'getToken', appKey, memberId, error: null });
    const member = ALIBABA_SANDBOX_MEMBERS.find((m) => m.memberId === memberId);
    return Response.json({
      aliId: memberId.replace(/\D/g, ''),
      resource_owner: member?.loginId ?? memberId,
      memberId,
      expires_in: String(issued.ttl),
      access_token: issued.accessToken,
      ...(issued.refreshToken
        ? {
            refresh_token: issued.refreshToken,
            refresh_token_timeout: beijingStamp(issued.refreshExpiresAt),
          }
        : {}),
    });
  }

  /** Tokens for a member; a refresh (`withRefresh` false) answers only a new access token, like 1688. */
  issueTokensFor(clientId: string, memberId: string, withRefresh: boolean) {
    const issued = this.#issueTokens(clientId, memberId);
    if (withRefresh) return issued;
    this.#refresh.delete(issued.refreshToken);
    return { ...issued, refreshToken: '' };
  }

  /** The code 1688 would return after the buyer agreed; valid 10 minutes, single use. */
  issueCode(clientId: string, memberId: string, redirectUri: string): string {
    const code = randomBytes(16).toString('hex');
    this.#codes.set(code, { clientId, memberId, redirectUri, expiresAt: this.#nowS() + 600 });
    return code;
  }

  async #authorisationPage(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const posted = request.method === 'POST' ? await this.#form(request) : url.searchParams;
    if (posted === null) return html('<h1>请求过大</h1>', 413);
    const clientId = posted.get('client_id') ?? '';
    const redirectUri = posted.get('redirect_uri') ?? '';
    const state = posted.get('state') ?? '';
    if (!this.#apps.has(clientId)) return html('<h1>应用不存在</h1><p>client_id 未注册。</p>', 400);
    if (!/^https?:\/\//.test(redirectUri) || !URL.canParse(redirectUri))
      return html('<h1>回调地址不正确</h1>', 400);
    if (request.method === 'POST') {
      const back = new URL(redirectUri);
      back.searchParams.set('state', state);
      const memberId = posted.get('shop_id') ?? '';
      if (posted.get('decision') !== 'agree') back.searchParams.set('error', 'access_denied');
      else if (!ALIBABA_SANDBOX_MEMBERS.some((m) => m.memberId === memberId)) {
        return html('<h1>请选择要授权的账号</h1>', 400);
      } else back.searchParams.set('code', this.issueCode(clientId, memberId, redirectUri));
      return new Response(null, { status: 302, headers: { location: back.toString() } });
    }
    const members = ALIBABA_SANDBOX_MEMBERS.map(
      (m, i) =>
        `<label><input type="radio" name="shop_id" value="${escapeHtml(m.memberId)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(m.loginId)}（${escapeHtml(m.memberId)}）</label><br>`,
    ).join('\n');
    const hidden = (key: string, value: string) =>
      `<input type="hidden" name="${key}" value="${escapeHtml(value)}">`;
    return html(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>1688沙箱 · 采购账号授权</title></head>
<body>
<h1>1688沙箱 · 采购账号授权</h1>
<p>应用 ${escapeHtml(clientId)} 申请读取商品、代你下单采购并查看采购订单物流。这是本地沙箱，不会连接真实的 1688。</p>
<form method="post">
${hidden('client_id', clientId)}${hidden('redirect_uri', redirectUri)}${hidden('state', state)}
<fieldset><legend>选择采购账号</legend>
${members}
</fieldset>
<button type="submit" name="decision" value="agree">同意授权</button>
<button type="submit" name="decision" value="deny">拒绝</button>
</form>
</body></html>`);
  }
}

/**
 * The order ids (Long, up to 19 digits) of a JSON parameter, read from its text so that none loses
 * digits in a JavaScript number: the `field` of an object, or (null) the numbers of an array.
 */
function longIds(json: string, field: string | null): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw refusal(ALIBABA_CODES.badParameter, '参数不是合法的 JSON');
  }
  if (field === null) {
    if (!Array.isArray(parsed)) throw refusal(ALIBABA_CODES.badParameter, '参数须为订单号数组');
    return [...json.matchAll(/"?(\d+)"?/g)].map((m) => m[1] ?? '');
  }
  const match = new RegExp(`"${field}"\\s*:\\s*"?(\\d+)"?`).exec(json);
  if (!match?.[1]) throw refusal(ALIBABA_CODES.badParameter, `${field} 不能为空`);
  return [match[1]];
}

/** Unix seconds as 1688's `yyyyMMddHHmmssSSS+0800` (Beijing time). */
function beijingStamp(unixS: number): string {
  return `${shanghaiStamp(unixS)}000+0800`;
}
