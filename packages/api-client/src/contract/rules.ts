/**
 * The contract's rules that need no zod: constants, enum values and pure helpers. The app imports
 * these (the login form's mobile rule, the banner filter, the role) without pulling zod and the
 * schemas into its bundle; the schemas in the other contract files are built from them.
 */

import {
  AFTER_SALE_STATUS_LABELS,
  AFTER_SALE_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  WRITEBACK_STATUS_LABELS,
} from './labels.js';
import { hasPermission, type Permission } from './permissions.js';

// ---- limits ----------------------------------------------------------------------------------

/** Largest unix-seconds value accepted anywhere (2100-01-01T00:00:00Z). */
export const MAX_UNIX_SECONDS = 4_102_444_800;
/** Largest amount of money accepted anywhere: 100 million yuan, in fen. */
export const MAX_FEN = 10_000_000_000;
/** Largest database id accepted anywhere. */
export const MAX_ID = 2_147_483_647;
/** Longest URL accepted anywhere. */
export const MAX_URL_LENGTH = 2048;
/** Largest page a list call may ask for. */
export const MAX_PAGE_SIZE = 100;
/** Page size the list pages use when the address says nothing (docs/design.md#admin-app). */
export const DEFAULT_PAGE_SIZE = 20;
/** Longest goods title (the platforms cap titles at 60 characters). */
export const GOODS_TITLE_MAX = 60;
/** Highest goods price: 1,000,000 yuan, in fen. */
export const GOODS_PRICE_MAX = 100_000_000;
/** Highest goods stock. */
export const GOODS_STOCK_MAX = 1_000_000;
/** Most pictures of one product (the first is the main picture). */
export const GOODS_IMAGES_MAX = 9;
/** The most SKUs a product holds (a copied 1688 offer with more is refused). */
export const GOODS_SKUS_MAX = 200;
/** Most source links in one `/api/copy/create` call. */
export const COPY_URLS_MAX = 50;

// ---- enum values -----------------------------------------------------------------------------

/** The sales platforms a shop can live on. */
export const PLATFORMS = ['taobao', 'pinduoduo', 'douyin', 'kuaishou', 'jd'] as const;
/**
 * Order states: `pending` paid by the buyer, not yet bought at the supplier; `purchased` bought at the
 * supplier; `shipped` the supplier shipped it; `completed` received; `cancelled` closed undelivered.
 */
export const ORDER_STATUSES = ['pending', 'purchased', 'shipped', 'completed', 'cancelled'] as const;
/** `refund`: money only; `return`: goods back and money back; `exchange`: goods back, another sent. */
export const AFTER_SALE_TYPES = ['refund', 'return', 'exchange'] as const;
export const AFTER_SALE_STATUSES = ['pending', 'processing', 'finished', 'rejected'] as const;
/** Whether a shop's platform authorisation lets us pull orders and push goods. */
export const SHOP_AUTH_STATUSES = ['authorized', 'expired', 'unauthorized'] as const;
/**
 * What 店铺设置 shows of a shop (`Shop.state`, computed by the server): `normal` 正常, `expiring`
 * 授权即将过期 (within `SHOP_EXPIRING_DAYS` of `authorised_until`), `expired` 授权已过期,
 * `unauthorized` 未授权 (typed in by hand, never authorised), `disabled` 已停用.
 */
export const SHOP_STATES = ['normal', 'expiring', 'expired', 'unauthorized', 'disabled'] as const;
/** How many days before its authorisation ends a shop shows 授权即将过期. */
export const SHOP_EXPIRING_DAYS = 7;
/** The platforms a seller can authorise a shop on (添加店铺), those with a connector. */
export const AUTHORISABLE_PLATFORMS = ['pinduoduo', 'douyin'] as const;
/** The seller's 1688 buyer account (代发设置): `none` 未连接, `connected` 已连接, `expired` 已过期. */
export const SUPPLIER_ACCOUNT_STATUSES = ['none', 'connected', 'expired'] as const;
export const GOODS_STATUSES = ['on_sale', 'off_sale', 'draft'] as const;
export const COPY_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const PLATFORM_AUTH_STATUSES = ['active', 'expired', 'revoked'] as const;
/** The file formats of an order export. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** An export job: `queued`, `running` (rows being written), `succeeded` (file ready) or `failed`. */
export const EXPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
/** How long an export's file and job are kept. */
export const EXPORT_KEEP_DAYS = 7;
/** How long a download link of an export works. */
export const EXPORT_LINK_SECONDS = 60;
/** How often orders are pulled from the shops, in minutes. */
export const SYNC_INTERVALS = [15, 30, 60] as const;

// ---- URLs ------------------------------------------------------------------------------------

/** True for an absolute http(s) URL or a same-origin path (`/x`, but not `//x` or `/\x`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const UNSAFE_URL_CHARACTER = /[\u0000-\u001f\u007f\\]/;
const SAME_ORIGIN = 'https://same-origin.invalid';

export function isSafeUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return false;
  // No control characters or backslashes anywhere: URL parsers drop tabs and newlines and read `\`
  // as `/`, so `/\t/evil.example` would become `//evil.example`, another site.
  if (UNSAFE_URL_CHARACTER.test(value)) return false;
  if (value.startsWith('/')) {
    // A same-origin path only if the URL parser agrees that it stays on the origin.
    try {
      return new URL(value, SAME_ORIGIN).origin === SAME_ORIGIN;
    } catch {
      return false;
    }
  }
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True for an absolute http(s) URL only (no relative paths): source product links. */
export function isHttpUrl(value: string): boolean {
  return !value.startsWith('/') && isSafeUrl(value);
}

// ---- mobile and SMS code ---------------------------------------------------------------------

/** docs/product.md#validation-rules: 11 digits, first `1`, second `2`-`9` (after removing whitespace). */
export const MOBILE_PATTERN = /^1[2-9]\d{9}$/;
/** Message of the mobile rule (docs/product.md#validation-rules). */
export const MOBILE_MESSAGE = '请输入手机号';
/** Message of the SMS code rule (docs/product.md#validation-rules). */
export const SMS_CODE_MESSAGE = '请输入短信验证码';
/** SMS codes are 6 digits. */
export const SMS_CODE_LENGTH = 6;

/** Removes every whitespace character (users paste `138 0000 0000`). */
export function normalizeMobile(value: string): string {
  return value.replace(/\s+/g, '');
}

/** `13800000000` -> `138****0000`: how a mobile is shown to staff (buyers, account owners); shorter values show nothing. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

// ---- days and times --------------------------------------------------------------------------

/** Asia/Shanghai is UTC+8 all year (no DST): the product's days, and the platforms' Beijing times. */
export const SHANGHAI_OFFSET_SECONDS = 8 * 3600;

/** Unix seconds as `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export function shanghaiDateTime(unixSeconds: number): string {
  return new Date((unixSeconds + SHANGHAI_OFFSET_SECONDS) * 1000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

/** The mobile rule shared by the login screen and the server. */
export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(normalizeMobile(value));
}

export { isBannerActive, type Role, roleOf } from './session-rules.js';

/** What the API answers (HTTP 409) to a save whose `version` is no longer the record's. */
export const STALE_RECORD_MESSAGE = '数据已被他人修改，请刷新后重试';

// ---- order fulfilment -------------------------------------------------------------

// ---- 发货回传 (writeback of a platform order's shipment) ----------------------------------------

/**
 * The writeback of a platform order's shipment, as the order shows it: `waiting` 待回传 (自动回传物流 is
 * off: 重新回传 sends it), `sending` 回传中 (queued, being sent, or retried after the platform failed),
 * `succeeded` 已回传, `failed` 回传失败 (with the platform's message; 重新回传 sends it again).
 */
export const WRITEBACK_STATUSES = ['waiting', 'sending', 'succeeded', 'failed'] as const;
/** The writeback states 重新回传 may start from. */
export const WRITEBACK_RETRY_FROM = ['waiting', 'failed'] as const;
/** What 重新回传 answers (409) for a writeback in another state. */
export function writebackRetryRefusedMessage(status: (typeof WRITEBACK_STATUSES)[number]): string {
  return `物流回传当前状态为「${WRITEBACK_STATUS_LABELS[status]}」，不能重新回传`;
}
/** What 重新回传 answers (409) for an order with nothing to write back. */
export const WRITEBACK_NONE_MESSAGE = '该订单不是已授权平台店铺的已发货订单，没有需要回传的物流信息';

/** How many days the 工作台 chart shows, today included (Asia/Shanghai days). */
export const DASHBOARD_CHART_DAYS = 30;

/** The states in which an order's receiver address may still be corrected (before it ships). */
export const ADDRESS_EDITABLE_STATUSES = [
  'pending',
  'purchased',
] as const satisfies readonly (typeof ORDER_STATUSES)[number][];

/** Whether an order in `status` may still have its receiver address corrected. */
export function canCorrectAddress(status: (typeof ORDER_STATUSES)[number]): boolean {
  return (ADDRESS_EDITABLE_STATUSES as readonly string[]).includes(status);
}

/** The 409 of an address correction on an order that has shipped (or is closed). */
export function addressRefusedMessage(status: (typeof ORDER_STATUSES)[number]): string {
  return `订单当前状态为「${ORDER_STATUS_LABELS[status]}」，不能修改收货地址`;
}

/** The steps of an order and the states each may start from (the server's guarded UPDATE uses these). */
export const ORDER_STEPS = {
  purchase: { from: ['pending'], to: 'purchased', label: '采购' },
  ship: { from: ['purchased'], to: 'shipped', label: '发货' },
  complete: { from: ['shipped'], to: 'completed', label: '完成' },
  cancel: { from: ['pending', 'purchased'], to: 'cancelled', label: '取消' },
} as const satisfies Record<
  string,
  {
    from: readonly (typeof ORDER_STATUSES)[number][];
    to: (typeof ORDER_STATUSES)[number];
    label: string;
  }
>;
export type OrderStep = keyof typeof ORDER_STEPS;

/** Whether `step` may be taken from `status`. */
export function canTakeStep(step: OrderStep, status: (typeof ORDER_STATUSES)[number]): boolean {
  return (ORDER_STEPS[step].from as readonly string[]).includes(status);
}

/** What the API answers (409) to a step the order's current state does not allow. */
export function stepRefusedMessage(step: OrderStep, status: (typeof ORDER_STATUSES)[number]): string {
  return `订单当前状态为「${ORDER_STATUS_LABELS[status]}」，不能${ORDER_STEPS[step].label}`;
}

/**
 * The carriers 发货 offers. `pattern` is the tracking-number format where one is known (checked on
 * the trimmed, upper-cased number); `hint` says it in words. `OTHER` (其他) has none.
 */
export const CARRIERS = [
  { code: 'SF', name: '顺丰速运', pattern: /^SF\d{13}$/, hint: 'SF 加 13 位数字' },
  { code: 'ZTO', name: '中通快递', pattern: /^7\d{11,14}$/, hint: '7 开头的 12-15 位数字' },
  { code: 'YTO', name: '圆通速递', pattern: /^YT\d{13}$/, hint: 'YT 加 13 位数字' },
  { code: 'YUNDA', name: '韵达快递', pattern: /^(\d{13}|\d{15})$/, hint: '13 或 15 位数字' },
  { code: 'STO', name: '申通快递', pattern: /^77\d{11,13}$/, hint: '77 开头的 13-15 位数字' },
  { code: 'JT', name: '极兔速递', pattern: /^JT\d{13}$/, hint: 'JT 加 13 位数字' },
  { code: 'EMS', name: '中国邮政 EMS', pattern: /^(\d{13}|E[A-Z]\d{9}CN)$/, hint: '13 位数字' },
  { code: 'JD', name: '京东快递', pattern: /^JD[A-Z0-9]{11,13}$/, hint: 'JD 加 11-13 位字母或数字' },
  { code: 'OTHER', name: '其他', pattern: null, hint: '' },
] as const;
export type CarrierCode = (typeof CARRIERS)[number]['code'];
export const CARRIER_CODES = CARRIERS.map((carrier) => carrier.code) as [CarrierCode, ...CarrierCode[]];

/** The carrier of a code (undefined for an unknown code). */
export function carrierOf(code: string) {
  return CARRIERS.find((carrier) => carrier.code === code);
}

/** Tracking numbers are compared and stored trimmed and upper-cased. */
export function normalizeTrackingNo(value: string): string {
  return value.trim().toUpperCase();
}

/** Why a tracking number does not fit its carrier's format, or null when it does (or none is known). */
export function trackingNoProblem(carrierCode: string, trackingNo: string): string | null {
  const carrier = carrierOf(carrierCode);
  const value = normalizeTrackingNo(trackingNo);
  if (!/^[A-Z0-9-]{6,40}$/.test(value)) return '运单号应为 6-40 位字母或数字';
  if (!carrier?.pattern || carrier.pattern.test(value)) return null;
  return `运单号格式与${carrier.name}不符（应为${carrier.hint}）`;
}

/** Most orders one batch call may touch (by ids or by the list filter). */
export const ORDER_BATCH_MAX = 1000;

/** What a batch by filter answers when the filter matches more orders than {@link ORDER_BATCH_MAX}. */
export function batchTooLargeMessage(count: number): string {
  return `符合条件的订单有 ${count} 单，超过单次批量处理上限 ${ORDER_BATCH_MAX} 单，请缩小筛选范围`;
}

/**
 * What a batch by filter answers (409) when the filter no longer matches the number of orders the user
 * saw (`expected_count`): orders came or went since, so the batch would act on other orders than shown.
 */
export function batchCountChangedMessage(count: number, expected: number): string {
  return `订单数量已变化（您看到 ${expected} 单，现有 ${count} 单），请刷新后重试`;
}

/** 发货地址 kinds: where parcels leave from (发货) and where returns go (退货). */
export const ADDRESS_KINDS = ['sender', 'return'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
/** Most addresses of one kind an account keeps. */
export const ADDRESSES_MAX = 50;

/** After-sale actions and the states each may start from. */
/**
 * The after-sale steps and what each may start from, as (type, status) pairs, the one source of these
 * rules (the server's guarded UPDATE takes the same pairs): 同意退款 a refund that is pending or
 * processing, or a return that is processing (its goods came back); 拒绝 anything pending or
 * processing; 确认收到退货 a pending return or exchange.
 */
export const AFTER_SALE_STEPS = {
  /** 同意退款: a refund, or a return whose goods came back. */
  refund: {
    label: '同意退款',
    to: 'finished',
    from: [
      ['refund', 'pending'],
      ['refund', 'processing'],
      ['return', 'processing'],
    ],
  },
  /** 拒绝 (with a reason). */
  reject: {
    label: '拒绝',
    to: 'rejected',
    from: AFTER_SALE_TYPES.flatMap((type) => [[type, 'pending'] as const, [type, 'processing'] as const]),
  },
  /** 确认收到退货 (with the return tracking number): a return or an exchange. */
  receive: {
    label: '确认收到退货',
    to: 'processing',
    from: [
      ['return', 'pending'],
      ['exchange', 'pending'],
    ],
  },
} as const satisfies Record<
  string,
  {
    label: string;
    to: (typeof AFTER_SALE_STATUSES)[number];
    from: readonly (readonly [(typeof AFTER_SALE_TYPES)[number], (typeof AFTER_SALE_STATUSES)[number]])[];
  }
>;
export type AfterSaleStep = keyof typeof AFTER_SALE_STEPS;

/** Whether `step` may start from an after-sale of this type and status (see AFTER_SALE_STEPS). */
export function afterSaleStepAllowed(
  step: AfterSaleStep,
  type: (typeof AFTER_SALE_TYPES)[number],
  status: (typeof AFTER_SALE_STATUSES)[number],
): boolean {
  return AFTER_SALE_STEPS[step].from.some(([t, s]) => t === type && s === status);
}

/** What the API answers (409) to an after-sale step its state or type does not allow. */
export function afterSaleStepRefusedMessage(
  step: AfterSaleStep,
  type: (typeof AFTER_SALE_TYPES)[number],
  status: (typeof AFTER_SALE_STATUSES)[number],
): string {
  const label = AFTER_SALE_STEPS[step].label;
  if (status === 'finished' || status === 'rejected' || step === 'reject') {
    return `售后单当前状态为「${AFTER_SALE_STATUS_LABELS[status]}」，不能${label}`;
  }
  if (step === 'refund' && type === 'return') return '退货退款需先确认收到退货，再同意退款';
  return `「${AFTER_SALE_TYPE_LABELS[type]}」售后单当前状态为「${AFTER_SALE_STATUS_LABELS[status]}」，不能${label}`;
}

// ---- tracking-number import ---------------------------------------------------------

/** The columns of an import file, by their header (the first row must name them, in any order). */
export const IMPORT_COLUMNS = ['订单号', '快递公司', '快递单号'] as const;
/** Largest import file (bytes) and most data rows: one file is one batch (`ORDER_BATCH_MAX`). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = ORDER_BATCH_MAX;
/** Longest cell of an import file (characters); longer ones refuse the file. */
export const IMPORT_MAX_CELL = 100;

/** The carrier a file names, by code (any case) or by its Chinese name; undefined when unknown. */
export function carrierByCodeOrName(value: string) {
  const wanted = value.trim();
  return CARRIERS.find((carrier) => carrier.code === wanted.toUpperCase() || carrier.name === wanted);
}

/** What 采购 answers (409) for an order of a blacklisted buyer sent without `confirm_blacklist`. */
export const BLACKLIST_CONFIRM_MESSAGE = '该买家已被拉黑，请确认后再采购';

/** How the buyer list (买家管理) sorts, always descending: 订单数, 消费金额, 最近下单. */
export const BUYER_SORTS = ['orders', 'spend', 'last_order'] as const;

/** A mobile typed by hand into 黑名单 (按手机号拉黑): 11 digits starting with 1, after trimming. */
export const BUYER_MOBILE_PATTERN = /^1\d{10}$/;

// ---- notifications (消息通知) and order entry (手工建单, 导入订单) -----------------------------------

/** What a notification is about: a shop's authorisation, its order sync, a tracking writeback. */
export const NOTIFICATION_KINDS = ['shop_auth', 'order_sync', 'writeback', 'purchase', 'balance'] as const;
/**
 * The permission a notification of each kind needs: the one of the page its link opens (店铺设置 for a
 * shop's authorisation and sync, 代发订单 for a writeback). A member sees, counts and marks read only
 * the notifications whose permission they hold, so the bell never leads them to a 403.
 */
export const NOTIFICATION_PERMISSIONS = {
  shop_auth: 'shop:manage',
  order_sync: 'shop:manage',
  writeback: 'order:view',
  // purchase: 一键采购 refused (1688 authorisation lost), supplier cancelled a purchase.
  purchase: 'order:view',
  // balance-ops: 余额预警 links to 余额明细, which every member sees (null: no permission needed).
  balance: null,
} as const satisfies Record<(typeof NOTIFICATION_KINDS)[number], Permission | null>;
/** The notification kinds `user` may open (an owner: all). */
export function notificationKindsFor(
  user: { permissions?: readonly string[] | null } | null | undefined,
): (typeof NOTIFICATION_KINDS)[number][] {
  return NOTIFICATION_KINDS.filter((kind) => {
    const permission = NOTIFICATION_PERMISSIONS[kind];
    return permission === null || hasPermission(user, permission);
  });
}
/** A shop's authorisation is "about to expire" this many days ahead (the sweep notifies once). */
export const AUTH_EXPIRY_WARNING_DAYS = 7;
/**
 * A notification's link: a path of this app only (`/shop/setting?shop_id=3`, `/order/index?...`),
 * so clicking one can never leave the site (`//evil.example`, `/\evil.example`) nor run a script
 * (`javascript:`): a leading `/` not followed by `/` or `\`, then URL path and query characters only.
 */
export function isInternalLink(value: string): boolean {
  return value.length <= 1000 && /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+]*$/.test(value) && isSafeUrl(value);
}

// ---- goods: SKUs, 货源 on 1688, 商品复制 ---------------------------------------------------------

/** How a copied product's price is rounded after the markup (代发设置): 不取整, up to whole 元, up to .9 元. */
export const PRICE_ROUNDINGS = ['none', 'yuan', 'nine'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];
/** Most offers on the operator's 平台精选 list. */
export const FEATURED_OFFERS_MAX = 50;

const OFFER_LINK_HOSTS = new Set(['detail.1688.com', 'm.1688.com', 'detail.m.1688.com']);

/**
 * The 1688 offer id of a link, or null when the text is not a 1688 offer link. Accepted:
 * `https://detail.1688.com/offer/<id>.html` (also `http:`, `m.1688.com`, a query or fragment after it)
 * and the mobile page `https://detail.m.1688.com/page/index.html?offerId=<id>`.
 */
export function offerIdOfLink(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !OFFER_LINK_HOSTS.has(url.hostname))
    return null;
  if (url.username || url.password || url.port) return null;
  const path = /^\/offer\/(\d{1,20})\.html$/.exec(url.pathname);
  if (path) return path[1] ?? null;
  const query = url.pathname === '/page/index.html' ? (url.searchParams.get('offerId') ?? '') : '';
  return /^\d{1,20}$/.test(query) ? query : null;
}

/** The 1688 offer id of a link or of a bare id (`610000000001`), or null. */
export function offerIdOf(text: string): string | null {
  const trimmed = text.trim();
  return /^\d{1,20}$/.test(trimmed) ? trimmed : offerIdOfLink(trimmed);
}

/** The canonical link of a 1688 offer. */
export function offerLink(offerId: string): string {
  return `https://detail.1688.com/offer/${offerId}.html`;
}

/**
 * The price of a copied product in 分: the supplier's price plus `markupPercent`, then rounded by the
 * seller's rule: `none` to the 分 (half up), `yuan` up to a whole 元, `nine` up to the next price ending in
 * .9 元 (23.45 -> 23.90, 23.95 -> 24.90). Integer arithmetic only.
 */
export function markedUpPrice(costFen: number, markupPercent: number, rounding: PriceRounding): number {
  const raw = Math.floor((costFen * (100 + markupPercent) + 50) / 100);
  const price = Math.max(1, raw);
  if (rounding === 'yuan') return Math.ceil(price / 100) * 100;
  if (rounding === 'nine') {
    const nine = Math.floor(price / 100) * 100 + 90;
    return nine >= price ? nine : nine + 100;
  }
  return price;
}
// ---- balance (余额, 充值) -----------------------------------------------------------------------

/** A ledger entry: `topup` 充值, `charge` 扣费, `refund` 退款, `adjust` 调整 (by an operator). */
export const BALANCE_ENTRY_KINDS = ['topup', 'charge', 'refund', 'adjust'] as const;
/** A top-up: `pending` until Alipay reports it, `paid`, `closed` unpaid, `flagged` for an operator. */
export const TOPUP_STATUSES = ['pending', 'paid', 'closed', 'flagged'] as const;
/** The smallest and largest top-up, in fen (¥1 and ¥50,000). */
export const TOPUP_MIN_FEN = 100;
export const TOPUP_MAX_FEN = 5_000_000;
/** What the API answers (HTTP 409) to a purchase whose fee the balance does not cover. */
export const INSUFFICIENT_BALANCE_MESSAGE = '余额不足，请先充值';
// ---- reconcile: 充值异常 (operators) ---------------------------------------------------------------

/** What 充值异常 lists: a `topup` flagged by the notification or the reconciliation, a refused `notice`. */
export const PAYMENT_ISSUE_KINDS = ['topup', 'notice'] as const;
/** `open` until an operator marks it handled (标记已处理), then `resolved`. */
export const PAYMENT_ISSUE_STATES = ['open', 'resolved'] as const;
// ---- purchase: 一键采购 ---------------------------------------------------------------------------

/** Where an order's 一键采购 stands (`PURCHASE_STATUS_LABELS`). */
export const PURCHASE_STATUSES = ['queued', 'placing', 'placed', 'failed', 'shipped', 'cancelled'] as const;
