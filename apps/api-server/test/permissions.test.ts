import {
  type ApiPath,
  apiRoutes,
  FINANCE_FILTER_REFUSED,
  PERMISSIONS,
  type RouteContract,
} from '@consign/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  envelope,
  importForm,
  orderFileForm,
  orderFileRow,
  startTestServer,
  type TestServer,
  USER,
} from './helpers';

/**
 * The permission of every route, generated from the contract's route table (docs/design.md#seller-accounts-permissions-and-the-operation-log): the
 * seeded member 13900000000 calls every route that names a permission, with real ids of their own
 * account, while their role lacks exactly that permission: 403 `没有操作权限`, and no row of the
 * account changes. With the permission back, the same call is not refused. A route added later with a
 * permission is covered as soon as it has a body below (a missing body fails the test).
 */

const DEMO_ACCOUNT = 1;

const SNAPSHOT_QUERIES = [
  ...[
    'shop_groups',
    'shops',
    'goods',
    'orders',
    'after_sales',
    'copy_records',
    'users',
    'addresses',
    'order_events',
  ].map((table) => `SELECT * FROM ${table} WHERE account_id = ${DEMO_ACCOUNT} ORDER BY id`),
  `SELECT * FROM settings WHERE account_id = ${DEMO_ACCOUNT}`,
  `SELECT * FROM platform_fee_rates WHERE account_id = ${DEMO_ACCOUNT} ORDER BY platform`,
  `SELECT * FROM balance_warnings WHERE account_id = ${DEMO_ACCOUNT}`,
  `SELECT * FROM topups WHERE account_id = ${DEMO_ACCOUNT} ORDER BY id`,
  // The member's own role changes between the rounds (permissions), so its row is left out.
  `SELECT * FROM roles WHERE account_id = ${DEMO_ACCOUNT} AND name <> '运营' ORDER BY id`,
];

let t: TestServer;
let member: string;
let owner: string;
let roleId: number;
let ids: {
  group: number;
  shop: number;
  goods: number;
  spareRole: number;
  otherMember: number;
  order: number;
  afterSale: number;
  sender: number;
  spareAddress: number;
};

/** A valid body for every path that names a permission (with the account's own ids). */
function bodies(): Record<string, Record<string, unknown> | FormData> {
  const page = { pageIndex: 1, pageSize: 5 };
  return {
    '/api/setting/index': {},
    '/api/setting/update': { default_markup_percent: 55 },
    '/api/order/index': page,
    '/api/order/status-counts': {},
    '/api/order/exception-counts': {},
    '/api/order/receivers': page,
    '/api/order/after-sale': page,
    '/api/order/after-sale-status-counts': {},
    '/api/order/detail': { id: ids.order },
    '/api/order/purchase': { id: ids.order, supplier: '供应商', supplier_order_no: 'CG1', cost: 100 },
    '/api/order/ship': {
      id: ids.order,
      carrier: 'SF',
      tracking_no: 'SF1234567890123',
      sender_address_id: ids.sender,
    },
    '/api/order/complete': { id: ids.order },
    '/api/order/cancel': { id: ids.order, reason: '缺货' },
    '/api/order/address': { id: ids.order, name: '改名', address: '新路 1 号', version: 1 },
    '/api/dashboard/summary': {},
    // profit
    '/api/setting/fee-rates': {},
    '/api/setting/fee-rates-save': { rates: [{ platform: 'jd', rate: 80 }] },
    '/api/report/profit': { start_date: '2026-01-01', end_date: '2026-12-31' },
    '/api/order/batch-purchase': {
      supplier: '供应商',
      items: [{ id: ids.order, supplier_order_no: 'CG-1', cost: 100 }],
    },
    '/api/order/batch-ship': {
      carrier: 'SF',
      sender_address_id: ids.sender,
      items: [{ id: ids.order, tracking_no: 'SF1234567890123' }],
    },
    '/api/order/batch-cancel': { ids: [ids.order], reason: '缺货' },
    '/api/order/import-preview': importForm('订单号,快递公司,快递单号\nDD-NOPE,SF,SF1234567890123\n'),
    '/api/order/import-apply': importForm('订单号,快递公司,快递单号\nDD-NOPE,SF,SF1234567890123\n'),
    '/api/order/create': {
      shop_id: ids.shop,
      items: [{ title: '手工单商品', quantity: 1, price: 100 }],
      amount: 100,
      receiver: { name: '赵六', mobile: '13812340000', address: '某路 1 号' },
    },
    '/api/order/import-orders-preview': orderFileForm(ids.shop, [orderFileRow('PERM-1')]),
    '/api/order/import-orders-apply': orderFileForm(ids.shop, [orderFileRow('PERM-1')]),
    '/api/order/after-sale-detail': { id: ids.afterSale },
    '/api/order/after-sale-refund': { id: ids.afterSale },
    '/api/order/after-sale-reject': { id: ids.afterSale, reason: '不符合' },
    '/api/order/after-sale-receive': { id: ids.afterSale, return_tracking_no: 'SF1234567890123' },
    '/api/order/writeback-retry': { id: ids.order },
    '/api/order/receiver-decrypt': { id: ids.order },
    // purchase
    '/api/purchase/items': { id: ids.order },
    '/api/purchase/skus': {},
    '/api/purchase/preview': { id: ids.order },
    '/api/purchase/start': { ids: [ids.order] },
    '/api/purchase/pay-url': { ids: [ids.order] },
    '/api/purchase/link': { id: ids.order, index: 0, sku_id: 1 },
    '/api/purchase/offer': { offer: '610000000001' },
    '/api/address/save': {
      kind: 'return',
      name: '新退货点',
      mobile: '13800000009',
      region: '浙江省',
      address: '某路 1 号',
    },
    '/api/address/del': { id: ids.spareAddress },
    '/api/buyer/index': { ...page, sort: 'orders' },
    '/api/buyer/blacklist-index': page,
    '/api/buyer/blacklist-save': { order_id: ids.order, reason: '恶意退款' },
    '/api/buyer/blacklist-del': { id: 999_999, version: 1 },
    '/api/shop/index': page,
    '/api/shop/group-index': page,
    '/api/shop/group-save': { id: ids.group, name: '改名的分组' },
    '/api/shop/group-del': { id: ids.group },
    '/api/shop/move': { shop_id: ids.shop, group_id: null },
    '/api/shop/platforms': {},
    '/api/shop/authorise': { platform: 'pinduoduo', shop_id: ids.shop },
    '/api/shop/authorise-callback': { platform: 'pinduoduo', state: 'A'.repeat(43), code: 'c0de' },
    '/api/shop/toggle': { id: ids.shop, disabled: false, version: 1 },
    '/api/supplier/account': {},
    '/api/supplier/authorise': {},
    '/api/supplier/authorise-callback': { state: 'A'.repeat(43), code: 'c0de' },
    '/api/shop/sync': { id: ids.shop },
    '/api/goods/index': page,
    '/api/goods/detail': { id: ids.goods },
    '/api/goods/save': {
      id: ids.goods,
      shop_id: ids.shop,
      title: '改名的商品',
      price: 100,
      stock: 1,
      status: 'on_sale',
      images: ['/static/goods/1.svg'],
      source_url: '',
    },
    '/api/goods/sku-save': { id: ids.goods, version: 1, skus: [] },
    '/api/goods/supplier-offer': { offer: '610000000001' },
    '/api/featured/index': {},
    '/api/copy/index': page,
    '/api/goods/publish': { goods_ids: [ids.goods], shop_ids: [ids.shop] },
    '/api/goods/listings': page,
    '/api/goods/republish': { id: 1 },
    '/api/goods/publish-cats': { shop_id: ids.shop },
    '/api/goods/publish-options': { shop_id: ids.shop },
    '/api/log/index': page,
    '/api/export/create': { format: 'csv' },
    '/api/export/index': page,
    '/api/export/download-url': { id: 1 },
    '/api/copy/create': { shop_id: ids.shop, urls: ['https://item.example.com/1'] },
    '/api/team/role-index': page,
    '/api/team/role-save': { id: ids.spareRole, name: '改名的角色', permissions: [], version: 1 },
    '/api/team/role-del': { id: ids.spareRole },
    '/api/team/member-index': page,
    '/api/team/member-save': { id: ids.otherMember, nickname: '改名', role_id: ids.spareRole, version: 1 },
    '/api/team/member-status': { id: ids.otherMember, status: 'disabled', version: 1 },
    '/api/team/member-del': { id: ids.otherMember },
    // Money (finance:view, finance:manage): the balance, its ledger, top-ups, 余额预警, 余额明细 导出
    '/api/balance/summary': {},
    '/api/balance/entries': page,
    '/api/balance/fees': {},
    '/api/balance/topup': { amount: 10_000 },
    '/api/balance/topup-status': { out_trade_no: 'T2026112609301212345678' },
    '/api/balance/warning-save': { warn_below: 5_000 },
    '/api/balance/export': { format: 'csv' },
  };
}

const guarded = (Object.keys(apiRoutes) as ApiPath[]).filter(
  (path) => (apiRoutes[path] as RouteContract).permission !== undefined,
);

async function snapshot(): Promise<string[]> {
  return Promise.all(SNAPSHOT_QUERIES.map(async (sql) => JSON.stringify(await t.server.db.query(sql))));
}

async function grant(permissions: readonly string[]) {
  await t.server.db.query('UPDATE roles SET permissions = $1 WHERE id = $2', [permissions, roleId]);
}

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false });
  member = await t.login(USER);
  owner = await t.login(ADMIN);
  const admin = t.client(() => owner);
  const one = async (sql: string) => (await t.server.db.query<{ id: number }>(sql))[0]?.id ?? 0;
  roleId = await one(`SELECT role_id AS id FROM users WHERE mobile = '${USER}'`);
  // The other member's role holds nothing, so a member granted only team:manage may change them
  // (team-rules.ts: nobody changes a member above themselves).
  const spare = await admin.call('/api/team/role-save', { name: '备用', permissions: [] });
  const other = await admin.call('/api/team/member-save', {
    mobile: '13712340041',
    nickname: '同事',
    role_id: spare.id,
  });
  ids = {
    group: await one('SELECT id FROM shop_groups ORDER BY id LIMIT 1'),
    shop: await one('SELECT id FROM shops WHERE group_id IS NOT NULL ORDER BY id LIMIT 1'),
    goods: await one('SELECT id FROM goods ORDER BY id LIMIT 1'),
    // A role nobody holds (deletable) and another member (changeable): the member's own role and
    // self are refused for other reasons.
    spareRole: (await admin.call('/api/team/role-save', { name: '空角色', permissions: [] })).id,
    otherMember: other.id,
    order: await one("SELECT id FROM orders WHERE status = 'pending' ORDER BY id LIMIT 1"),
    afterSale: await one("SELECT id FROM after_sales WHERE status = 'pending' ORDER BY id LIMIT 1"),
    sender: await one("SELECT id FROM addresses WHERE kind = 'sender' AND is_default"),
    spareAddress: await one("SELECT id FROM addresses WHERE kind = 'sender' AND NOT is_default LIMIT 1"),
  };
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('the permission of every route', () => {
  it('every permission of the catalogue is needed by some route, or is for pages only', () => {
    const used = new Set(guarded.map((path) => (apiRoutes[path] as RouteContract).permission));
    expect(PERMISSIONS.filter((p) => !used.has(p))).toEqual([]);
  });

  it('has a body for every route that names a permission', () => {
    const missing = guarded.filter((path) => !bodies()[path]);
    expect(missing, 'routes with a permission but no body in bodies()').toEqual([]);
  });

  it('user/info tells the member what their role holds, and the owner that they hold everything', async () => {
    await grant(['order:view', 'goods:manage']);
    const me = await t.client(() => member).call('/api/user/info');
    expect(me).toMatchObject({ account_role: 'member', permissions: ['order:view', 'goods:manage'] });
    const boss = await t.client(() => owner).call('/api/user/info');
    expect(boss).toMatchObject({ account_role: 'owner', permissions: [...PERMISSIONS] });
  });

  it.each(guarded)('%s: 403 and nothing changes without its permission; served with it', async (path) => {
    const permission = (apiRoutes[path] as RouteContract).permission;
    const body = bodies()[path];
    if (!permission || !body) throw new Error(`no body for ${path}: add one in bodies()`);

    await grant(PERMISSIONS.filter((p) => p !== permission));
    const before = await snapshot();
    const refused = await t.post(path, body, { token: member });
    expect({ status: refused.status, body: await envelope(refused) }).toEqual({
      status: 403,
      body: { errorCode: 1, msg: '没有操作权限' },
    });
    expect(await snapshot(), `${path}: a refused call changed the account`).toEqual(before);

    // Only this permission: the same call is not refused (writes then really happen, so the ones
    // that delete or disable come last in the table and each runs once).
    await grant([permission]);
    const served = await t.post(path, path === '/api/shop/group-del' ? { id: 999_999 } : body, {
      token: member,
    });
    expect(served.status, path).not.toBe(403);
    expect(served.status, path).not.toBe(401);
  });
});

describe('money is a permission (docs/design.md#money-is-a-permission)', () => {
  async function call(path: ApiPath, body: Record<string, unknown>, token = member) {
    const res = await t.post(path, body, { token });
    return { status: res.status, body: await envelope(res) };
  }
  type Row = Record<string, unknown>;
  /** The `data` of a success answer, as the plain JSON it was sent as. */
  const data = async <T = Row>(path: ApiPath, body: Record<string, unknown>) =>
    (await call(path, body)).body.data as T;
  const refusedFilter = { status: 403, body: { errorCode: 1, msg: FINANCE_FILTER_REFUSED } };
  const page = { pageIndex: 1, pageSize: 100 };

  it('order:view without finance:view: orders and 工作台 without money, 403 on money filters and money routes', async () => {
    const [costed] = await t.server.db.query<{ id: number }>(
      `SELECT o.id FROM orders o WHERE o.account_id = ${DEMO_ACCOUNT} AND o.cost IS NOT NULL
         AND EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.action = 'purchase'
           AND e.details ? 'cost')
       ORDER BY o.id LIMIT 1`,
    );
    if (!costed) throw new Error('the seed has no purchased order with a cost');
    await grant(['order:view', 'order:process']);

    const list = await data<{ list: Row[] }>('/api/order/index', page);
    expect(list.list.length).toBeGreaterThan(0);
    for (const row of list.list) {
      expect(Object.keys(row)).not.toContain('cost');
      expect(Object.keys(row)).not.toContain('profit');
    }
    const detail = await data<Row & { events: { action: string; details: Row }[] }>('/api/order/detail', {
      id: costed.id,
    });
    expect(detail.id).toBe(costed.id);
    expect(Object.keys(detail)).not.toContain('cost');
    const purchase = detail.events.find((e) => e.action === 'purchase');
    expect(purchase?.details).toHaveProperty('supplier');
    expect(purchase?.details).not.toHaveProperty('cost');
    const glance = await data<Row & { today_orders: number; days: Row[] }>('/api/dashboard/summary', {});
    expect(glance.today_orders).toBeGreaterThanOrEqual(0);
    expect(glance).not.toHaveProperty('today_sales');
    // Nor the balance; and without shop:manage no shop counts (店铺设置 is not theirs).
    expect(glance).not.toHaveProperty('balance');
    expect(glance).not.toHaveProperty('shops');
    expect(glance.days.length).toBeGreaterThan(0);
    for (const day of glance.days) expect(day).not.toHaveProperty('sales');

    // Money filters are refused, not ignored (an ignored 亏损 filter would answer every order).
    expect(await call('/api/order/index', { ...page, profit_max: -1 })).toEqual(refusedFilter);
    expect(await call('/api/order/status-counts', { cost_missing: 1 })).toEqual(refusedFilter);
    expect(await call('/api/export/create', { format: 'csv', profit_min: 0 })).toEqual(refusedFilter);
    expect(
      await call('/api/order/batch-cancel', {
        filter: { profit_max: -1 },
        expected_count: 1,
        reason: '缺货',
      }),
    ).toEqual(refusedFilter);

    const forbidden = { status: 403, body: { errorCode: 1, msg: '没有操作权限' } };
    expect(await call('/api/balance/summary', {})).toEqual(forbidden);
    expect(await call('/api/balance/entries', page)).toEqual(forbidden);
    expect(await call('/api/report/profit', { start_date: '2026-01-01', end_date: '2026-12-31' })).toEqual(
      forbidden,
    );
    expect(await call('/api/balance/topup', { amount: 10_000 })).toEqual(forbidden);
    expect(await call('/api/balance/warning-save', { warn_below: 5_000 })).toEqual(forbidden);
  });

  it('with finance:view the same member sees cost, profit and sales, and may filter on them', async () => {
    await grant(['order:view', 'finance:view']);
    const list = await data<{ list: Row[] }>('/api/order/index', page);
    expect(list.list.every((row) => 'cost' in row && 'profit' in row)).toBe(true);
    expect(list.list.some((row) => typeof row.cost === 'number')).toBe(true);
    const glance = await data('/api/dashboard/summary', {});
    expect(typeof glance.today_sales).toBe('number');
    expect(typeof glance.balance).toBe('number');
    const losses = await call('/api/order/index', { ...page, profit_max: -1 });
    expect(losses.status).toBe(200);
    expect((await call('/api/balance/entries', page)).status).toBe(200);
    // Reading is not managing: 充值 and 余额预警 need finance:manage.
    expect((await call('/api/balance/warning-save', { warn_below: 5_000 })).status).toBe(403);
  });
});
