import { type ApiPath, apiRoutes, PERMISSIONS } from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOrders } from '../src/db/export';
import { notify } from '../src/db/notifications';
import { scopeOf } from '../src/db/scope';
import { SHOP_SCOPE_MESSAGES } from '../src/db/shop';
import {
  envelope,
  importForm,
  orderFileForm,
  orderFileRow,
  startTestServer,
  type TestServer,
} from './helpers';

/**
 * 子账号 店铺权限 (docs/design.md#seller-accounts-permissions-and-the-operation-log): the owner of the
 * demo account limits a member to shop A through /api/team/member-save. The member then calls every
 * path of `apiRoutes` that reads or writes rows of a shop with the ids of the account's OTHER shops:
 * each id answers 404 `记录不存在` exactly like another account's, each list, count, export and
 * notification holds shop A's rows only, and no row of another shop changes. A path of the contract
 * must be either here or named in {@link ACCOUNT_WIDE} (with why), so a route added later is placed.
 */

const OWNER = '13800000000';
const MEMBER = '13712340071';
const DEMO_ACCOUNT = 1;

/** Paths that hold no rows of a shop: the account's own settings, team, balance, or operators' calls. */
const ACCOUNT_WIDE = new Map<string, string>([
  ['/api/default/send-code', 'sign-in'],
  ['/api/default/login', 'sign-in'],
  ['/api/default/logout', 'sign-in'],
  ['/api/default/config', 'public'],
  ['/api/user/info', 'the caller'],
  ['/api/live/stream', 'a topic without data: what it refreshes is read again under the member’s shops'],
  ['/api/user/profile', 'the caller'],
  ['/api/user/profile-save', 'the caller'],
  ['/api/user/account-save', 'the owner only'],
  ['/api/setting/index', 'the account’s 代发设置'],
  ['/api/setting/update', 'the account’s 代发设置'],
  ['/api/setting/fee-rates', 'per platform, not per shop'],
  ['/api/setting/fee-rates-save', 'per platform, not per shop'],
  ['/api/address/index', 'the account’s sender addresses'],
  ['/api/address/save', 'the account’s sender addresses'],
  ['/api/address/del', 'the account’s sender addresses'],
  ['/api/buyer/blacklist-index', 'the account’s 黑名单 (by mobile, every shop)'],
  ['/api/buyer/blacklist-del', 'the account’s 黑名单'],
  ['/api/shop/platforms', 'the platforms'],
  ['/api/shop/authorise-callback', 'ends an authorisation its own call started (checked there)'],
  ['/api/supplier/account', 'the account’s 1688 account'],
  ['/api/supplier/authorise', 'the account’s 1688 account'],
  ['/api/supplier/authorise-callback', 'the account’s 1688 account'],
  ['/api/purchase/offer', 'a 1688 offer'],
  ['/api/goods/supplier-offer', 'a 1688 offer'],
  ['/api/featured/index', 'the platform’s list'],
  ['/api/log/index', 'the account’s 操作日志 (log:view)'],
  ['/api/team/role-index', 'the account’s roles'],
  ['/api/team/role-save', 'the account’s roles'],
  ['/api/team/role-del', 'the account’s roles'],
  ['/api/team/member-status', 'team rules (test/team-rules.test.ts); member-save is below'],
  ['/api/team/member-del', 'team rules'],
  ['/api/balance/summary', 'the account’s balance'],
  ['/api/balance/entries', 'the account’s balance'],
  ['/api/balance/topup', 'the account’s balance'],
  ['/api/balance/topup-status', 'the account’s balance'],
  ['/api/balance/fees', 'the account’s balance'],
  ['/api/balance/warning-save', 'the account’s balance'],
  ['/api/balance/export', 'the account’s balance'],
  ...(Object.keys(apiRoutes) as ApiPath[])
    .filter((path) => apiRoutes[path].access === 'operator')
    .map((path): [string, string] => [path, 'operators']),
]);

/** What a call of the member must answer. */
type Outcome =
  /** 404 `记录不存在`. */
  | { kind: 'not-found' }
  /** Refused with this message: a status, or 200 `errorCode: 1` (a business rule's refusal). */
  | { kind: 'refused'; status: number; msg: string }
  /** 200; `check` gets the answer's data (lists: only shop A's rows). */
  | { kind: 'ok'; check: (data: never) => Promise<void> | void }
  /** Any answer but 500: nothing of another shop changes (checked after every case). */
  | { kind: 'unchanged' };

interface Case {
  body: Record<string, unknown> | FormData;
  outcome: Outcome;
}

interface Ids {
  shopA: number;
  shopAName: string;
  /** Rows of other shops than A. */
  shop: number;
  order: number;
  orderNo: string;
  pendingOrder: number;
  afterSale: number;
  goods: number;
  group: number;
  address: number;
  notification: number;
  export: number;
  /** A 铺货 listing of another shop (发布失败). */
  listing: number;
  /** Another member of the account (on every shop). */
  member: number;
  role: number;
}

let t: TestServer;
let ownerToken: string;
let token: string;
// Filled in beforeAll; the cases read it when they run.
let ids = {} as Ids;

const page = { pageIndex: 1, pageSize: 100 };
const q = <T>(sql: string, params: unknown[] = []) => t.server.db.query<T>(sql, params);

/** The shops of `sql`'s rows (one column `shop_id`), for the answers that do not carry it. */
async function shopsOf(sql: string, rowIds: number[]): Promise<number[]> {
  const rows = await q<{ shop_id: number | null }>(sql, [rowIds]);
  expect(rows).toHaveLength(rowIds.length);
  return [...new Set(rows.map((row) => row.shop_id ?? -1))];
}

const onlyA = (shops: readonly number[]) => expect(shops.every((id) => id === ids.shopA)).toBe(true);

async function countA(sql: string): Promise<number> {
  const [row] = await q<{ n: number }>(sql, [DEMO_ACCOUNT, ids.shopA]);
  return Number(row?.n ?? 0);
}

/** A page answer: at least one row, and each of shop A (by `shopOf`). */
function pageOfA<R>(shopOf: (rows: R[]) => Promise<number[]> | number[], total?: () => Promise<number>) {
  return async (data: { list: R[]; total: number }) => {
    expect(data.list.length).toBeGreaterThan(0);
    onlyA(await shopOf(data.list));
    if (total) expect(data.total).toBe(await total());
  };
}

/** 批量付款's refusal when the selection has no 1688 order 待付款 (routes/purchase.ts). */
const NO_UNPAID = '所选订单没有待付款的1688采购单（未在1688下单或已付款）';

function casesFor(): Partial<Record<ApiPath, Case[]>> {
  const notFound: Outcome = { kind: 'not-found' };
  const unchanged: Outcome = { kind: 'unchanged' };
  const goods = {
    id: ids.goods,
    shop_id: ids.shop,
    title: '越权的商品',
    price: 100,
    stock: 1,
    status: 'on_sale',
    images: ['/static/goods/1.svg'],
    source_url: '',
    version: 1,
  };
  const ordersOfA = () =>
    countA('SELECT count(*)::int AS n FROM orders WHERE account_id = $1 AND shop_id = $2');
  const ordersPage = pageOfA((rows: { shop_id: number }[]) => rows.map((r) => r.shop_id), ordersOfA);
  const afterSalesOfA = () =>
    countA(`SELECT count(*)::int AS n FROM after_sales a JOIN orders o ON o.id = a.order_id
            WHERE a.account_id = $1 AND o.shop_id = $2`);
  const byOrderIds = (rows: { id: number }[]) =>
    shopsOf(
      'SELECT shop_id FROM orders WHERE id = ANY($1::int[])',
      rows.map((r) => r.id),
    );
  const countsOfA = (total: () => Promise<number>) => async (data: { counts: Record<string, number> }) => {
    expect(Object.values(data.counts).reduce((a, b) => a + b, 0)).toBe(await total());
  };
  return {
    '/api/order/index': [
      { body: page, outcome: { kind: 'ok', check: ordersPage } },
      { body: { ...page, shop_id: ids.shop }, outcome: { kind: 'ok', check: emptyPage } },
      { body: { ...page, status: 'pending' }, outcome: { kind: 'ok', check: pageOfA(byOrderIds) } },
    ],
    '/api/order/status-counts': [
      { body: {}, outcome: { kind: 'ok', check: countsOfA(ordersOfA) } },
      { body: { shop_id: ids.shop }, outcome: { kind: 'ok', check: countsOfA(async () => 0) } },
    ],
    // 异常订单 (db/order-exceptions.ts): shop A's failed or unpaid purchases and failed writebacks.
    '/api/order/exception-counts': [
      {
        body: {},
        outcome: {
          kind: 'ok',
          check: countsOfA(() =>
            countA(`SELECT count(*)::int AS n FROM orders o WHERE o.account_id = $1 AND o.shop_id = $2 AND (
              EXISTS (SELECT 1 FROM order_purchases p WHERE p.order_id = o.id AND (
                (p.status = 'failed' AND o.status = 'pending') OR (p.status = 'placed' AND p.pay_status = 'unpaid')
                OR (p.intercept_at IS NOT NULL AND o.status = 'purchased')))
              OR EXISTS (SELECT 1 FROM order_writebacks w WHERE w.order_id = o.id AND w.status = 'failed'))`),
          ),
        },
      },
      { body: { shop_id: ids.shop }, outcome: { kind: 'ok', check: countsOfA(async () => 0) } },
    ],
    '/api/order/after-sale': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: pageOfA((rows: { shop_id: number }[]) => rows.map((r) => r.shop_id), afterSalesOfA),
        },
      },
    ],
    '/api/order/after-sale-status-counts': [
      { body: {}, outcome: { kind: 'ok', check: countsOfA(afterSalesOfA) } },
    ],
    '/api/order/detail': [{ body: { id: ids.order }, outcome: notFound }],
    '/api/order/receivers': [{ body: page, outcome: { kind: 'ok', check: pageOfA(byOrderIds) } }],
    '/api/order/purchase': [
      {
        body: { id: ids.pendingOrder, supplier: '越权', supplier_order_no: 'X1', cost: 1 },
        outcome: notFound,
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
        outcome: notFound,
      },
    ],
    '/api/order/complete': [{ body: { id: ids.order }, outcome: notFound }],
    '/api/order/address': [
      { body: { id: ids.pendingOrder, name: '越权', address: '越权路 1 号', version: 1 }, outcome: notFound },
    ],
    '/api/order/cancel': [{ body: { id: ids.pendingOrder, reason: '越权' }, outcome: notFound }],
    '/api/order/batch-purchase': [
      {
        body: { supplier: '越权', items: [{ id: ids.pendingOrder, supplier_order_no: 'X1', cost: 1 }] },
        outcome: unchanged,
      },
    ],
    '/api/order/batch-ship': [
      {
        body: {
          carrier: 'SF',
          sender_address_id: ids.address,
          items: [{ id: ids.order, tracking_no: 'SF1234567890123' }],
        },
        outcome: unchanged,
      },
    ],
    '/api/order/batch-cancel': [
      { body: { ids: [ids.pendingOrder], reason: '越权' }, outcome: unchanged },
      // The filter counts shop A's orders only: the count of the whole account is refused as changed.
      {
        body: { filter: { shop_id: ids.shop }, expected_count: 0, reason: '越权' },
        outcome: unchanged,
      },
    ],
    '/api/order/import-preview': [
      {
        body: importForm(`订单号,快递公司,快递单号\n${ids.orderNo},SF,SF1234567890123\n`),
        outcome: {
          kind: 'ok',
          check: (data: { rows: { errors: string[] }[] }) => {
            expect(data.rows.map((row) => row.errors)).toEqual([['订单不存在']]);
          },
        },
      },
    ],
    '/api/order/import-apply': [
      {
        body: importForm(`订单号,快递公司,快递单号\n${ids.orderNo},SF,SF1234567890123\n`),
        outcome: unchanged,
      },
    ],
    '/api/order/create': [
      {
        body: {
          shop_id: ids.shop,
          items: [{ title: '越权', quantity: 1, price: 1 }],
          amount: 1,
          receiver: { name: '越权', mobile: '13712340079', address: '越权路 1 号' },
        },
        outcome: notFound,
      },
    ],
    '/api/order/import-orders-preview': [
      { body: orderFileForm(ids.shop, [orderFileRow('SCOPE-1')]), outcome: notFound },
    ],
    '/api/order/import-orders-apply': [
      { body: orderFileForm(ids.shop, [orderFileRow('SCOPE-1')]), outcome: notFound },
    ],
    '/api/order/after-sale-detail': [{ body: { id: ids.afterSale }, outcome: notFound }],
    '/api/order/after-sale-refund': [{ body: { id: ids.afterSale }, outcome: notFound }],
    '/api/order/after-sale-reject': [{ body: { id: ids.afterSale, reason: '越权' }, outcome: notFound }],
    '/api/order/after-sale-receive': [
      { body: { id: ids.afterSale, return_tracking_no: 'SF1234567890123' }, outcome: notFound },
    ],
    '/api/order/writeback-retry': [{ body: { id: ids.order }, outcome: notFound }],
    '/api/order/receiver-decrypt': [{ body: { id: ids.order }, outcome: notFound }],
    '/api/purchase/items': [{ body: { id: ids.order }, outcome: notFound }],
    '/api/purchase/skus': [
      {
        body: {},
        outcome: {
          kind: 'ok',
          check: async (data: { skus: { sku_id: number }[] }) => {
            if (data.skus.length === 0) return;
            onlyA(
              await shopsOf(
                'SELECT g.shop_id FROM goods_skus s JOIN goods g ON g.id = s.goods_id WHERE s.id = ANY($1::int[])',
                data.skus.map((s) => s.sku_id),
              ),
            );
          },
        },
      },
    ],
    '/api/purchase/preview': [{ body: { id: ids.pendingOrder }, outcome: notFound }],
    '/api/purchase/start': [{ body: { ids: [ids.pendingOrder] }, outcome: unchanged }],
    '/api/purchase/pay-url': [
      { body: { ids: [ids.pendingOrder] }, outcome: { kind: 'refused', status: 409, msg: NO_UNPAID } },
    ],
    '/api/purchase/link': [
      { body: { id: ids.pendingOrder, index: 0, sku_id: 1 }, outcome: notFound },
      {
        body: {
          id: ids.pendingOrder,
          index: 0,
          offer_url: 'https://detail.1688.com/offer/610000000002.html',
          quantity: 1,
        },
        outcome: notFound,
      },
    ],
    '/api/buyer/index': [
      { body: page, outcome: { kind: 'ok', check: pageOfA(byOrderIds) } },
      { body: { ...page, sort: 'spend' }, outcome: { kind: 'ok', check: pageOfA(byOrderIds) } },
    ],
    '/api/buyer/blacklist-save': [{ body: { order_id: ids.order, reason: '越权' }, outcome: notFound }],
    '/api/shop/index': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: (data: { list: { id: number }[]; total: number }) => {
            expect({ ids: data.list.map((s) => s.id), total: data.total }).toEqual({
              ids: [ids.shopA],
              total: 1,
            });
          },
        },
      },
    ],
    '/api/shop/group-index': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: (data: { list: { shop_count: number }[] }) => {
            expect(data.list.reduce((sum, g) => sum + g.shop_count, 0)).toBeLessThanOrEqual(1);
          },
        },
      },
    ],
    '/api/shop/group-save': [
      {
        body: { name: '越权的分组' },
        outcome: { kind: 'refused', status: 200, msg: SHOP_SCOPE_MESSAGES.groups },
      },
      {
        body: { id: ids.group, name: '越权的分组', version: 1 },
        outcome: { kind: 'refused', status: 200, msg: SHOP_SCOPE_MESSAGES.groups },
      },
    ],
    '/api/shop/group-del': [
      { body: { id: ids.group }, outcome: { kind: 'refused', status: 200, msg: SHOP_SCOPE_MESSAGES.groups } },
    ],
    '/api/shop/move': [{ body: { shop_id: ids.shop, group_id: null, version: 1 }, outcome: notFound }],
    '/api/shop/authorise': [
      { body: { platform: 'pinduoduo', shop_id: ids.shop }, outcome: notFound },
      {
        body: { platform: 'pinduoduo' },
        outcome: { kind: 'refused', status: 200, msg: SHOP_SCOPE_MESSAGES.newShop },
      },
    ],
    '/api/shop/toggle': [{ body: { id: ids.shop, disabled: true, version: 1 }, outcome: notFound }],
    '/api/shop/sync': [{ body: { id: ids.shop }, outcome: notFound }],
    '/api/goods/index': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: pageOfA(
            (rows: { shop_id: number }[]) => rows.map((r) => r.shop_id),
            () => countA('SELECT count(*)::int AS n FROM goods WHERE account_id = $1 AND shop_id = $2'),
          ),
        },
      },
    ],
    '/api/goods/detail': [{ body: { id: ids.goods }, outcome: notFound }],
    '/api/goods/save': [
      { body: goods, outcome: notFound },
      { body: { ...goods, id: undefined, version: undefined }, outcome: notFound },
    ],
    '/api/goods/sku-save': [
      {
        body: {
          id: ids.goods,
          version: 1,
          skus: [{ spec: '白色', price: 100, stock: 1, outer_sku_id: '', source: null }],
        },
        outcome: notFound,
      },
    ],
    // 铺货: another shop's goods, listings and categories are not the member's.
    '/api/goods/publish': [
      { body: { goods_ids: [ids.goods], shop_ids: [ids.shopA] }, outcome: notFound },
      { body: { goods_ids: [ids.goods], shop_ids: [ids.shop] }, outcome: notFound },
    ],
    '/api/goods/listings': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: (data: { list: { shop_id: number }[] }) => {
            expect(data.list.length).toBeGreaterThan(0);
            onlyA(data.list.map((r) => r.shop_id));
          },
        },
      },
    ],
    '/api/goods/republish': [{ body: { id: ids.listing }, outcome: notFound }],
    '/api/goods/publish-cats': [{ body: { shop_id: ids.shop }, outcome: notFound }],
    '/api/goods/publish-options': [{ body: { shop_id: ids.shop }, outcome: notFound }],
    '/api/copy/index': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: (data: { list: { shop_id: number }[] }) => onlyA(data.list.map((r) => r.shop_id)),
        },
      },
    ],
    '/api/copy/create': [
      {
        body: { shop_id: ids.shop, urls: ['https://detail.1688.com/offer/610000000001.html'] },
        outcome: notFound,
      },
    ],
    // An export of the member holds shop A's orders only (its job is checked in a test below).
    '/api/export/create': [{ body: { format: 'csv', shop_id: ids.shop }, outcome: unchanged }],
    // The owner's export (of every shop) is not the member's.
    '/api/export/index': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: (data: { list: { id: number }[] }) =>
            expect(data.list.map((e) => e.id)).not.toContain(ids.export),
        },
      },
    ],
    '/api/export/download-url': [{ body: { id: ids.export }, outcome: notFound }],
    '/api/dashboard/summary': [
      {
        body: {},
        outcome: {
          kind: 'ok',
          check: async (data: { pending: number; after_sale_pending: number }) => {
            expect(data.pending).toBe(
              await countA(
                "SELECT count(*)::int AS n FROM orders WHERE account_id = $1 AND shop_id = $2 AND status = 'pending'",
              ),
            );
            expect(data.after_sale_pending).toBe(
              await countA(`SELECT count(*)::int AS n FROM after_sales a JOIN orders o ON o.id = a.order_id
                WHERE a.account_id = $1 AND o.shop_id = $2 AND a.status = 'pending'`),
            );
          },
        },
      },
    ],
    '/api/report/profit': [
      {
        body: { start_date: '2020-01-01', end_date: '2020-03-31' },
        outcome: {
          kind: 'ok',
          check: (data: { shops: { shop_id: number }[] }) => onlyA(data.shops.map((s) => s.shop_id)),
        },
      },
      {
        body: { start_date: '2020-01-01', end_date: '2020-03-31', shop_id: ids.shop },
        outcome: {
          kind: 'ok',
          check: (data: { totals: { orders: number }; shops: unknown[] }) => {
            expect({ orders: data.totals.orders, shops: data.shops }).toEqual({ orders: 0, shops: [] });
          },
        },
      },
    ],
    '/api/notification/index': [
      {
        body: page,
        outcome: {
          kind: 'ok',
          check: async (data: { list: { id: number }[] }) => {
            const shops = await shopsOf(
              'SELECT shop_id FROM notifications WHERE id = ANY($1::int[])',
              data.list.map((n) => n.id),
            );
            expect(shops.filter((id) => id !== -1 && id !== ids.shopA)).toEqual([]);
            expect(shops).toContain(ids.shopA);
          },
        },
      },
    ],
    '/api/notification/unread-count': [
      {
        body: {},
        outcome: {
          kind: 'ok',
          check: async (data: { unread: number }) => {
            const [row] = await q<{ n: number }>(
              `SELECT count(*)::int AS n FROM notifications
               WHERE account_id = $1 AND (shop_id IS NULL OR shop_id = $2)`,
              [DEMO_ACCOUNT, ids.shopA],
            );
            expect(data.unread).toBeGreaterThan(0);
            expect(data.unread).toBeLessThanOrEqual(row?.n ?? 0);
          },
        },
      },
    ],
    '/api/notification/read': [{ body: { id: ids.notification }, outcome: notFound }],
    '/api/notification/read-all': [{ body: {}, outcome: unchanged }],
    '/api/team/member-index': [{ body: page, outcome: unchanged }],
    // The member (with team:manage) gives no shop beyond their own, nor every shop.
    '/api/team/member-save': [
      {
        body: { id: ids.member, nickname: '越权', role_id: ids.role, version: 1, shop_ids: [ids.shop] },
        outcome: {
          kind: 'refused',
          status: 403,
          msg: '该子账号的店铺权限超出您的店铺，不能修改、停用或删除',
        },
      },
      {
        body: { mobile: '13712340072', nickname: '越权', role_id: ids.role, shop_ids: [] },
        outcome: { kind: 'refused', status: 403, msg: '不能授予自己没有的店铺权限' },
      },
      {
        body: { mobile: '13712340072', nickname: '越权', role_id: ids.role, shop_ids: [ids.shopA, ids.shop] },
        outcome: { kind: 'refused', status: 403, msg: '不能授予自己没有的店铺权限' },
      },
    ],
  };
}

async function emptyPage(data: { list: unknown[]; total: number }) {
  expect(data).toEqual({ list: [], total: 0 });
}

/** Every row of the demo account outside shop A that a member of shop A could change. */
async function snapshot(): Promise<string[]> {
  const a = ids.shopA;
  return Promise.all(
    [
      `SELECT * FROM orders WHERE account_id = 1 AND shop_id <> ${a} ORDER BY id`,
      `SELECT a.* FROM after_sales a JOIN orders o ON o.id = a.order_id WHERE a.account_id = 1 AND o.shop_id <> ${a} ORDER BY a.id`,
      `SELECT * FROM goods WHERE account_id = 1 AND shop_id <> ${a} ORDER BY id`,
      `SELECT s.* FROM goods_skus s JOIN goods g ON g.id = s.goods_id WHERE g.shop_id <> ${a} ORDER BY s.id`,
      `SELECT * FROM shops WHERE account_id = 1 AND id <> ${a} ORDER BY id`,
      'SELECT * FROM shop_groups WHERE account_id = 1 ORDER BY id',
      `SELECT * FROM copy_records WHERE account_id = 1 AND shop_id <> ${a} ORDER BY id`,
      `SELECT * FROM goods_listings WHERE account_id = 1 AND shop_id <> ${a} ORDER BY id`,
      `SELECT * FROM order_writebacks WHERE account_id = 1 AND shop_id <> ${a} ORDER BY id`,
      `SELECT p.* FROM order_purchases p JOIN orders o ON o.id = p.order_id WHERE o.shop_id <> ${a} ORDER BY p.id`,
      `SELECT e.* FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.shop_id <> ${a} ORDER BY e.id`,
      `SELECT r.* FROM notification_reads r JOIN notifications n ON n.id = r.notification_id
         WHERE n.account_id = 1 AND n.shop_id <> ${a} ORDER BY r.notification_id, r.user_id`,
      'SELECT * FROM order_item_links WHERE account_id = 1 ORDER BY item_key',
      "SELECT * FROM users WHERE account_id = 1 AND mobile <> '13712340071' ORDER BY id",
    ].map(async (sql) => JSON.stringify(await q(sql))),
  );
}

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false, exportWorker: false, authExpirySweep: false });
  const one = async (sql: string, params: unknown[] = []) =>
    Number((await q<{ id: number }>(sql, [DEMO_ACCOUNT, ...params]))[0]?.id ?? 0);
  // Shop A: the account's shop with the fewest orders (at least one after-sale and one goods).
  const shopA = await one(
    `SELECT o.shop_id AS id FROM orders o JOIN after_sales a ON a.order_id = o.id
     WHERE o.account_id = $1 AND EXISTS (SELECT 1 FROM goods g WHERE g.shop_id = o.shop_id)
     GROUP BY o.shop_id ORDER BY count(*), o.shop_id LIMIT 1`,
  );
  const other = (sql: string) => one(sql, [shopA]);
  const orderB = await other(
    'SELECT id FROM orders WHERE account_id = $1 AND shop_id <> $2 ORDER BY id LIMIT 1',
  );
  // Notifications: one about shop A, one about another shop, one of the whole account.
  const shopB = await one('SELECT shop_id AS id FROM orders WHERE account_id = $1 AND id = $2', [orderB]);
  for (const [shopId, key] of [
    [shopA, 'a'],
    [shopB, 'b'],
  ] as const) {
    await notify(t.server.db, {
      accountId: DEMO_ACCOUNT,
      kind: 'writeback',
      key: `shop-scope:${key}`,
      title: `物流回传失败-${key}`,
      body: '演示',
      link: '',
      shopId,
    });
  }
  await q(
    `INSERT INTO export_jobs (account_id, name, format, filters, status, rows_done, rows_total, size, file_name,
       download_key, created_at, updated_at, expires_at)
     VALUES ($1, '代发订单-主账号', 'csv', '{}', 'succeeded', 1, 1, 10, 'x.csv', 'k', 1, 1, 4000000000)`,
    [DEMO_ACCOUNT],
  );
  await q(
    `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
       tracking_no, status, last_error, created_at, updated_at)
     SELECT account_id, id, shop_id, 'pinduoduo', 'PDD-SCOPE-1', 'SF', 'SF1234567890123', 'failed', '演示', 1, 1
     FROM orders WHERE id = $1`,
    [orderB],
  );
  ids = {
    shopA,
    shopAName: (await q<{ name: string }>('SELECT name FROM shops WHERE id = $1', [shopA]))[0]?.name ?? '',
    shop: await other(
      'SELECT id FROM shops WHERE account_id = $1 AND id <> $2 AND group_id IS NOT NULL ORDER BY id LIMIT 1',
    ),
    order: orderB,
    orderNo:
      (await q<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [orderB]))[0]?.order_no ??
      '',
    pendingOrder: await other(
      "SELECT id FROM orders WHERE account_id = $1 AND shop_id <> $2 AND status = 'pending' ORDER BY id LIMIT 1",
    ),
    afterSale: await other(
      `SELECT a.id FROM after_sales a JOIN orders o ON o.id = a.order_id
       WHERE a.account_id = $1 AND o.shop_id <> $2 AND a.status = 'pending' ORDER BY a.id LIMIT 1`,
    ),
    goods: await other('SELECT id FROM goods WHERE account_id = $1 AND shop_id <> $2 ORDER BY id LIMIT 1'),
    group: await one('SELECT id FROM shop_groups WHERE account_id = $1 ORDER BY id LIMIT 1'),
    address: await one(
      "SELECT id FROM addresses WHERE account_id = $1 AND kind = 'sender' ORDER BY id LIMIT 1",
    ),
    notification: await one("SELECT id FROM notifications WHERE account_id = $1 AND key = 'shop-scope:b'"),
    export: await one("SELECT id FROM export_jobs WHERE account_id = $1 AND name = '代发订单-主账号'"),
    member: await one(
      "SELECT id FROM users WHERE account_id = $1 AND account_role = 'member' ORDER BY id LIMIT 1",
    ),
    role: 0,
    listing: 0,
  };
  // 铺货: a failed listing in shop A and one in the other shop, each of its own shop's goods.
  const listed = await q<{ id: number; shop_id: number }>(
    `INSERT INTO goods_listings (account_id, goods_id, shop_id, status, reason, created_at, updated_at)
     SELECT DISTINCT ON (shop_id) account_id, id, shop_id, 'failed', '演示发布失败', 1, 1 FROM goods
     WHERE account_id = $1 AND shop_id IN ($2, $3) ORDER BY shop_id, id RETURNING id, shop_id`,
    [DEMO_ACCOUNT, shopA, ids.shop],
  );
  ids.listing = listed.find((row) => row.shop_id === ids.shop)?.id ?? 0;
  for (const [name, id] of Object.entries(ids)) if (name !== 'role') expect(id, name).toBeTruthy();

  // The owner makes a role of every permission and a member on it limited to shop A.
  ownerToken = await t.login(OWNER);
  const owner = t.client(() => ownerToken);
  const role = await owner.call('/api/team/role-save', { name: '店铺A运营', permissions: [...PERMISSIONS] });
  ids.role = role.id;
  const member = await owner.call('/api/team/member-save', {
    mobile: MEMBER,
    nickname: '店铺A的子账号',
    role_id: role.id,
    shop_ids: [shopA],
  });
  expect({ shop_ids: member.shop_ids, shop_names: member.shop_names }).toEqual({
    shop_ids: [shopA],
    shop_names: [ids.shopAName],
  });
  token = await t.login(MEMBER);
}, 240_000);

afterAll(async () => {
  await t?.stop();
});

describe('a member limited to shop A, on every path of the contract', () => {
  it('places every path: limited to the member’s shops, or account-wide', () => {
    const cases = casesFor();
    const unplaced = (Object.keys(apiRoutes) as ApiPath[]).filter(
      (path) => !cases[path] && !ACCOUNT_WIDE.has(path),
    );
    expect(unplaced, 'paths neither in casesFor() nor ACCOUNT_WIDE').toEqual([]);
    const both = (Object.keys(cases) as ApiPath[]).filter((path) => ACCOUNT_WIDE.has(path));
    expect(both).toEqual([]);
  });

  it.each(Object.keys(casesFor()) as ApiPath[])(
    '%s: another shop’s ids answer 404, lists hold shop A only, nothing else changes',
    async (path) => {
      for (const c of casesFor()[path] ?? []) {
        const before = await snapshot();
        const res = await t.post(path, c.body, { token });
        const answer = await envelope(res);
        const label = `${path} ${c.body instanceof FormData ? 'form' : JSON.stringify(c.body)}`;
        const { outcome } = c;
        if (outcome.kind === 'not-found') {
          expect({ status: res.status, msg: answer.msg }, label).toEqual({ status: 404, msg: '记录不存在' });
        } else if (outcome.kind === 'refused') {
          expect({ status: res.status, errorCode: answer.errorCode, msg: answer.msg }, label).toEqual({
            status: outcome.status,
            errorCode: 1,
            msg: outcome.msg,
          });
        } else if (outcome.kind === 'ok') {
          expect({ status: res.status, errorCode: answer.errorCode }, label).toEqual({
            status: 200,
            errorCode: 0,
          });
          await outcome.check(answer.data as never);
        } else {
          expect(res.status, label).not.toBe(500);
        }
        expect(await snapshot(), `${label}: a row of another shop changed`).toEqual(before);
      }
    },
  );
});

describe('子账号 店铺权限', () => {
  it('批量付款 finds no 待付款 1688 order of another shop', async () => {
    const [purchase] = await q<{ id: number }>(
      `INSERT INTO order_purchases (account_id, order_id, status, supplier_order_no, pay_status, created_at, updated_at)
       VALUES ($1, $2, 'placed', 'SCOPE-UNPAID-1', 'unpaid', 0, 0) RETURNING id`,
      [DEMO_ACCOUNT, ids.pendingOrder],
    );
    try {
      const res = await t.post('/api/purchase/pay-url', { ids: [ids.pendingOrder] }, { token });
      expect({ status: res.status, msg: (await envelope(res)).msg }).toEqual({ status: 409, msg: NO_UNPAID });
    } finally {
      await q('DELETE FROM order_purchases WHERE id = $1', [purchase?.id]);
    }
  });

  it('the member’s export holds shop A’s orders only', async () => {
    const job = await t.client(() => token).call('/api/export/create', { format: 'csv' });
    const [row] = await q<{ shop_ids: number[] | null; filters: object }>(
      'SELECT shop_ids, filters FROM export_jobs WHERE id = $1',
      [job.id],
    );
    expect(row?.shop_ids).toEqual([ids.shopA]);
    // What the export job counts and writes: the orders of the job's shops (jobs/export.ts).
    const rows = await countOrders(
      scopeOf(t.server.db, DEMO_ACCOUNT, row?.shop_ids ?? null),
      row?.filters ?? {},
    );
    expect(rows).toBe(
      await countA('SELECT count(*)::int AS n FROM orders WHERE account_id = $1 AND shop_id = $2'),
    );
  });

  it('refuses unknown and other accounts’ shops by number, and keeps the restriction when left out', async () => {
    const owner = t.client(() => ownerToken);
    const [{ id, version } = { id: 0, version: 0 }] = await q<{ id: number; version: number }>(
      'SELECT id, version FROM users WHERE mobile = $1',
      [MEMBER],
    );
    const refused = await t.post(
      '/api/team/member-save',
      { id, version, nickname: '店铺A的子账号', role_id: ids.role, shop_ids: [ids.shopA, 999_999] },
      { token: ownerToken },
    );
    expect({ status: refused.status, ...(await envelope(refused)) }).toEqual({
      status: 200,
      errorCode: 1,
      msg: '店铺权限中的店铺不存在：999999',
    });
    const kept = await owner.call('/api/team/member-save', {
      id,
      version,
      nickname: '改名',
      role_id: ids.role,
    });
    expect(kept.shop_ids).toEqual([ids.shopA]);
    const list = await owner.call('/api/team/member-index', { pageIndex: 1, pageSize: 100 });
    expect(list.list.find((m) => m.id === id)?.shop_names).toEqual([ids.shopAName]);
    expect(list.list.find((m) => m.account_role === 'owner')?.shop_ids).toBeNull();
    const [entry] = await q<{ changes: unknown }>(
      "SELECT changes FROM operation_log WHERE target_type = 'member' AND target_id = $1 ORDER BY id LIMIT 1",
      [id],
    );
    expect(entry?.changes).toContainEqual({ field: 'shops', before: null, after: ids.shopAName });
  });

  it('a member whose shops are all gone reaches none, not every shop', async () => {
    await q('UPDATE users SET shop_ids = ARRAY[999998] WHERE mobile = $1', [MEMBER]);
    const api = t.client(() => token);
    expect(await api.call('/api/order/index', page)).toEqual({ list: [], total: 0 });
    expect((await api.call('/api/shop/index', page)).total).toBe(0);
    const owner = t.client(() => ownerToken);
    const list = await owner.call('/api/team/member-index', { pageIndex: 1, pageSize: 100, keyword: MEMBER });
    expect(list.list[0]?.shop_ids).toEqual([]);
  });
});
