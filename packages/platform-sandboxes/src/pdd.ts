import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fenToYuan, yuanText } from '@consign/api-client/contract';
import { type WebSocket, WebSocketServer } from 'ws';
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
import { PddGoodsRefusal, PddSandboxGoods } from './pdd-goods';
import type { AppCredentials, PlatformEndpoints } from './protocol';
import {
  PDD_DECRYPT_QUOTA_SUB_CODE,
  PDD_ERRORS,
  PDD_MAX_LOOKBACK_SECONDS,
  PDD_MAX_PAGE_SIZE,
  PDD_MAX_WINDOW_SECONDS,
  pddSign,
  pmcSign,
  toBeijingTime,
} from './protocol';

/**
 * A local 拼多多 open platform, as its documentation describes it:
 * - `POST /api/router` (form or JSON): checks `client_id`, `timestamp` (within 10 minutes), the `sign`
 *   (`20004 签名验证失败`), the access token (`10019 access_token已过期`, for an expired or unknown one),
 *   the per-app and per-method rate limit (`70031 调用过于频繁`), then answers the method;
 * - `pdd.order.number.list.increment.get`: `start_updated_at`/`end_updated_at` at most 30 minutes apart
 *   and within 3 months, `page` from 1, `page_size` up to 100, newest first, `has_next`;
 * - `GET|POST /service-market/auth`: the authorisation page (同意授权 redirects with `code` and `state`);
 * - `GET /orders?shop=<id>`: the shop's orders and their tracking numbers (read-only HTML, core.ts);
 * - 消息服务 (PMC): `pdd.pmc.user.permit` opens a shop's messages for the calling app; the WebSocket
 *   `/message/{client_id}/{timestamp_ms}/{sign}` (`upgrade`) checks the app, the sign and that the
 *   timestamp is within 5 minutes (else HTTP 401, no upgrade); a second connection of the same app
 *   replaces the first (closed with 4000). Every change of an order of a permitted shop becomes a
 *   `Common` frame (ids past 2^53, `content` a JSON string with `mall_id` and `tid`), sent again every
 *   `messageRedeliverMs` (and on each new connection) until acked; a `HeartBeat` is answered with one.
 * Amounts are rendered in 元, as numbers in the increment list and as strings in the detail (the
 * platform does both).
 */

export const PDD_SANDBOX_PATHS = {
  gateway: '/api/router',
  auth: '/service-market/auth',
  message: '/message',
} as const;

export const PDD_SANDBOX_SHOPS = [
  { shopId: '900001', shopName: '沙箱拼多多旗舰店' },
  { shopId: '900002', shopName: '沙箱拼多多二店' },
];

/** A few of the platform's carriers (ids as the sandbox numbers them); `available: 0` is refused. */
export const PDD_SANDBOX_CARRIERS = [
  { id: '44', code: 'SF', name: '顺丰快递', available: 1 },
  { id: '115', code: 'ZTO', name: '中通快递', available: 1 },
  { id: '85', code: 'YTO', name: '圆通快递', available: 1 },
  { id: '121', code: 'YUNDA', name: '韵达快递', available: 1 },
  { id: '1', code: 'STO', name: '申通快递', available: 1 },
  { id: '9', code: 'TTKDEX', name: '天天快递', available: 0 },
];

const MESSAGES: Record<number, string> = {
  [PDD_ERRORS.invalidParameter]: '参数错误',
  [PDD_ERRORS.tokenExpired]: 'access_token已过期',
  [PDD_ERRORS.badSignature]: '签名验证失败',
  [PDD_ERRORS.tooFrequent]: '调用过于频繁，请调整调用频率',
};

class PddAnswer extends Error {
  constructor(
    readonly code: number,
    readonly subMsg = '',
    readonly subCode = '',
  ) {
    super(MESSAGES[code] ?? '业务错误');
  }
}

const yuan = fenToYuan;

/** The topic of a sandbox change's message. */
const TOPICS: Record<SandboxChange, string> = {
  placed: 'pdd_trade_TradeConfirmed',
  shipped: 'pdd_trade_TradeSellerShip',
  refund: 'pdd_refund_RefundCreated',
};

interface Unacked {
  frame: string;
  sentAt: number;
  type: string;
  orderNo: string;
}

export interface PddSandboxOptions extends SandboxOptions {
  /** How long an unacked message waits before it is sent again. Default 10 s. */
  messageRedeliverMs?: number;
}

export class PddSandbox extends SandboxCore {
  /** 铺货: the goods calls, their state and test hooks (pdd-goods.ts). */
  readonly publishing = new PddSandboxGoods(() => this.now());
  /** 消息服务: the shops each app opened (`client_id\nshop_id`). */
  readonly #permits = new Set<string>();
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  readonly #sockets = new Map<string, WebSocket>();
  /** Unacked messages by app, then id: the frame and when it was last sent (ms). */
  readonly #unacked = new Map<string, Map<string, Unacked>>();
  #messageSequence = 9_007_199_254_740_993n;
  #redeliver: NodeJS.Timeout | null = null;
  readonly #redeliverMs: number;
  /** Every message frame sent (first sends and resends), and every ack received, in order. */
  readonly messagesSent: { id: string; clientId: string; type: string; orderNo: string }[] = [];
  readonly acked: string[] = [];
  /** Connections refused (why), for tests. */
  readonly messageRefusals: string[] = [];
  /** Tests: close the connection right after sending this many more message frames (0: never). */
  dropAfterSends = 0;
  /** Connections accepted so far. */
  messageConnections = 0;
  /** Every message ever made, by id (acked or not): `replayMessage` sends one again. */
  readonly #made = new Map<string, { clientId: string; entry: Unacked }>();

  constructor(options: PddSandboxOptions) {
    super(
      'pinduoduo',
      options,
      PDD_SANDBOX_SHOPS.map((s) => ({ ...s })),
      PDD_SANDBOX_CARRIERS.map(({ id, code, name }) => ({ id, code, name })),
    );
    this.#redeliverMs = options.messageRedeliverMs ?? 10_000;
  }

  /** The endpoints a connector uses to reach this sandbox at `baseUrl`. */
  static endpoints(baseUrl: string): PlatformEndpoints {
    return {
      gatewayUrl: `${baseUrl}${PDD_SANDBOX_PATHS.gateway}`,
      authUrl: `${baseUrl}${PDD_SANDBOX_PATHS.auth}`,
      messageUrl: `${baseUrl.replace(/^http/, 'ws')}${PDD_SANDBOX_PATHS.message}`,
    };
  }

  protected newOrderNo(at: number): string {
    const day = toBeijingTime(at).slice(2, 10).replaceAll('-', '');
    return `${day}-${String(100000000000000 + this.nextSequence() * 7_919_131).slice(-15)}`;
  }

  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === PDD_SANDBOX_PATHS.auth) {
      return this.authorisationPage(request, (form) => {
        const fields = {
          client_id: form.get('client_id') ?? '',
          redirect_uri: form.get('redirect_uri') ?? '',
        };
        return { clientId: fields.client_id, redirectUri: fields.redirect_uri, fields };
      });
    }
    if (path === SANDBOX_ORDERS_PATH && request.method === 'GET')
      return this.ordersPage(new URL(request.url));
    if (path !== PDD_SANDBOX_PATHS.gateway || request.method !== 'POST') {
      return new Response('Not Found', { status: 404 });
    }
    const text = await this.readBody(request);
    if (text === null) return new Response('Payload Too Large', { status: 413 });
    const contentType = request.headers.get('content-type') ?? '';
    let params: Record<string, string>;
    try {
      params = contentType.includes('json')
        ? Object.fromEntries(
            Object.entries(JSON.parse(text) as Record<string, unknown>).map(([k, v]) => [
              k,
              typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
            ]),
          )
        : Object.fromEntries(new URLSearchParams(text));
    } catch {
      return this.error(null, '', new PddAnswer(PDD_ERRORS.invalidParameter, '请求体不是合法的 JSON'));
    }
    const method = params.type ?? '';
    let shopId: string | null = null;
    try {
      shopId = this.authenticate(params, method);
      const response = this.answer(method, params, shopId);
      this.record({ method, shopId, error: null });
      return Response.json(response);
    } catch (error) {
      if (error instanceof PddAnswer) return this.error(shopId, method, error);
      throw error;
    }
  }

  private error(shopId: string | null, method: string, error: PddAnswer): Response {
    this.record({ method, shopId, error: String(error.code) });
    return Response.json({
      error_response: {
        error_code: error.code,
        error_msg: error.message,
        sub_code: error.subCode || String(error.code),
        sub_msg: error.subMsg,
        request_id: `${this.now()}${Math.floor(Math.random() * 1000)}`,
      },
    });
  }

  /** The common parameters, the signature, the rate limit and the token; the token's shop (or null). */
  private authenticate(params: Record<string, string>, method: string): string | null {
    const clientId = params.client_id ?? '';
    const secret = this.apps.get(clientId);
    if (!secret) throw new PddAnswer(PDD_ERRORS.invalidParameter, 'client_id不存在');
    if (!params.sign || !sameSignature(pddSign(secret, params), params.sign)) {
      throw new PddAnswer(PDD_ERRORS.badSignature, '签名验证失败');
    }
    const timestamp = Number(params.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(this.nowS() - timestamp) > 600) {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, 'timestamp已过期或格式不正确');
    }
    if (params.data_type && params.data_type.toUpperCase() !== 'JSON') {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, '沙箱只支持 data_type=JSON');
    }
    if (!this.withinRateLimit(clientId, method)) throw new PddAnswer(PDD_ERRORS.tooFrequent);
    if (method.startsWith('pdd.pop.auth.token.')) return null;
    const token = this.checkToken(clientId, params.access_token ?? '');
    if (typeof token === 'string') throw new PddAnswer(PDD_ERRORS.tokenExpired);
    return token.shopId;
  }

  private answer(method: string, params: Record<string, string>, shopId: string | null): unknown {
    const clientId = params.client_id ?? '';
    switch (method) {
      case 'pdd.pop.auth.token.create': {
        const issued = this.redeemCode(clientId, params.code ?? '');
        if (!issued) throw new PddAnswer(PDD_ERRORS.invalidParameter, 'code无效或已过期');
        return { pop_auth_token_create_response: this.tokenAnswer(issued) };
      }
      case 'pdd.pop.auth.token.refresh': {
        const issued = this.redeemRefresh(clientId, params.refresh_token ?? '');
        if (!issued) throw new PddAnswer(PDD_ERRORS.invalidParameter, 'refresh_token无效或已过期');
        return { pop_auth_token_refresh_response: this.tokenAnswer(issued) };
      }
      case 'pdd.order.number.list.increment.get':
        return { order_sn_increment_get_response: this.increment(params, shopId ?? '') };
      case 'pdd.order.information.get': {
        const order = this.ownOrder(shopId, params.order_sn);
        return { order_info_get_response: { order_info: this.render(order, 'detail') } };
      }
      case 'pdd.logistics.companies.get':
        return {
          logistics_companies_get_response: {
            logistics_companies: PDD_SANDBOX_CARRIERS.map((c) => ({
              id: Number(c.id),
              logistics_company: c.name,
              code: c.code,
              available: c.available,
            })),
          },
        };
      case 'pdd.logistics.online.send': {
        const order = this.ownOrder(shopId, params.order_sn);
        const carrier = PDD_SANDBOX_CARRIERS.find((c) => c.id === params.logistics_id && c.available === 1);
        if (!carrier) throw new PddAnswer(PDD_ERRORS.invalidParameter, '快递公司不存在或不支持');
        const refused = this.recordShipment(order, carrier, params.tracking_number ?? '');
        if (refused) throw new PddAnswer(50000, refused, 'logistics_send_failed');
        return { logistics_online_send_response: { is_success: true } };
      }
      case 'pdd.pmc.user.permit':
        this.#permits.add(`${clientId}\n${shopId}`);
        return { pmc_user_permit_response: { is_success: true } };
      case 'pdd.open.decrypt.batch':
        return {
          open_decrypt_batch_response: { data_decrypt_list: this.decryptBatch(params, shopId ?? '') },
        };
      default: {
        const published = this.goodsAnswer(method, params, shopId ?? '');
        if (published !== undefined) return published;
        throw new PddAnswer(PDD_ERRORS.invalidParameter, `接口 ${method} 不存在`);
      }
    }
  }

  /** 铺货's calls (pdd-goods.ts); a refusal there is the platform's 参数错误 with its reason. */
  private goodsAnswer(method: string, params: Record<string, string>, shopId: string): unknown {
    try {
      return this.publishing.answer(method, params, shopId);
    } catch (error) {
      if (error instanceof PddGoodsRefusal) {
        throw new PddAnswer(PDD_ERRORS.invalidParameter, error.subMsg, error.subCode);
      }
      throw error;
    }
  }

  private tokenAnswer(issued: NonNullable<ReturnType<SandboxCore['redeemRefresh']>>) {
    return {
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      expires_at: issued.nowS + issued.expiresIn,
      refresh_token: issued.refreshToken,
      refresh_token_expires_in: issued.refreshExpiresIn,
      refresh_token_expires_at: issued.nowS + issued.refreshExpiresIn,
      owner_id: issued.shop.shopId,
      owner_name: issued.shop.shopName,
      scope: [
        'pdd.order.number.list.increment.get',
        'pdd.order.information.get',
        'pdd.logistics.online.send',
      ],
    };
  }

  private increment(params: Record<string, string>, shopId: string) {
    const start = Number(params.start_updated_at);
    const end = Number(params.end_updated_at);
    if (!Number.isInteger(start) || !Number.isInteger(end)) {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, 'start_updated_at和end_updated_at必填');
    }
    if (end < start || end - start > PDD_MAX_WINDOW_SECONDS) {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, '开始时间结束时间间距不超过30分钟');
    }
    if (start < this.nowS() - PDD_MAX_LOOKBACK_SECONDS) {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, '只能获取到成交时间三个月以内的交易信息');
    }
    const page = params.page === undefined ? 1 : Number(params.page);
    const size = params.page_size === undefined ? PDD_MAX_PAGE_SIZE : Number(params.page_size);
    if (!Number.isInteger(page) || page < 1) throw new PddAnswer(PDD_ERRORS.invalidParameter, '页码从1开始');
    if (!Number.isInteger(size) || size < 1 || size > PDD_MAX_PAGE_SIZE) {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, '返回数量最大100');
    }
    const all = this.changedOrders(shopId, start, end);
    const slice = all.slice((page - 1) * size, page * size);
    return {
      total_count: all.length,
      has_next: page * size < all.length,
      order_sn_list: slice.map((order) => this.render(order, 'list')),
    };
  }

  private ownOrder(shopId: string | null, orderNo: string | undefined): SandboxOrder {
    const order = this.orders.get(orderNo ?? '');
    if (!order || order.shopId !== shopId) throw new PddAnswer(PDD_ERRORS.invalidParameter, '订单不存在');
    return order;
  }

  private decryptBatch(params: Record<string, string>, shopId: string) {
    let list: { data_tag?: unknown; encrypted_data?: unknown }[];
    try {
      list = JSON.parse(params.data_list ?? '[]');
    } catch {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, 'data_list格式不正确');
    }
    if (!Array.isArray(list) || list.length === 0 || list.length > 100) {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, 'data_list大小不超过100');
    }
    if (this.quotaSpent(shopId)) {
      throw new PddAnswer(PDD_ERRORS.invalidParameter, '解密额度已用完', PDD_DECRYPT_QUOTA_SUB_CODE);
    }
    return list.map((entry) => {
      const ciphertext = String(entry.encrypted_data ?? '');
      const plaintext = this.decryptOne(shopId, ciphertext);
      const ok = typeof plaintext === 'string' && plaintext !== 'quota';
      return {
        data_tag: String(entry.data_tag ?? ''),
        encrypted_data: ciphertext,
        decrypted_data: ok ? plaintext : '',
        error_code: ok ? 0 : plaintext === 'quota' ? 2 : 1,
        error_msg: ok ? '' : plaintext === 'quota' ? '解密额度已用完' : '密文不存在或不属于该店铺',
      };
    });
  }

  // ---------------------------------------------------------------- 消息服务 (PMC)

  /** Whether app `clientId` opened shop `shopId`'s messages (`pdd.pmc.user.permit`). */
  permitted(clientId: string, shopId: string): boolean {
    return this.#permits.has(`${clientId}\n${shopId}`);
  }

  /** Whether app `clientId` has a message connection open. */
  messageConnected(clientId: string): boolean {
    return this.#sockets.get(clientId)?.readyState === 1;
  }

  /** How many messages of `clientId` wait for their ack. */
  unackedCount(clientId: string): number {
    return this.#unacked.get(clientId)?.size ?? 0;
  }

  /** Sends message `id` again although it was acked (the platform delivers at least once). */
  replayMessage(id: string) {
    const made = this.#made.get(id);
    if (made) this.#send(made.clientId, id, { ...made.entry });
  }

  /** Sends `text` as it is on app `clientId`'s connection (a garbled frame). */
  sendRaw(clientId: string, text: string) {
    this.#sockets.get(clientId)?.send(text);
  }

  /** Drops every message connection (the platform's side of a network cut). */
  dropMessageConnections() {
    for (const socket of this.#sockets.values()) socket.terminate();
  }

  /** Stops redelivering and closes the connections (the server's close). */
  closeMessages() {
    if (this.#redeliver) clearInterval(this.#redeliver);
    this.#redeliver = null;
    this.dropMessageConnections();
  }

  /**
   * A WebSocket upgrade of `…/message/{client_id}/{timestamp_ms}/{sign}`: refused with 401 (no upgrade)
   * for an unknown app, a timestamp more than 5 minutes off, or a wrong sign.
   */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const match = /\/message\/([^/?]+)\/(\d{1,16})\/([^/?]+)$/.exec(request.url?.split('?')[0] ?? '');
    const refuse = (why: string) => {
      this.messageRefusals.push(why);
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    };
    if (!match) return refuse('path');
    const [, rawClient = '', ts = '', rawSign = ''] = match;
    let clientId: string;
    let sign: string;
    try {
      clientId = decodeURIComponent(rawClient);
      sign = decodeURIComponent(rawSign);
    } catch {
      return refuse('path');
    }
    const secret = this.apps.get(clientId);
    if (!secret) return refuse('client_id');
    if (Math.abs(this.now() - Number(ts)) > 5 * 60_000) return refuse('timestamp');
    if (!sameSignature(pmcSign(clientId, ts, secret), sign)) return refuse('sign');
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#connected(clientId, ws));
  }

  #connected(clientId: string, ws: WebSocket) {
    this.#sockets.get(clientId)?.close(4000, 'replaced by a new connection');
    this.#sockets.set(clientId, ws);
    this.messageConnections += 1;
    this.#redeliver ??= setInterval(() => this.#resendDue(), Math.max(20, this.#redeliverMs / 4));
    this.#redeliver.unref();
    ws.on('message', (data) => {
      const text = String(data);
      let frame: { commandType?: unknown };
      try {
        frame = JSON.parse(text);
      } catch {
        return;
      }
      if (frame.commandType === 'HeartBeat') {
        ws.send(JSON.stringify({ commandType: 'HeartBeat', time: this.now(), sendTime: this.now() }));
      } else if (frame.commandType === 'Ack') {
        const id = /"id"\s*:\s*"?(\d+)/.exec(text)?.[1] ?? '';
        this.#unacked.get(clientId)?.delete(id);
        this.acked.push(id);
      }
    });
    ws.on('close', () => {
      if (this.#sockets.get(clientId) === ws) this.#sockets.delete(clientId);
    });
    for (const [id, entry] of this.#unacked.get(clientId) ?? []) this.#send(clientId, id, entry);
  }

  #send(clientId: string, id: string, entry: Unacked) {
    const ws = this.#sockets.get(clientId);
    if (ws?.readyState !== 1) return;
    entry.sentAt = Date.now();
    ws.send(entry.frame);
    this.messagesSent.push({ id, clientId, type: entry.type, orderNo: entry.orderNo });
    if (this.dropAfterSends > 0 && --this.dropAfterSends === 0) ws.terminate();
  }

  #resendDue() {
    const due = Date.now() - this.#redeliverMs;
    for (const [clientId, messages] of this.#unacked) {
      for (const [id, entry] of messages) if (entry.sentAt <= due) this.#send(clientId, id, entry);
    }
  }

  protected override changed(order: SandboxOrder, change: SandboxChange) {
    for (const clientId of this.apps.keys()) {
      if (!this.permitted(clientId, order.shopId)) continue;
      const id = String(this.#messageSequence++);
      const type = TOPICS[change];
      const content = JSON.stringify({ mall_id: Number(order.shopId), tid: order.orderNo });
      const at = this.now();
      const rest = JSON.stringify({
        commandType: 'Common',
        time: at,
        sendTime: at,
        message: { type, content, mallID: Number(order.shopId) },
      });
      const entry: Unacked = {
        frame: `{"id":${id},${rest.slice(1)}`,
        sentAt: 0,
        type,
        orderNo: order.orderNo,
      };
      const messages = this.#unacked.get(clientId) ?? new Map<string, Unacked>();
      this.#unacked.set(clientId, messages);
      messages.set(id, entry);
      this.#made.set(id, { clientId, entry });
      this.#send(clientId, id, entry);
    }
  }

  /** The order as the platform's JSON: the list renders amounts as numbers, the detail as strings. */
  render(order: SandboxOrder, as: 'list' | 'detail') {
    const money = as === 'list' ? yuan : yuanText;
    const goodsFen = order.items.reduce((sum, item) => sum + item.priceFen * item.quantity, 0);
    const paidFen = goodsFen - order.discountFen + order.freightFen;
    const time = (s: number | null) => (s === null ? '' : toBeijingTime(s));
    return {
      order_sn: order.orderNo,
      order_status: order.status === 'shipped' ? 2 : order.status === 'received' ? 3 : 1,
      confirm_status: order.status === 'cancelled' ? 2 : order.status === 'unpaid' ? 0 : 1,
      refund_status: order.refund === 'in_progress' ? 2 : order.refund === 'refunded' ? 4 : 1,
      after_sales_status: order.refund === 'in_progress' ? 2 : order.refund === 'refunded' ? 10 : 0,
      is_pre_sale: order.preSale ? 1 : 0,
      pre_sale_time: order.preSale ? time(order.createdAt + 5 * 86400) : '',
      trade_type: 0,
      created_time: time(order.createdAt),
      confirm_time: time(order.paidAt),
      pay_time: time(order.paidAt),
      updated_at: time(order.updatedAt),
      last_ship_time: time(order.createdAt + 2 * 86400),
      shipping_time: order.shipment ? time(order.shipment.at) : '',
      goods_amount: money(goodsFen),
      discount_amount: money(order.discountFen),
      postage: money(order.freightFen),
      pay_amount: money(paidFen),
      buyer_memo: order.buyerMessage,
      remark: '',
      item_list: order.items.map((item) => ({
        goods_id: Number(item.goodsId),
        sku_id: Number(item.skuId),
        goods_name: item.name,
        goods_spec: item.spec,
        goods_count: item.quantity,
        goods_price: yuan(item.priceFen),
        outer_id: item.outerSkuId,
        outer_goods_id: item.outerGoodsId,
        goods_img: '',
      })),
      province: order.receiver.province,
      city: order.receiver.city,
      town: order.receiver.district,
      receiver_name: order.cipher.name,
      receiver_phone: order.cipher.mobile,
      address: order.cipher.address,
      receiver_address: order.cipher.address,
      receiver_name_mask: maskName(order.receiver.name),
      receiver_phone_mask: maskMobile(order.receiver.mobile),
      address_mask: maskAddress(order.receiver.address),
      receiver_address_mask: maskAddress(order.receiver.address),
      tracking_number: order.shipment?.trackingNo ?? '',
      logistics_id: order.shipment ? Number(order.shipment.carrierId) : 0,
    };
  }
}

/** The app the demo registers for the sandbox (全局设置 shows it; never valid on the real platform). */
export const PDD_SANDBOX_APP: AppCredentials = {
  clientId: 'sandbox-pdd-client',
  clientSecret: 'sandbox-pdd-secret-not-for-production',
};
