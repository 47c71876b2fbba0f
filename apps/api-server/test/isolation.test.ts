import {
  AFTER_SALE_STATUSES,
  type ApiPath,
  apiRoutes,
  ORDER_EXCEPTIONS,
  ORDER_STATUSES,
} from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/db/notifications';
import {
  envelope,
  importForm,
  orderFileForm,
  orderFileRow,
  startTestServer,
  type TestServer,
} from './helpers';

/**
 * The data boundary (docs/design.md#seller-accounts-permissions-and-the-operation-log), generated from the contract's route table: a second seller,
 * signed up through the real login flow, calls EVERY path of `apiRoutes` with ids of the demo account.
 * After each call: nothing of the demo account is in the answer, a read or write by id answers 404
 * `记录不存在` (exactly like a missing record), operator calls answer 403, and every row of the demo
 * account (and of the platform-wide tables) is byte-identical to before. A path without a case fails
 * the test, so a route added later is covered without anyone remembering to.
 */

const SECOND = '13712340001';
const DEMO_ACCOUNT = 1;

/** Business tables (with their order) and the platform-wide ones a seller must not change either. */
const SNAPSHOT_QUERIES = [
  ...[
    'shop_groups',
    'shops',
    'goods',
    'goods_skus',
    'orders',
    'after_sales',
    'copy_records',
    'addresses',
    'order_events',
    'after_sale_events',
    'export_jobs',
    'blacklist',
    'order_writebacks',
    'goods_listings',
    'notifications',
    // balance (余额, 充值)
    'topups',
    'balance_entries',
  ].map((table) => `SELECT * FROM ${table} WHERE account_id = ${DEMO_ACCOUNT} ORDER BY id`),
  `SELECT r.* FROM notification_reads r JOIN notifications n ON n.id = r.notification_id
   WHERE n.account_id = ${DEMO_ACCOUNT} ORDER BY r.notification_id, r.user_id`,
  `SELECT * FROM settings WHERE account_id = ${DEMO_ACCOUNT}`,
  `SELECT * FROM roles WHERE account_id = ${DEMO_ACCOUNT} ORDER BY id`,
  `SELECT * FROM users WHERE account_id = ${DEMO_ACCOUNT} ORDER BY id`,
  `SELECT * FROM seller_accounts WHERE id = ${DEMO_ACCOUNT}`,
  `SELECT * FROM operation_log WHERE account_id = ${DEMO_ACCOUNT} OR account_id IS NULL ORDER BY id`,
  'SELECT * FROM company',
  'SELECT * FROM banners ORDER BY id',
  'SELECT * FROM platforms ORDER BY id',
  'SELECT * FROM platform_auths ORDER BY id',
  'SELECT * FROM featured_offers ORDER BY offer_id',
];

/** What a call must answer. */
type Outcome =
  /** 404 `记录不存在`. */
  | 'not-found'
  /** 403 (an operator call). */
  | 'forbidden'
  /** 200 with a page of the caller's own rows: none (the second account is empty). */
  | 'empty-list'
  /** 200 with a count of 0 for every status (the status tabs' counts of an empty account). */
  | 'zero-counts'
  /** 200 with every row of an import file refused as 订单不存在 (another account's order numbers). */
  | 'import-not-found'
  /** Any answer (public calls, the caller's own settings and user): still no leak, no change. */
  | 'any';

interface Case {
  body?: Record<string, unknown> | FormData;
  /** What the caller sent and the answer may repeat (an import preview shows the file's cells). */
  echoes?: string[];
  query?: Record<string, number>;
  outcome: Outcome;
}

interface DemoIds {
  order: number;
  orderNo: string;
  pendingOrder: number;
  afterSale: number;
  address: number;
  shop: number;
  group: number;
  goods: number;
  copy: number;
  listing: number;
  export: number;
  blacklist: number;
  notification: number;
  banner: number;
  platform: number;
  platformAuth: number;
  role: number;
  owner: number;
  member: number;
}

const page = { pageIndex: 1, pageSize: 100 };
/** The demo account's top-up (its out_trade_no). */
const DEMO_TOPUP = 'T2026112600000000000001';

/** One case per path of the contract (with the demo account's ids). */
function casesFor(ids: DemoIds): Record<ApiPath, Case[]> {
  const goods = {
    id: ids.goods,
    shop_id: ids.shop,
    title: '改名的商品',
    price: 100,
    stock: 1,
    status: 'on_sale',
    images: ['/static/goods/1.svg'],
    source_url: '',
    version: 1,
  };
  return {
    '/api/default/send-code': [
      {
        body: { mobile: '13712340002', type: 1, sign_type: 1, ticket: 'dev-ticket', randstr: 'r' },
        outcome: 'any',
      },
    ],
    '/api/default/login': [{ body: { mobile: '13800000000', code: '000000' }, outcome: 'any' }],
    // Without the caller's token (it would end the session the other cases use).
    '/api/default/logout': [{ outcome: 'any' }],
    '/api/default/config': [{ outcome: 'any' }],
    '/api/user/info': [{ outcome: 'any' }],
    // The live stream carries the caller's account's changes only (test/live.test.ts).
    '/api/live/stream': [{ outcome: 'any' }],
    // 用户中心: the caller's own user and account only.
    '/api/user/profile': [{ outcome: 'any' }],
    '/api/user/profile-save': [{ body: { nickname: '劫持', version: 1 }, outcome: 'any' }],
    '/api/user/account-save': [{ body: { name: '劫持', version: 1 }, outcome: 'any' }],

    '/api/company/index': [{ outcome: 'forbidden' }],
    '/api/company/update': [{ body: { name: '劫持' }, outcome: 'forbidden' }],
    '/api/company/ad-save': [
      { body: { id: ids.banner, name: '劫持', ad_login_image_url: '/x.svg' }, outcome: 'forbidden' },
    ],
    '/api/company/ad-del': [{ query: { id: ids.banner }, outcome: 'forbidden' }],
    '/api/company/platform-save': [
      { body: { id: ids.platform, name: '劫持', code: 'x' }, outcome: 'forbidden' },
    ],
    '/api/company/platform-list': [{ outcome: 'forbidden' }],
    '/api/company/platform-del': [{ query: { id: ids.platform }, outcome: 'forbidden' }],
    '/api/company/platform-auth-save': [
      {
        body: { id: ids.platformAuth, platform_id: ids.platform, shop_name: 'x', app_key: 'x' },
        outcome: 'forbidden',
      },
    ],
    '/api/company/platform-auth-del': [
      { query: { id: ids.platformAuth, platform_id: ids.platform }, outcome: 'forbidden' },
    ],
    '/api/company/platform-auth-list': [{ query: { platform_id: ids.platform }, outcome: 'forbidden' }],

    // The caller's own settings: the demo account's distinctive values must not show.
    '/api/setting/index': [{ outcome: 'any' }],
    '/api/setting/update': [
      { body: { default_markup_percent: 99, auto_purchase: true, version: 1 }, outcome: 'any' },
    ],
    // profit: the caller's own rates; a report of the demo account's shop holds nothing of it.
    '/api/setting/fee-rates': [{ outcome: 'any' }],
    '/api/setting/fee-rates-save': [{ body: { rates: [{ platform: 'taobao', rate: 100 }] }, outcome: 'any' }],
    '/api/report/profit': [
      { body: { start_date: '2020-01-01', end_date: '2020-12-31', shop_id: ids.shop }, outcome: 'any' },
    ],

    '/api/order/index': [
      { body: page, outcome: 'empty-list' },
      { body: { ...page, shop_id: ids.shop }, outcome: 'empty-list' },
      { body: { ...page, keyword: 'DD' }, outcome: 'empty-list' },
    ],
    '/api/order/status-counts': [
      { body: {}, outcome: 'zero-counts' },
      { body: { shop_id: ids.shop }, outcome: 'zero-counts' },
      { body: { keyword: 'DD' }, outcome: 'zero-counts' },
      { body: { buyer_id: ids.order }, outcome: 'zero-counts' },
    ],
    '/api/order/exception-counts': [
      { body: {}, outcome: 'zero-counts' },
      { body: { shop_id: ids.shop }, outcome: 'zero-counts' },
    ],
    '/api/order/after-sale': [
      { body: page, outcome: 'empty-list' },
      { body: { ...page, shop_id: ids.shop }, outcome: 'empty-list' },
    ],
    '/api/order/after-sale-status-counts': [
      { body: {}, outcome: 'zero-counts' },
      { body: { shop_id: ids.shop }, outcome: 'zero-counts' },
    ],

    '/api/order/detail': [{ body: { id: ids.order }, outcome: 'not-found' }],
    '/api/order/receivers': [{ body: page, outcome: 'empty-list' }],
    '/api/order/purchase': [
      {
        body: { id: ids.pendingOrder, supplier: '劫持', supplier_order_no: 'X1', cost: 1 },
        outcome: 'not-found',
      },
    ],
    '/api/order/ship': [
      {
        body: {
          id: ids.order,
          carrier: 'SF',
          tracking_no: 'SF1234567890123',
          sender_address_id: ids.address,
        },
        outcome: 'not-found',
      },
    ],
    '/api/order/complete': [{ body: { id: ids.order }, outcome: 'not-found' }],
    '/api/order/address': [
      {
        body: { id: ids.pendingOrder, name: '劫持', address: '劫持路 1 号', version: 1 },
        outcome: 'not-found',
      },
    ],
    '/api/order/cancel': [{ body: { id: ids.pendingOrder, reason: '劫持' }, outcome: 'not-found' }],
    // A batch answers row by row: the demo account's ids are each 记录不存在 (no order number shown).
    '/api/order/batch-purchase': [
      {
        body: { supplier: '劫持', items: [{ id: ids.pendingOrder, supplier_order_no: 'X1', cost: 1 }] },
        outcome: 'any',
      },
    ],
    '/api/order/batch-ship': [
      {
        body: {
          carrier: 'SF',
          sender_address_id: ids.address,
          items: [{ id: ids.order, tracking_no: 'SF1234567890123' }],
        },
        outcome: 'not-found',
      },
    ],
    '/api/order/batch-cancel': [
      { body: { ids: [ids.pendingOrder], reason: '劫持' }, outcome: 'any' },
      { body: { filter: { status: 'pending' }, expected_count: 0, reason: '劫持' }, outcome: 'any' },
    ],
    // The demo account's order numbers in a file: 订单不存在 (the preview repeats the cells it was sent).
    '/api/order/import-preview': [
      {
        body: importForm(`订单号,快递公司,快递单号\n${ids.orderNo},SF,SF1234567890123\n`),
        echoes: [ids.orderNo],
        outcome: 'import-not-found',
      },
    ],
    '/api/order/import-apply': [
      { body: importForm(`订单号,快递公司,快递单号\n${ids.orderNo},SF,SF1234567890123\n`), outcome: 'any' },
    ],
    // An order into the demo account's shop, typed or imported: 404, nothing added.
    '/api/order/create': [
      {
        body: {
          shop_id: ids.shop,
          items: [{ title: '劫持', quantity: 1, price: 1 }],
          amount: 1,
          receiver: { name: '劫持', mobile: '13712340009', address: '劫持路 1 号' },
        },
        outcome: 'not-found',
      },
    ],
    '/api/order/import-orders-preview': [
      { body: orderFileForm(ids.shop, [orderFileRow('HIJACK-1')]), outcome: 'not-found' },
    ],
    '/api/order/import-orders-apply': [
      { body: orderFileForm(ids.shop, [orderFileRow('HIJACK-1')]), outcome: 'not-found' },
    ],
    '/api/order/after-sale-detail': [{ body: { id: ids.afterSale }, outcome: 'not-found' }],
    '/api/order/after-sale-refund': [{ body: { id: ids.afterSale }, outcome: 'not-found' }],
    '/api/order/after-sale-reject': [{ body: { id: ids.afterSale, reason: '劫持' }, outcome: 'not-found' }],
    '/api/order/after-sale-receive': [
      { body: { id: ids.afterSale, return_tracking_no: 'SF1234567890123' }, outcome: 'not-found' },
    ],
    // The demo order has a 回传失败 writeback: another account cannot queue it again.
    '/api/order/writeback-retry': [{ body: { id: ids.order }, outcome: 'not-found' }],
    '/api/order/receiver-decrypt': [{ body: { id: ids.order }, outcome: 'not-found' }],
    // purchase: another account's order is not found, before 1688 is asked anything.
    '/api/purchase/items': [{ body: { id: ids.order }, outcome: 'not-found' }],
    '/api/purchase/skus': [{ body: {}, outcome: 'any' }],
    // Read through the caller's own 1688 account, like goods/supplier-offer.
    '/api/purchase/offer': [{ body: { offer: '610000000001' }, outcome: 'any' }],
    '/api/purchase/preview': [{ body: { id: ids.pendingOrder }, outcome: 'not-found' }],
    '/api/purchase/start': [{ body: { ids: [ids.pendingOrder] }, outcome: 'any' }],
    // Another account's order has no 1688 order of the caller: 409, as an unbought order of one's own.
    '/api/purchase/pay-url': [{ body: { ids: [ids.pendingOrder] }, outcome: 'any' }],
    '/api/purchase/link': [
      { body: { id: ids.pendingOrder, index: 0, sku_id: 1 }, outcome: 'not-found' },
      {
        body: {
          id: ids.pendingOrder,
          index: 0,
          offer_url: 'https://detail.1688.com/offer/610000000002.html',
          quantity: 1,
        },
        outcome: 'not-found',
      },
    ],
    // The caller's own addresses: none of the demo account's.
    '/api/address/index': [{ body: {}, outcome: 'any' }],
    '/api/address/save': [
      {
        body: {
          id: ids.address,
          version: 1,
          kind: 'sender',
          name: '劫持',
          mobile: '13712340009',
          region: '某省',
          address: '某地',
        },
        outcome: 'not-found',
      },
    ],
    '/api/address/del': [{ body: { id: ids.address }, outcome: 'not-found' }],

    '/api/buyer/index': [
      { body: page, outcome: 'empty-list' },
      { body: { ...page, sort: 'spend' }, outcome: 'empty-list' },
      { body: { ...page, keyword: '1' }, outcome: 'empty-list' },
    ],
    '/api/buyer/blacklist-index': [{ body: page, outcome: 'empty-list' }],
    '/api/buyer/blacklist-save': [
      { body: { order_id: ids.order, reason: '劫持' }, outcome: 'not-found' },
      { body: { id: ids.blacklist, version: 1, reason: '劫持' }, outcome: 'not-found' },
    ],
    '/api/buyer/blacklist-del': [{ body: { id: ids.blacklist, version: 1 }, outcome: 'not-found' }],
    '/api/shop/index': [
      { body: page, outcome: 'empty-list' },
      { body: { ...page, group_id: ids.group }, outcome: 'empty-list' },
      { body: { ...page, group_id: 0 }, outcome: 'empty-list' },
    ],
    '/api/shop/group-index': [{ body: page, outcome: 'empty-list' }],
    '/api/shop/group-save': [
      { body: { id: ids.group, name: '劫持的分组', version: 1 }, outcome: 'not-found' },
    ],
    '/api/shop/group-del': [{ body: { id: ids.group }, outcome: 'not-found' }],
    '/api/shop/move': [
      { body: { shop_id: ids.shop, group_id: null, version: 1 }, outcome: 'not-found' },
      { body: { shop_id: ids.shop, group_id: ids.group, version: 1 }, outcome: 'not-found' },
    ],
    '/api/shop/platforms': [{ body: {}, outcome: 'any' }],
    '/api/shop/authorise': [
      { body: { platform: 'pinduoduo', shop_id: ids.shop }, outcome: 'not-found' },
      { body: { platform: 'taobao', shop_id: ids.shop }, outcome: 'any' },
    ],
    '/api/shop/authorise-callback': [
      { body: { platform: 'pinduoduo', state: 'A'.repeat(43), code: 'c0de' }, outcome: 'any' },
    ],
    '/api/shop/toggle': [{ body: { id: ids.shop, disabled: true, version: 1 }, outcome: 'not-found' }],
    // The caller's own 1688 account only (no id to name another's); a state issued to another fails.
    '/api/supplier/account': [{ body: {}, outcome: 'any' }],
    '/api/supplier/authorise': [{ body: {}, outcome: 'any' }],
    '/api/supplier/authorise-callback': [{ body: { state: 'A'.repeat(43), code: 'c0de' }, outcome: 'any' }],
    '/api/shop/sync': [{ body: { id: ids.shop }, outcome: 'not-found' }],

    '/api/goods/index': [
      { body: page, outcome: 'empty-list' },
      { body: { ...page, shop_id: ids.shop }, outcome: 'empty-list' },
    ],
    '/api/goods/detail': [{ body: { id: ids.goods }, outcome: 'not-found' }],
    '/api/goods/save': [
      { body: goods, outcome: 'not-found' },
      // A new product into the demo account's shop.
      { body: { ...goods, id: undefined }, outcome: 'not-found' },
    ],
    // goods: the demo account's product's SKUs; a 1688 offer read through the caller's own 1688 account.
    '/api/goods/sku-save': [
      {
        body: {
          id: ids.goods,
          version: 1,
          skus: [{ spec: '白色', price: 100, stock: 1, outer_sku_id: '', source: null }],
        },
        outcome: 'not-found',
      },
    ],
    '/api/goods/supplier-offer': [{ body: { offer: '610000000001' }, outcome: 'any' }],
    // 平台精选: the platform's list, read through the caller's own 1688 account; its edits are operators'.
    '/api/featured/index': [{ body: {}, outcome: 'any' }],
    '/api/company/featured-list': [{ body: {}, outcome: 'forbidden' }],
    '/api/company/featured-save': [{ body: { offer: '610000000001' }, outcome: 'forbidden' }],
    '/api/company/featured-del': [{ body: { offer_id: '610000000001' }, outcome: 'forbidden' }],

    // 铺货: the demo account's goods, shops and listings are not found; its list is not seen.
    '/api/goods/publish': [{ body: { goods_ids: [ids.goods], shop_ids: [ids.shop] }, outcome: 'not-found' }],
    '/api/goods/listings': [
      { body: page, outcome: 'empty-list' },
      { body: { ...page, goods_id: ids.goods }, outcome: 'empty-list' },
    ],
    '/api/goods/republish': [{ body: { id: ids.listing }, outcome: 'not-found' }],
    '/api/goods/publish-cats': [{ body: { shop_id: ids.shop }, outcome: 'not-found' }],
    '/api/goods/publish-options': [{ body: { shop_id: ids.shop, cat_id: '9813' }, outcome: 'not-found' }],
    '/api/copy/index': [
      { body: page, outcome: 'empty-list' },
      { body: { ...page, shop_id: ids.shop }, outcome: 'empty-list' },
    ],
    '/api/copy/create': [
      { body: { shop_id: ids.shop, urls: ['https://item.example.com/1'] }, outcome: 'not-found' },
      {
        body: { shop_id: ids.shop, urls: ['https://detail.1688.com/offer/610000000001.html'] },
        outcome: 'not-found',
      },
    ],

    // The caller's own log (their sign-in): none of the demo account's entries.
    // The caller's own export (of nothing: the demo shop's orders are not theirs).
    '/api/export/create': [{ body: { format: 'csv', shop_id: ids.shop }, outcome: 'any' }],
    // Only the caller's own export of the case above: none of the demo account's.
    '/api/export/index': [{ body: page, outcome: 'any' }],
    '/api/export/download-url': [{ body: { id: ids.export }, outcome: 'not-found' }],

    '/api/log/index': [{ body: page, outcome: 'any' }],
    // The caller's own counts (test/dashboard.test.ts shows another account's orders are not counted).
    '/api/dashboard/summary': [{ body: {}, outcome: 'any' }],
    // The caller's own team: the demo account's roles and members are not there.
    '/api/team/role-index': [{ body: page, outcome: 'empty-list' }],
    '/api/team/role-save': [
      { body: { id: ids.role, name: '劫持的角色', permissions: [], version: 1 }, outcome: 'not-found' },
    ],
    '/api/team/role-del': [{ body: { id: ids.role }, outcome: 'not-found' }],
    '/api/team/member-index': [{ body: page, outcome: 'any' }],
    '/api/team/member-save': [
      { body: { id: ids.member, nickname: '劫持', role_id: ids.role, version: 1 }, outcome: 'not-found' },
      // A new member with the demo account's role.
      { body: { mobile: '13712340003', nickname: '劫持', role_id: ids.role }, outcome: 'not-found' },
    ],
    '/api/team/member-status': [
      { body: { id: ids.member, status: 'disabled', version: 1 }, outcome: 'not-found' },
      { body: { id: ids.owner, status: 'disabled', version: 1 }, outcome: 'not-found' },
    ],
    '/api/team/member-del': [{ body: { id: ids.member }, outcome: 'not-found' }],

    // The caller's own bell: none of the demo account's notifications, none of them marked.
    '/api/notification/index': [{ body: page, outcome: 'empty-list' }],
    '/api/notification/unread-count': [{ body: {}, outcome: 'any' }],
    '/api/notification/read': [{ body: { id: ids.notification }, outcome: 'not-found' }],
    '/api/notification/read-all': [{ body: {}, outcome: 'any' }],

    '/api/seller/index': [{ body: page, outcome: 'forbidden' }],
    '/api/seller/status': [{ body: { id: DEMO_ACCOUNT, status: 'disabled' }, outcome: 'forbidden' }],
    // 调整余额 is for operators only
    '/api/seller/balance-adjust': [
      { body: { id: DEMO_ACCOUNT, amount: 100, reason: '越权调整' }, outcome: 'forbidden' },
    ],

    // balance (余额, 充值): the caller's own balance (0) and ledger (empty); the demo account's top-up is
    // not found.
    '/api/balance/summary': [{ body: {}, outcome: 'any' }],
    '/api/balance/entries': [{ body: page, outcome: 'empty-list' }],
    '/api/balance/topup': [{ body: { amount: 10_000 }, outcome: 'any' }],
    '/api/balance/topup-status': [{ body: { out_trade_no: DEMO_TOPUP }, outcome: 'not-found' }],
    '/api/balance/fees': [{ body: {}, outcome: 'any' }],
    // 余额预警 is the caller's own account's
    '/api/balance/warning-save': [{ body: { warn_below: 100 }, outcome: 'any' }],
    // 余额明细 导出 queues a job of the caller's own account
    '/api/balance/export': [{ body: { format: 'csv' }, outcome: 'any' }],
    '/api/balance/fees-save': [{ body: { default_fee: 100, platforms: [] }, outcome: 'forbidden' }],
    // reconcile: 充值异常 is the operators' (every account's top-ups and notifications)
    '/api/reconcile/topups': [{ body: page, outcome: 'forbidden' }],
    '/api/reconcile/notices': [{ body: page, outcome: 'forbidden' }],
    '/api/reconcile/resolve': [{ body: { kind: 'topup', id: 1 }, outcome: 'forbidden' }],
  };
}

let t: TestServer;
let token: string;
let isNewAccount: boolean | undefined;
let ids: DemoIds;
/** Strings only the demo account's rows hold (names, numbers, addresses, links). */
let markers: string[];

async function snapshot(): Promise<string[]> {
  return Promise.all(SNAPSHOT_QUERIES.map(async (sql) => JSON.stringify(await t.server.db.query(sql))));
}

beforeAll(async () => {
  t = await startTestServer({
    dataDir: 'memory://',
    copyWorker: false,
    exportWorker: false,
    authExpirySweep: false,
    alipay: 'sandbox',
  });
  const db = t.server.db;
  // A notification of the demo account (its shop's authorisation).
  await notify(db, {
    accountId: DEMO_ACCOUNT,
    kind: 'shop_auth',
    key: 'isolation:demo',
    title: '演示通知-授权即将过期',
    body: '演示店铺的授权将于 2026-12-01 过期',
    link: '/shop/setting?shop_id=1',
  });
  // A top-up of the demo account, paid, with its ledger entry.
  await db.query(
    `INSERT INTO topups (account_id, out_trade_no, amount, status, created_at) VALUES ($1, $2, 10000, 'paid', 1)`,
    [DEMO_ACCOUNT, DEMO_TOPUP],
  );
  await db.query(
    `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, payment_no, created_at)
     VALUES ($1, 'topup', 10000, 0, '支付宝充值', $2, 1)`,
    [DEMO_ACCOUNT, DEMO_TOPUP],
  );
  // A finished export of the demo account.
  await db.query(
    `INSERT INTO export_jobs (account_id, name, format, filters, status, rows_done, rows_total, size, file_name,
       download_key, created_at, updated_at, expires_at)
     VALUES ($1, '代发订单-演示', 'csv', '{}', 'succeeded', 1, 1, 10, 'x.csv', 'k', 1, 1, 4000000000)`,
    [DEMO_ACCOUNT],
  );
  // A blacklisted buyer of the demo account (the buyer of its first order).
  await db.query(
    `INSERT INTO blacklist (account_id, mobile, buyer_name, reason, created_at)
     SELECT account_id, receiver_mobile, buyer_name, '演示黑名单', 1 FROM orders WHERE account_id = $1
     ORDER BY id LIMIT 1`,
    [DEMO_ACCOUNT],
  );
  // A failed writeback (回传失败) of the demo account's first order.
  await db.query(
    `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
       tracking_no, status, last_error, created_at, updated_at)
     SELECT account_id, id, shop_id, 'pinduoduo', 'PDD-DEMO-1', 'SF', 'SF1234567890123', 'failed', '演示回传失败', 1, 1
     FROM orders WHERE account_id = $1 ORDER BY id LIMIT 1`,
    [DEMO_ACCOUNT],
  );
  // A failed 铺货 listing (发布失败) of the demo account's first goods in its first shop.
  await db.query(
    `INSERT INTO goods_listings (account_id, goods_id, shop_id, status, reason, created_at, updated_at)
     SELECT account_id, id, shop_id, 'failed', '演示发布失败', 1, 1 FROM goods WHERE account_id = $1
     ORDER BY id LIMIT 1`,
    [DEMO_ACCOUNT],
  );
  // Distinctive demo settings, so that an answer holding them is seen.
  await db.query(
    `UPDATE settings SET purchase_account = 'demo-purchase-account', notify_mobile = '13811112222'
     WHERE account_id = $1`,
    [DEMO_ACCOUNT],
  );
  const one = async (sql: string) => (await db.query<{ id: number }>(sql, [DEMO_ACCOUNT]))[0]?.id ?? 0;
  ids = {
    order: await one('SELECT id FROM orders WHERE account_id = $1 ORDER BY id LIMIT 1'),
    orderNo: '',
    pendingOrder: await one(
      "SELECT id FROM orders WHERE account_id = $1 AND status = 'pending' ORDER BY id LIMIT 1",
    ),
    afterSale: await one(
      "SELECT id FROM after_sales WHERE account_id = $1 AND status = 'pending' ORDER BY id LIMIT 1",
    ),
    address: await one(
      "SELECT id FROM addresses WHERE account_id = $1 AND kind = 'sender' ORDER BY id LIMIT 1",
    ),
    shop: await one(
      'SELECT id FROM shops WHERE account_id = $1 AND group_id IS NOT NULL ORDER BY id LIMIT 1',
    ),
    group: await one('SELECT id FROM shop_groups WHERE account_id = $1 ORDER BY id LIMIT 1'),
    goods: await one('SELECT id FROM goods WHERE account_id = $1 ORDER BY id LIMIT 1'),
    copy: await one('SELECT id FROM copy_records WHERE account_id = $1 ORDER BY id LIMIT 1'),
    listing: await one('SELECT id FROM goods_listings WHERE account_id = $1 ORDER BY id LIMIT 1'),
    export: await one('SELECT id FROM export_jobs WHERE account_id = $1 ORDER BY id LIMIT 1'),
    blacklist: await one('SELECT id FROM blacklist WHERE account_id = $1 ORDER BY id LIMIT 1'),
    notification: await one('SELECT id FROM notifications WHERE account_id = $1 ORDER BY id LIMIT 1'),
    banner: await one('SELECT id FROM banners WHERE $1 > 0 ORDER BY id LIMIT 1'),
    platform: await one('SELECT id FROM platforms WHERE $1 > 0 ORDER BY id LIMIT 1'),
    platformAuth: await one('SELECT id FROM platform_auths WHERE $1 > 0 ORDER BY id LIMIT 1'),
    role: await one('SELECT id FROM roles WHERE account_id = $1 ORDER BY id LIMIT 1'),
    owner: await one("SELECT id FROM users WHERE account_id = $1 AND account_role = 'owner'"),
    member: await one("SELECT id FROM users WHERE account_id = $1 AND account_role = 'member' LIMIT 1"),
  };
  ids.orderNo =
    (await db.query<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [ids.order]))[0]
      ?.order_no ?? '';
  for (const [name, id] of Object.entries(ids)) expect(id, name).toBeTruthy();
  const texts = await db.query<{ v: string }>(
    `SELECT name AS v FROM shops WHERE account_id = $1
     UNION SELECT name FROM shop_groups WHERE account_id = $1
     UNION SELECT title FROM goods WHERE account_id = $1
     UNION SELECT order_no FROM orders WHERE account_id = $1
     UNION SELECT buyer_name FROM orders WHERE account_id = $1
     UNION SELECT receiver_address FROM orders WHERE account_id = $1
     UNION SELECT source_url FROM copy_records WHERE account_id = $1 AND source_url <> ''
     UNION SELECT purchase_account FROM settings WHERE account_id = $1
     UNION SELECT notify_mobile FROM settings WHERE account_id = $1
     UNION SELECT name FROM roles WHERE account_id = $1
     UNION SELECT name FROM export_jobs WHERE account_id = $1
     UNION SELECT title FROM notifications WHERE account_id = $1
     UNION SELECT mobile FROM users WHERE account_id = $1
     UNION SELECT name FROM addresses WHERE account_id = $1
     UNION SELECT address FROM addresses WHERE account_id = $1
     UNION SELECT tracking_no FROM orders WHERE account_id = $1 AND tracking_no IS NOT NULL
     UNION SELECT supplier_order_no FROM orders WHERE account_id = $1 AND supplier_order_no IS NOT NULL`,
    [DEMO_ACCOUNT],
  );
  markers = texts.map((row) => row.v).filter((v) => v.length >= 2);
  expect(markers.length).toBeGreaterThan(500);

  // The second seller signs up through the real flow: send-code, the dev outbox, login.
  t.clock.advance(61_000);
  const api = t.client();
  await api.call('/api/default/send-code', {
    mobile: SECOND,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'r',
  });
  const { code } = (await (await fetch(`${t.url}/__dev/sms?mobile=${SECOND}`)).json()) as { code: string };
  const login = await api.call('/api/default/login', { mobile: SECOND, code });
  token = login.access_token;
  isNewAccount = login.is_new_account;
}, 180_000);

afterAll(async () => {
  await t?.stop();
});

describe('the data boundary, for every path of the contract', () => {
  it('the second seller signed up into a new account of their own', async () => {
    expect(isNewAccount).toBe(true);
    const [row] = await t.server.db.query<{ account_id: number; account_role: string }>(
      'SELECT account_id, account_role FROM users WHERE mobile = $1',
      [SECOND],
    );
    expect(row?.account_id).not.toBe(DEMO_ACCOUNT);
    expect(row?.account_role).toBe('owner');
  });

  it('has a case for every path of the contract', () => {
    const cases = casesFor(ids) as Partial<Record<string, Case[]>>;
    const missing = Object.keys(apiRoutes).filter((path) => !cases[path]?.length);
    expect(missing, 'paths of apiRoutes without an isolation case').toEqual([]);
  });

  it.each(Object.keys(apiRoutes) as ApiPath[])(
    '%s: nothing of the demo account leaks or changes',
    async (path) => {
      const cases = (casesFor(ids) as Partial<Record<string, Case[]>>)[path];
      if (!cases?.length) throw new Error(`no isolation case for ${path}: add one in casesFor()`);
      for (const c of cases) {
        const before = await snapshot();
        const query = c.query
          ? `?${new URLSearchParams(Object.entries(c.query).map(([k, v]): [string, string] => [k, String(v)]))}`
          : '';
        const res = await t.post(`${path}${query}`, c.body ?? {}, {
          token: path === '/api/default/logout' ? undefined : token,
        });
        const text = await res.clone().text();
        const answer = await envelope(res);
        const label = `${path} ${JSON.stringify(c)}`;

        if (c.outcome === 'not-found') {
          expect({ status: res.status, msg: answer.msg }, label).toEqual({ status: 404, msg: '记录不存在' });
        } else if (c.outcome === 'forbidden') {
          expect(res.status, label).toBe(403);
        } else if (c.outcome === 'empty-list') {
          expect(res.status, label).toBe(200);
          expect(answer.data, label).toEqual({ list: [], total: 0 });
        } else if (c.outcome === 'zero-counts') {
          expect(res.status, label).toBe(200);
          // Every status of the route's tabs is there, each 0.
          const counts = (answer.data as { counts: Record<string, number> }).counts;
          const statuses = path.includes('after-sale')
            ? AFTER_SALE_STATUSES
            : path.includes('exception')
              ? ORDER_EXCEPTIONS
              : ORDER_STATUSES;
          expect(Object.keys(counts).sort(), label).toEqual([...statuses].sort());
          expect(Object.values(counts), label).toEqual(statuses.map(() => 0));
        } else if (c.outcome === 'import-not-found') {
          expect(res.status, label).toBe(200);
          const rows = (answer.data as { rows: { errors: string[] }[] }).rows;
          expect(rows.length, label).toBeGreaterThan(0);
          for (const row of rows) expect(row.errors, label).toEqual(['订单不存在']);
        } else {
          expect(res.status, label).not.toBe(500);
        }
        const echoes = c.echoes ?? [];
        const leaked = markers.filter(
          (marker) => text.includes(marker) && !echoes.some((echo) => echo.includes(marker)),
        );
        expect(leaked, `${label}: demo data in the answer`).toEqual([]);
        expect(await snapshot(), `${label}: the demo account's rows changed`).toEqual(before);
      }
    },
  );

  it('the same calls with a missing id answer exactly alike', async () => {
    const missing = 999_999;
    for (const [path, body] of [
      ['/api/goods/detail', { id: missing }],
      ['/api/shop/group-del', { id: missing }],
      ['/api/buyer/blacklist-del', { id: missing, version: 1 }],
      ['/api/shop/move', { shop_id: missing, group_id: null, version: 1 }],
      ['/api/shop/toggle', { id: missing, disabled: true, version: 1 }],
      ['/api/shop/sync', { id: missing }],
    ] as const) {
      const res = await t.post(path, body, { token });
      expect({ status: res.status, body: await envelope(res) }).toEqual({
        status: 404,
        body: { errorCode: 1, msg: '记录不存在' },
      });
    }
  });
});
