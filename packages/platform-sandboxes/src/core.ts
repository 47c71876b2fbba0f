import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import type { AppCredentials, PlatformCode } from './protocol';

/**
 * What the 拼多多 and 抖店 sandboxes share (pdd.ts and doudian.ts hold each platform's protocol): the
 * registered apps, the authorisation page and its single-use codes, access and refresh tokens with
 * their expiry, a per-app and per-method rate limit, a store of shops and orders in a neutral form
 * that each platform renders in its own JSON, ciphertexts that only `decrypt` opens (with a daily
 * quota), and a record of the calls and shipments for tests to count.
 *
 * The sandbox is a fetch handler (`(Request) => Promise<Response>`): tests serve it on a loopback port
 * (`serveSandbox`), and the server can mount it under a path. It runs only outside production.
 */

export interface SandboxOptions {
  /** The apps the sandbox knows (client id and secret). */
  apps: AppCredentials[];
  /** The clock (ms); tests move it to expire tokens. */
  now?: () => number;
  /** Access token lifetime (default 1 day); refresh tokens live 30 days. */
  tokenTtlSeconds?: number;
  refreshTtlSeconds?: number;
  /** Calls per app and method within `rateLimitWindowSeconds` (default 100 per second). */
  rateLimit?: number;
  rateLimitWindowSeconds?: number;
  /** Ciphertexts a shop may decrypt per day (default 1,000). */
  decryptQuota?: number;
  /** Orders each shop gets when it is first authorised, updated within the last hour (default 5). */
  seedOrders?: number;
}

/** What happened to an order (`SandboxCore.changed`): placed, shipped, or its refund moved. */
export type SandboxChange = 'placed' | 'shipped' | 'refund';

export interface SandboxShop {
  shopId: string;
  shopName: string;
}

export type SandboxOrderStatus = 'unpaid' | 'to_ship' | 'shipped' | 'received' | 'cancelled';
export type SandboxRefund = 'none' | 'in_progress' | 'refunded';

export interface SandboxItem {
  goodsId: string;
  skuId: string;
  name: string;
  spec: string;
  quantity: number;
  priceFen: number;
  outerSkuId: string;
  outerGoodsId: string;
}

/** An order in the sandbox's own terms; each platform renders it as its JSON. */
export interface SandboxOrder {
  orderNo: string;
  shopId: string;
  status: SandboxOrderStatus;
  refund: SandboxRefund;
  preSale: boolean;
  createdAt: number;
  paidAt: number | null;
  updatedAt: number;
  items: SandboxItem[];
  freightFen: number;
  discountFen: number;
  buyerMessage: string;
  receiver: {
    name: string;
    mobile: string;
    province: string;
    city: string;
    district: string;
    address: string;
  };
  cipher: { name: string; mobile: string; address: string };
  shipment: { carrierId: string; carrierCode: string; trackingNo: string; at: number } | null;
}

export interface SandboxCarrier {
  id: string;
  code: string;
  name: string;
}

export interface SandboxCall {
  /** The platform's method (`pdd.logistics.online.send`, `order.logisticsAdd`). */
  method: string;
  shopId: string | null;
  /** The error code answered, or null for a success. */
  error: string | null;
}

/** What an authorisation page request names: the app, where the seller returns, the form's fields. */
export interface AuthorisationRequest {
  clientId: string;
  redirectUri: string;
  fields: Record<string, string>;
}

export interface TokenRecord {
  clientId: string;
  shopId: string;
  expiresAt: number;
}

const GOODS = [
  {
    goodsId: '3051001',
    name: '加厚珊瑚绒毛毯 秋冬款',
    specs: ['米白色,150x200cm', '灰色,180x200cm'],
    price: [5990, 7990],
  },
  { goodsId: '3051002', name: '不锈钢保温杯 500ml 😀', specs: ['黑色', '樱花粉'], price: [3950, 3950] },
  {
    goodsId: '3051003',
    name: '纯棉短袖T恤 男女同款',
    specs: ['白色,L', '白色,XL', '藏青,XL'],
    price: [2900, 2900, 3100],
  },
];
const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊'];
const PLACES = [
  ['浙江省', '杭州市', '西湖区', '文三路 478 号'],
  ['广东省', '深圳市', '南山区', '科技园南路 18 号'],
  ['上海市', '上海市', '浦东新区', '张江路 368 弄 5 号'],
  ['四川省', '成都市', '武侯区', '天府大道北段 1700 号'],
] as const;

export function maskName(name: string): string {
  return name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '';
}
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';
}
export function maskAddress(address: string): string {
  const chars = [...address];
  return chars.length > 4 ? `${chars.slice(0, 4).join('')}${'*'.repeat(chars.length - 4)}` : '****';
}

/** Constant-time comparison of two hex signatures (either case). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

export function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** How many orders the sandbox's order page shows (the newest). */
export const SANDBOX_ORDERS_SHOWN = 200;
/** The path of the order page under a sandbox's mount. */
export const SANDBOX_ORDERS_PATH = '/orders';
const SANDBOX_STATUS_LABELS: Record<SandboxOrderStatus, string> = {
  unpaid: '待付款',
  to_ship: '待发货',
  shipped: '已发货',
  received: '已签收',
  cancelled: '已取消',
};
const SANDBOX_REFUND_LABELS: Record<SandboxRefund, string> = {
  none: '无',
  in_progress: '退款中',
  refunded: '已退款',
};

/** The largest request body a sandbox reads (its largest real request is a few KB). */
export const SANDBOX_BODY_LIMIT = 1024 * 1024;
/** How many calls `calls` keeps (the oldest are dropped), so a long demo does not grow without end. */
export const SANDBOX_CALLS_KEPT = 10_000;

export abstract class SandboxCore {
  /** Every gateway call, in order (signature failures included, with their error); the last 10,000. */
  readonly calls: SandboxCall[] = [];
  readonly orders = new Map<string, SandboxOrder>();
  readonly shops: SandboxShop[];
  readonly carriers: SandboxCarrier[];
  protected readonly apps: Map<string, string>;
  protected readonly now: () => number;
  protected readonly codes = new Map<
    string,
    { clientId: string; shopId: string; redirectUri: string; expiresAt: number; used: boolean }
  >();
  protected readonly accessTokens = new Map<string, TokenRecord>();
  protected readonly refreshTokens = new Map<string, TokenRecord & { used: boolean }>();
  readonly #ciphers = new Map<string, { shopId: string; plaintext: string }>();
  readonly #decrypted = new Map<string, number>();
  readonly #rate = new Map<string, { windowStart: number; count: number }>();
  /** Each shop's orders (the same objects as `orders`), so a list call reads one shop's, not all. */
  readonly #byShop = new Map<string, SandboxOrder[]>();
  #rateLimit: number;
  #rateWindow: number;
  #sequence = 0;
  #demo: NodeJS.Timeout | null = null;

  constructor(
    readonly platform: PlatformCode,
    protected readonly options: SandboxOptions,
    shops: SandboxShop[],
    carriers: SandboxCarrier[],
  ) {
    this.apps = new Map(options.apps.map((app) => [app.clientId, app.clientSecret]));
    this.now = options.now ?? Date.now;
    this.shops = shops;
    this.carriers = carriers;
    this.#rateLimit = options.rateLimit ?? 100;
    this.#rateWindow = options.rateLimitWindowSeconds ?? 1;
  }

  /** The web-standard handler: the gateway and the authorisation page. */
  abstract fetch(request: Request): Promise<Response>;

  /** A new order number in the platform's format. */
  protected abstract newOrderNo(at: number): string;

  protected nowS(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Changes the rate limit (e.g. 2 calls per 60 s to make a test hit it). */
  setRateLimit(calls: number, windowSeconds: number) {
    this.#rateLimit = calls;
    this.#rateWindow = windowSeconds;
    this.#rate.clear();
  }

  /** Whether one more call of `method` by `clientId` is within the limit (and counts it). */
  protected withinRateLimit(clientId: string, method: string): boolean {
    const key = `${clientId}\n${method}`;
    const nowS = this.nowS();
    const entry = this.#rate.get(key);
    if (!entry || nowS - entry.windowStart >= this.#rateWindow) {
      this.#rate.set(key, { windowStart: nowS, count: 1 });
      return true;
    }
    entry.count++;
    return entry.count <= this.#rateLimit;
  }

  protected record(call: SandboxCall) {
    this.calls.push(call);
    if (this.calls.length > SANDBOX_CALLS_KEPT) this.calls.splice(0, this.calls.length - SANDBOX_CALLS_KEPT);
  }

  /** The request body as text, or null when it is over `SANDBOX_BODY_LIMIT`. */
  protected async readBody(request: Request): Promise<string | null> {
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > SANDBOX_BODY_LIMIT) return null;
    const body = Buffer.from(await request.arrayBuffer());
    return body.length > SANDBOX_BODY_LIMIT ? null : body.toString('utf8');
  }

  /** The calls of `method`, successful or not. */
  callsOf(method: string): SandboxCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Shipments written back, in order. */
  get shipments() {
    return [...this.orders.values()]
      .filter((order) => order.shipment)
      .map((order) => ({ orderNo: order.orderNo, shopId: order.shopId, ...order.shipment }))
      .sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
  }

  // ---------------------------------------------------------------- authorisation

  /**
   * The code the platform would return after the seller agreed (what the page's 同意授权 does);
   * valid 10 minutes, single use.
   */
  issueCode(clientId: string, shopId: string, redirectUri: string): string {
    for (const [old, entry] of this.codes) if (entry.expiresAt < this.nowS()) this.codes.delete(old);
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { clientId, shopId, redirectUri, expiresAt: this.nowS() + 600, used: false });
    return code;
  }

  /** Tokens for a code, or null when the code is unknown, used, expired or another app's. */
  protected redeemCode(clientId: string, code: string) {
    const entry = this.codes.get(code);
    if (!entry || entry.used || entry.clientId !== clientId || entry.expiresAt < this.nowS()) return null;
    entry.used = true;
    const shop = this.shops.find((s) => s.shopId === entry.shopId);
    if (!shop) return null;
    if (![...this.orders.values()].some((order) => order.shopId === shop.shopId)) {
      this.seedShop(shop.shopId, this.options.seedOrders ?? 5);
    }
    return { shop, ...this.issueTokens(clientId, shop.shopId) };
  }

  /** New tokens for a refresh token, or null when it is unknown, used, expired or another app's. */
  protected redeemRefresh(clientId: string, refreshToken: string) {
    const entry = this.refreshTokens.get(refreshToken);
    if (!entry || entry.used || entry.clientId !== clientId || entry.expiresAt < this.nowS()) return null;
    entry.used = true;
    const shop = this.shops.find((s) => s.shopId === entry.shopId);
    if (!shop) return null;
    return { shop, ...this.issueTokens(clientId, shop.shopId) };
  }

  private issueTokens(clientId: string, shopId: string) {
    const nowS = this.nowS();
    const accessToken = randomBytes(20).toString('hex');
    const refreshToken = randomBytes(20).toString('hex');
    const expiresIn = this.options.tokenTtlSeconds ?? 24 * 3600;
    const refreshExpiresIn = this.options.refreshTtlSeconds ?? 30 * 24 * 3600;
    this.accessTokens.set(accessToken, { clientId, shopId, expiresAt: nowS + expiresIn });
    this.refreshTokens.set(refreshToken, {
      clientId,
      shopId,
      expiresAt: nowS + refreshExpiresIn,
      used: false,
    });
    return { accessToken, refreshToken, expiresIn, refreshExpiresIn, nowS };
  }

  /** The shop of a valid access token of `clientId`: `expired`, `unknown`, or the record. */
  protected checkToken(clientId: string, token: string): TokenRecord | 'expired' | 'unknown' {
    const entry = this.accessTokens.get(token);
    if (!entry || entry.clientId !== clientId) return 'unknown';
    return entry.expiresAt < this.nowS() ? 'expired' : entry;
  }

  /**
   * The seller cancels the app's authorisation of a shop on the platform: its access tokens are
   * unknown from now on and its refresh tokens refused (the seller must authorise again).
   */
  revokeShop(shopId: string) {
    for (const [token, entry] of this.accessTokens)
      if (entry.shopId === shopId) this.accessTokens.delete(token);
    for (const [token, entry] of this.refreshTokens)
      if (entry.shopId === shopId) this.refreshTokens.delete(token);
  }

  /** Makes every access token expire now (a test's shortcut for "a day later"). */
  expireAccessTokens() {
    for (const entry of this.accessTokens.values()) entry.expiresAt = this.nowS() - 1;
  }

  /**
   * The authorisation page: GET shows the shops with 同意授权 and 拒绝; POST redirects to the app's
   * return address with `code` and `state` (or `error=access_denied`). `read` takes the request's
   * parameters to the app, its return address and the fields the page's form posts back (the
   * platform's own names), or to why the platform refuses the page.
   */
  protected async authorisationPage(
    request: Request,
    read: (form: URLSearchParams) => AuthorisationRequest | { refused: string },
  ): Promise<Response> {
    const url = new URL(request.url);
    const posted = request.method === 'POST' ? await this.readBody(request) : '';
    if (posted === null) return html('<h1>请求过大</h1>', 413);
    const form = request.method === 'POST' ? new URLSearchParams(posted) : url.searchParams;
    const asked = read(form);
    if ('refused' in asked) return html(`<h1>${escapeHtml(asked.refused)}</h1>`, 400);
    const { clientId, redirectUri, fields } = asked;
    const state = form.get('state') ?? '';
    if (!this.apps.has(clientId)) return html('<h1>应用不存在</h1><p>client id 未注册。</p>', 400);
    if (!/^https?:\/\//.test(redirectUri) || !URL.canParse(redirectUri)) {
      return html('<h1>回调地址不正确</h1>', 400);
    }
    if (request.method === 'POST') {
      const back = new URL(redirectUri);
      back.searchParams.set('state', state);
      const shopId = form.get('shop_id') ?? '';
      if (form.get('decision') !== 'agree') {
        back.searchParams.set('error', 'access_denied');
      } else if (!this.shops.some((shop) => shop.shopId === shopId)) {
        return html('<h1>请选择要授权的店铺</h1>', 400);
      } else {
        back.searchParams.set('code', this.issueCode(clientId, shopId, redirectUri));
      }
      return new Response(null, { status: 302, headers: { location: back.toString() } });
    }
    const name = this.platform === 'pinduoduo' ? '拼多多' : '抖店';
    const shops = this.shops
      .map(
        (shop, i) =>
          `<label><input type="radio" name="shop_id" value="${escapeHtml(shop.shopId)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(shop.shopName)}（${escapeHtml(shop.shopId)}）</label><br>`,
      )
      .join('\n');
    const hidden = (key: string, value: string) =>
      `<input type="hidden" name="${key}" value="${escapeHtml(value)}">`;
    return html(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${name}沙箱 · 店铺授权</title></head>
<body>
<h1>${name}沙箱 · 店铺授权</h1>
<p>应用 ${escapeHtml(clientId)} 申请访问你的店铺订单、物流与收件人信息。这是本地沙箱，不会连接真实平台。</p>
<form method="post">
${Object.entries(fields)
  .map(([key, value]) => hidden(key, value))
  .join('')}${hidden('state', state)}
<fieldset><legend>选择店铺</legend>
${shops}
</fieldset>
<button type="submit" name="decision" value="agree">同意授权</button>
<button type="submit" name="decision" value="deny">拒绝</button>
</form>
</body></html>`);
  }

  /**
   * The seller's order list as the platform's back office shows it, read-only: `GET /orders?shop=<id>`
   * lists the shop's orders, newest first (the latest `SANDBOX_ORDERS_SHOWN`), with their state and,
   * once shipped, the carrier and tracking number written back. For a person (the demo) and a browser
   * test checking what reached the platform.
   */
  protected ordersPage(url: URL): Response {
    const name = this.platform === 'pinduoduo' ? '拼多多' : '抖店';
    const shop = this.shops.find((s) => s.shopId === url.searchParams.get('shop'));
    if (!shop) {
      const links = this.shops
        .map((s) => `<li><a href="?shop=${escapeHtml(s.shopId)}">${escapeHtml(s.shopName)}</a></li>`)
        .join('');
      return html(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${name}沙箱 · 订单</title></head><body><h1>请选择店铺</h1><ul>${links}</ul></body></html>`,
        url.searchParams.has('shop') ? 404 : 200,
      );
    }
    const rows = (this.#byShop.get(shop.shopId) ?? [])
      .slice()
      .sort((a, b) => b.createdAt - a.createdAt || (a.orderNo < b.orderNo ? 1 : -1))
      .slice(0, SANDBOX_ORDERS_SHOWN)
      .map((order) => {
        const carrier = order.shipment
          ? (this.carriers.find((c) => c.id === order.shipment?.carrierId)?.name ??
            order.shipment.carrierCode)
          : '';
        const cells = [
          order.orderNo,
          SANDBOX_STATUS_LABELS[order.status],
          SANDBOX_REFUND_LABELS[order.refund],
          order.items.map((item) => `${item.name} ×${item.quantity}`).join('；'),
          carrier,
          order.shipment?.trackingNo ?? '',
        ];
        return `<tr data-order="${escapeHtml(order.orderNo)}">${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
      })
      .join('\n');
    return html(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${name}沙箱 · ${escapeHtml(shop.shopName)} · 订单</title></head>
<body>
<h1>${name}沙箱 · ${escapeHtml(shop.shopName)}的订单</h1>
<table>
<thead><tr><th>订单号</th><th>订单状态</th><th>售后</th><th>商品</th><th>快递公司</th><th>运单号</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body></html>`);
  }

  // ---------------------------------------------------------------- orders

  /** Gives a shop `count` orders updated within the last hour. */
  seedShop(shopId: string, count: number) {
    const nowS = this.nowS();
    for (let i = 0; i < count; i++) {
      const at = nowS - 3300 + Math.floor((3000 * i) / Math.max(1, count));
      this.placeOrder(shopId, { createdAt: at });
    }
  }

  /** A new paid order waiting to ship (what a buyer does on the platform). */
  placeOrder(
    shopId: string,
    overrides: Partial<Omit<SandboxOrder, 'orderNo' | 'shopId'>> = {},
  ): SandboxOrder {
    const n = this.#sequence++;
    const at = overrides.createdAt ?? this.nowS();
    const goods = GOODS[n % GOODS.length] ?? GOODS[0];
    const specIndex = n % (goods?.specs.length ?? 1);
    const name = NAMES[n % NAMES.length] ?? '张伟';
    const [province, city, district, address] = PLACES[n % PLACES.length] ?? PLACES[0];
    const mobile = `138${String(10000000 + ((n * 7919) % 89999999)).slice(0, 8)}`;
    const order: SandboxOrder = {
      orderNo: this.newOrderNo(at),
      shopId,
      status: 'to_ship',
      refund: 'none',
      preSale: n % 7 === 6,
      createdAt: at,
      paidAt: at,
      updatedAt: at,
      items: [
        {
          goodsId: goods?.goodsId ?? '0',
          skuId: `${goods?.goodsId}${specIndex + 1}`,
          name: goods?.name ?? '',
          spec: goods?.specs[specIndex] ?? '',
          quantity: 1 + (n % 3),
          priceFen: goods?.price[specIndex] ?? 100,
          outerSkuId: `SKU-${goods?.goodsId}-${specIndex + 1}`,
          outerGoodsId: `SPU-${goods?.goodsId}`,
        },
      ],
      freightFen: n % 4 === 0 ? 600 : 0,
      discountFen: n % 5 === 0 ? 300 : 0,
      buyerMessage: n % 3 === 0 ? '请尽快发货，谢谢' : '',
      receiver: { name, mobile, province, city, district, address },
      cipher: { name: '', mobile: '', address: '' },
      shipment: null,
      ...overrides,
    };
    order.cipher = {
      name: this.encrypt(shopId, order.receiver.name),
      mobile: this.encrypt(shopId, order.receiver.mobile),
      address: this.encrypt(shopId, order.receiver.address),
    };
    this.orders.set(order.orderNo, order);
    const ofShop = this.#byShop.get(shopId);
    if (ofShop) ofShop.push(order);
    else this.#byShop.set(shopId, [order]);
    this.changed(order, 'placed');
    return order;
  }

  /** The buyer asks for a refund (`in_progress`), or the platform completes it (`refunded`). */
  refundOrder(orderNo: string, refund: SandboxRefund = 'in_progress') {
    const order = this.orders.get(orderNo);
    if (!order) throw new Error(`no sandbox order ${orderNo}`);
    order.refund = refund;
    order.updatedAt = this.nowS();
    this.changed(order, 'refund');
  }

  /** Called after an order was placed or changed: a platform that pushes messages sends them here. */
  protected changed(_order: SandboxOrder, _change: SandboxChange): void {}

  /** Makes orders appear and change by themselves (the demo): a new order per shop with tokens every
   * `everyMs`, and now and then a refund request on an order waiting to ship. */
  startDemo(everyMs = 20_000) {
    this.stopDemo();
    let round = 0;
    this.#demo = setInterval(() => {
      round++;
      const shopIds = new Set([...this.accessTokens.values()].map((token) => token.shopId));
      for (const shopId of shopIds) {
        this.placeOrder(shopId);
        if (round % 5 === 0) {
          const waiting = [...this.orders.values()].find(
            (order) => order.shopId === shopId && order.status === 'to_ship' && order.refund === 'none',
          );
          if (waiting) this.refundOrder(waiting.orderNo);
        }
      }
    }, everyMs);
    this.#demo.unref();
  }

  stopDemo() {
    if (this.#demo) clearInterval(this.#demo);
    this.#demo = null;
  }

  /** Orders of a shop updated within [start, end], newest first. */
  protected changedOrders(shopId: string, start: number, end: number): SandboxOrder[] {
    return (this.#byShop.get(shopId) ?? [])
      .filter((order) => order.updatedAt >= start && order.updatedAt <= end)
      .sort((a, b) => b.updatedAt - a.updatedAt || (a.orderNo < b.orderNo ? 1 : -1));
  }

  /** Records a shipment on an order waiting to ship; a refusal message otherwise. */
  protected recordShipment(order: SandboxOrder, carrier: SandboxCarrier, trackingNo: string): string | null {
    if (order.status === 'shipped' || order.status === 'received') return '订单已发货，不能重复发货';
    if (order.status !== 'to_ship') return '订单状态不允许发货';
    if (order.refund !== 'none') return '订单售后中，不能发货';
    if (!/^[A-Za-z0-9]{6,30}$/.test(trackingNo)) return '运单号格式不正确';
    order.status = 'shipped';
    order.shipment = { carrierId: carrier.id, carrierCode: carrier.code, trackingNo, at: this.nowS() };
    order.updatedAt = this.nowS();
    this.changed(order, 'shipped');
    return null;
  }

  // ---------------------------------------------------------------- ciphertexts

  /** Registers one more app (a platform may have several; a shop authorises one of them). */
  addApp(app: { clientId: string; clientSecret: string }) {
    this.apps.set(app.clientId, app.clientSecret);
  }

  /**
   * 密文代发 as the supplier's side meets it (1688 has the platform decrypt on its behalf): whether app
   * `clientId` may read `ciphertexts` of shop `shopId`: the shop authorised that app (tokens were
   * issued to it for the shop) and each is a ciphertext of that shop. Another app cannot read them.
   */
  canDecryptFor(clientId: string, shopId: string, ciphertexts: string[]): boolean {
    const authorised = [...this.accessTokens.values(), ...this.refreshTokens.values()].some(
      (token) => token.clientId === clientId && token.shopId === shopId,
    );
    return authorised && ciphertexts.every((text) => this.#ciphers.get(text)?.shopId === shopId);
  }

  private encrypt(shopId: string, plaintext: string): string {
    const ciphertext = `~${randomBytes(18).toString('base64url')}~`;
    this.#ciphers.set(ciphertext, { shopId, plaintext });
    return ciphertext;
  }

  /** The plaintext of a ciphertext of `shopId`: null for someone else's or garbage; `quota` when spent. */
  protected decryptOne(shopId: string, ciphertext: string): string | null | 'quota' {
    const day = Math.floor(this.nowS() / 86400);
    const key = `${shopId}\n${day}`;
    const used = this.#decrypted.get(key) ?? 0;
    if (used >= (this.options.decryptQuota ?? 1000)) return 'quota';
    const entry = this.#ciphers.get(ciphertext);
    if (!entry || entry.shopId !== shopId) return null;
    this.#decrypted.set(key, used + 1);
    return entry.plaintext;
  }

  /** Whether today's decryption quota of `shopId` is spent. */
  protected quotaSpent(shopId: string): boolean {
    const key = `${shopId}\n${Math.floor(this.nowS() / 86400)}`;
    return (this.#decrypted.get(key) ?? 0) >= (this.options.decryptQuota ?? 1000);
  }

  protected nextSequence(): number {
    return this.#sequence++;
  }
}

/** A sandbox served on a loopback port (tests, or a standalone demo). */
export interface ServedSandbox {
  url: string;
  close(): Promise<void>;
}

export async function serveSandbox(sandbox: {
  fetch(request: Request): Promise<Response>;
  /** A WebSocket upgrade (拼多多's 消息服务); without it an upgrade is refused. */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}): Promise<ServedSandbox> {
  const server = createAdaptorServer({ fetch: (request: Request) => sandbox.fetch(request) }) as Server;
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    sandbox.upgrade ? sandbox.upgrade(request, socket, head) : socket.destroy(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
