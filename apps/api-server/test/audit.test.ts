import { STALE_RECORD_MESSAGE } from '@consign/api-client';
import {
  type ApiPath,
  apiRoutes,
  auditAction,
  LOG_TARGET_LABELS,
  logField,
  type RouteContract,
} from '@consign/api-client/contract';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_OPEN_SQL } from '../src/db/after-sale';
import { notify } from '../src/db/notifications';
import { storeShopTokens } from '../src/db/shop-tokens';
import { PddConnector } from '../src/platforms/pdd';
import { SANDBOX_MOUNT } from '../src/sandboxes';
import { DEV_DATA_KEY, SecretBox } from '../src/security/secret-box';
import {
  ADMIN,
  envelope,
  importForm,
  orderFileForm,
  orderFileRow,
  startTestServer,
  TestClock,
  type TestServer,
  USER,
} from './helpers';
import { decideOnAuthorisationPage } from './platform-helpers';
import { CUP, connectSupplier, placedUnpaid, sourcedSku } from './purchase-helpers';
import { authorisedShop, purchasedPlatformOrders } from './writeback-helpers';

/**
 * The operation log and record versions (docs/design.md#seller-accounts-permissions-and-the-operation-log).
 *
 * The log part is generated from the contract's route table: every path of `apiRoutes` is called
 * successfully, and afterwards the log holds exactly one new entry when the path has an `audit` label
 * (the batches and the import, which commit order by order: one per order changed), none otherwise,
 * and a path without a label changed no data at all (every table but the log and the session tables
 * is compared before and after). So a write route added later fails here until it logs, and a path
 * without a case fails too.
 */

/** The labelled calls that commit order by order, each order with its own entry. */
const PER_ORDER = new Set<ApiPath>([
  '/api/order/batch-purchase',
  '/api/order/batch-ship',
  '/api/order/batch-cancel',
  '/api/order/import-apply',
  '/api/order/import-orders-apply',
  '/api/purchase/start',
]);

const SECOND = '13712340011';
const SIGNUP = '13712340012';

/** Tables that change on reads or sign-ins and are not business data. */
const NOT_DATA = new Set([
  'operation_log',
  'access_tokens',
  'sms_codes',
  'schema_migrations',
  'request_nonces',
  'rate_limits',
  // The 1688 offers as last read (a cache), the 铺货关系 established for reading them, and the kept
  // answers of idempotent creates.
  'offer_reads',
  'offer_relations',
  'idempotent_requests',
]);

let t: TestServer;
const clock = new TestClock();
const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now });
let pddServed: ServedSandbox;
let pddConnector: PddConnector;
let adminToken: string;
let userToken: string;
let secondToken: string;

interface LogRow {
  id: number;
  account_id: number | null;
  user_id: number | null;
  actor_mobile: string;
  ip: string;
  action: string;
  action_label: string;
  target_type: string;
  target_id: number | null;
  target_name: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

const db = () => t.server.db;
const lastLogId = async () =>
  (await db().query<{ id: number | null }>('SELECT max(id) AS id FROM operation_log'))[0]?.id ?? 0;
const logSince = (id: number) =>
  db().query<LogRow>('SELECT * FROM operation_log WHERE id > $1 ORDER BY id', [id]);

/** Every table holding data (all but the log and the session tables), as text. */
async function dataSnapshot(): Promise<string> {
  const tables = await db().query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
     ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    if (NOT_DATA.has(table_name)) continue;
    parts.push(table_name, JSON.stringify(await db().query(`SELECT * FROM ${table_name} ORDER BY 1`)));
  }
  return parts.join('\n');
}

const one = async <T>(sql: string, params: unknown[] = []) => {
  const [row] = await db().query<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};

async function code(mobile: string) {
  t.clock.advance(61_000);
  await t
    .client()
    .call('/api/default/send-code', { mobile, type: 1, sign_type: 1, ticket: 'dev-ticket', randstr: 'r' });
  return ((await (await fetch(`${t.url}/__dev/sms?mobile=${mobile}`)).json()) as { code: string }).code;
}

/** One successful call: what to send, made ready by `prepare` (whose own writes are not counted). */
interface Call {
  token?: () => string;
  body?: Record<string, unknown> | FormData;
  query?: Record<string, number>;
}
type Case = () => Promise<Call>;

const admin = () => adminToken;
const user = () => userToken;
const page = { pageIndex: 1, pageSize: 20 };

async function newBanner() {
  return t
    .client(admin)
    .call('/api/company/ad-save', { name: '日志横幅', ad_login_image_url: '/static/banners/1.svg' });
}
async function newPlatform(code: string) {
  return t.client(admin).call('/api/company/platform-save', { name: `平台${code}`, code, enabled: true });
}
async function newGroup(name: string) {
  return t.client(user).call('/api/shop/group-save', { name });
}

/** A demo shop of the account authorised on its platform (tokens stored, as the authorisation does). */
async function syncableShop() {
  const [shop] = await db().query<{ id: number }>(
    "UPDATE shops SET auth_status = 'authorized', platform_shop_id = 'audit-900001' WHERE id = (SELECT min(id) FROM shops WHERE account_id = 1) RETURNING id",
  );
  if (!shop) throw new Error('no shop');
  await storeShopTokens(db(), new SecretBox(DEV_DATA_KEY), shop.id, {
    accessToken: 'audit-access',
    refreshToken: 'audit-refresh',
    expiresAt: 4_000_000_000,
    refreshExpiresAt: null,
  });
  return shop.id;
}

async function newRole(name: string) {
  return t.client(admin).call('/api/team/role-save', { name, permissions: ['order:view'] });
}
async function newMember(mobile: string) {
  const role = await newRole(`角色${mobile}`);
  return t.client(admin).call('/api/team/member-save', { mobile, nickname: '', role_id: role.id });
}

/** The id of the first demo order in `status` not yet used by another case. */
const usedOrders = new Set<number>();
/**
 * An order of account 1 in `status` that no case used yet. Not one with an after-sale in progress: the
 * purchase paths refuse those (售后中), and every case here is a write that succeeds.
 */
async function orderIn(status: string) {
  const rows = await db().query<{ id: number }>(
    `SELECT o.id FROM orders o WHERE o.account_id = 1 AND o.status = $1 AND NOT ${AFTER_SALE_OPEN_SQL}
     ORDER BY o.id`,
    [status],
  );
  const row = rows.find((r) => !usedOrders.has(r.id));
  if (!row) throw new Error(`no ${status} order left`);
  usedOrders.add(row.id);
  return row.id;
}
async function orderNoIn(status: string) {
  const id = await orderIn(status);
  return (await one<{ order_no: string }>('SELECT order_no FROM orders WHERE id = $1', [id])).order_no;
}
/** Account 1's 1688 buyer account, connected on the mounted sandbox (once). */
async function supplierConnected() {
  const [connected] = await db().query(
    "SELECT 1 FROM supplier_accounts WHERE account_id = 1 AND status = 'connected'",
  );
  const sandboxes = t.server.sandboxes;
  if (connected || !sandboxes) return;
  await connectSupplier(db(), sandboxes.alibaba, sandboxes.alibabaEndpoints(`${t.url}${SANDBOX_MOUNT}`), {
    accountId: 1,
    nowS: Math.floor(t.clock.now() / 1000),
  });
}
/** A 待采购 order of account 1 whose lines name the 商家编码 of a SKU bought from the sandbox's 保温杯. */
async function sourcedOrder() {
  await supplierConnected();
  const id = await orderIn('pending');
  const outer = `AUDIT-CUP-${id}`;
  await sourcedSku(db(), { accountId: 1, shopId: 1, outerSkuId: outer, source: CUP, nowS: 1 });
  await db().query(
    `UPDATE orders SET goods = (SELECT jsonb_agg(e || jsonb_build_object('outer_sku_id', $2::text))
       FROM jsonb_array_elements(goods) e) WHERE id = $1`,
    [id, outer],
  );
  return id;
}
/** 铺货: the account of USER's shop authorised on the 拼多多 sandbox (900001), and a goods of that account. */
async function publishTarget() {
  const { account_id: accountId } = await one<{ account_id: number }>(
    'SELECT account_id FROM users WHERE mobile = $1',
    [USER],
  );
  const found = await db().query<{ id: number }>(
    "SELECT id FROM shops WHERE platform = 'pinduoduo' AND platform_shop_id = '900001'",
  );
  const shopId =
    found[0]?.id ??
    (await authorisedShop(db(), pddConnector, pdd, {
      accountId,
      clientId: PDD_SANDBOX_APP.clientId,
      platformShopId: '900001',
      now: Math.floor(t.clock.now() / 1000),
    }));
  const goods = await one<{ id: number }>('SELECT min(id) AS id FROM goods WHERE account_id = $1', [
    accountId,
  ]);
  return { accountId, shopId, goodsId: goods.id };
}

/** A 已采购 order of account 1 in a shop authorised on the 拼多多 sandbox, with its receiver's ciphertexts. */
async function platformOrder() {
  const now = Math.floor(t.clock.now() / 1000);
  const shopId = await authorisedShop(db(), pddConnector, pdd, {
    accountId: 1,
    clientId: PDD_SANDBOX_APP.clientId,
    platformShopId: '900002',
    now,
  });
  const [order] = await purchasedPlatformOrders(db(), pdd, {
    accountId: 1,
    shopId,
    platformShopId: '900002',
    count: 1,
    now,
  });
  return order?.id ?? 0;
}
/** A shipped order of account 1 given a writeback in `status` (回传失败 or 待回传). */
async function writebackIn(status: 'failed' | 'waiting') {
  const id = await orderIn('shipped');
  await db().query(
    `INSERT INTO order_writebacks (account_id, order_id, shop_id, platform, platform_order_no, carrier,
       tracking_no, status, created_at, updated_at)
     SELECT account_id, id, shop_id, 'pinduoduo', 'PDD-' || id, 'SF', 'SF1234567890123', $2, 1, 1
     FROM orders WHERE id = $1`,
    [id, status],
  );
  return id;
}
async function afterSaleIn(type: string, status: string) {
  return (
    await one<{ id: number }>(
      'SELECT id FROM after_sales WHERE account_id = 1 AND type = $1 AND status = $2 ORDER BY id LIMIT 1',
      [type, status],
    )
  ).id;
}
async function defaultSender() {
  return (
    await one<{ id: number }>(
      "SELECT id FROM addresses WHERE account_id = 1 AND kind = 'sender' AND is_default",
    )
  ).id;
}
const address = {
  kind: 'return',
  name: '日志退货点',
  mobile: '13800000009',
  region: '浙江省',
  address: '某路 1 号',
} as const;

/** One successful call per path of the contract. */
const CASES: Record<ApiPath, Case[]> = {
  '/api/default/send-code': [
    async () => {
      t.clock.advance(61_000);
      return { body: { mobile: '13712340013', type: 1, sign_type: 1, ticket: 'dev-ticket', randstr: 'r' } };
    },
  ],
  '/api/default/login': [
    // A sign-in, and a sign-up (a new account).
    async () => ({ body: { mobile: USER, code: await code(USER) } }),
    async () => ({ body: { mobile: SIGNUP, code: await code(SIGNUP) } }),
  ],
  '/api/default/logout': [
    async () => {
      const token = await t.login(USER);
      return { token: () => token };
    },
  ],
  '/api/default/config': [async () => ({})],
  '/api/user/info': [async () => ({ token: user })],
  // The live stream opens (its first event) and changes nothing.
  '/api/live/stream': [async () => ({ token: user })],
  '/api/user/profile': [async () => ({ token: user })],
  '/api/user/profile-save': [
    async () => {
      const { version } = await t.client(user).call('/api/user/profile');
      return { token: user, body: { nickname: '日志昵称', version } };
    },
  ],
  '/api/user/account-save': [
    async () => {
      const { account_name, account_version } = await t.client(admin).call('/api/user/profile');
      return { token: admin, body: { name: account_name, version: account_version } };
    },
  ],

  '/api/company/index': [async () => ({ token: admin })],
  '/api/company/update': [
    async () => {
      const profile = await t.client(admin).call('/api/company/index');
      return { token: admin, body: { ...profile, foot_info: `改过的页脚 ${Date.now()}` } };
    },
  ],
  '/api/company/ad-save': [
    async () => ({ token: admin, body: { name: '新横幅', ad_login_image_url: '/static/banners/2.svg' } }),
    async () => {
      const banner = await newBanner();
      return { token: admin, body: { ...banner, name: '改名的横幅' } };
    },
  ],
  '/api/company/ad-del': [async () => ({ token: admin, query: { id: (await newBanner()).id } })],
  '/api/company/platform-save': [
    async () => ({ token: admin, body: { name: '新平台', code: 'logcreate', enabled: true } }),
    async () => {
      const platform = await newPlatform('logupdate');
      return { token: admin, body: { ...platform, enabled: false } };
    },
  ],
  '/api/company/platform-list': [async () => ({ token: admin })],
  '/api/company/platform-del': [
    async () => ({ token: admin, query: { id: (await newPlatform('logdel')).id } }),
  ],
  '/api/company/platform-auth-save': [
    async () => ({
      token: admin,
      body: { platform_id: 1, shop_name: '授权店', app_key: 'k1', app_secret: 'create-secret-1' },
    }),
    async () => {
      const auth = await t
        .client(admin)
        .call('/api/company/platform-auth-save', { platform_id: 1, shop_name: '授权店2', app_key: 'k2' });
      return { token: admin, body: { ...auth, app_key: 'k3', app_secret: 'update-secret-2' } };
    },
  ],
  '/api/company/platform-auth-del': [
    async () => {
      const auth = await t
        .client(admin)
        .call('/api/company/platform-auth-save', { platform_id: 1, shop_name: '待删授权', app_key: 'k4' });
      return { token: admin, query: { id: auth.id } };
    },
  ],
  '/api/company/platform-auth-list': [async () => ({ token: admin, query: { platform_id: 1 } })],

  '/api/setting/index': [async () => ({ token: user })],
  '/api/setting/update': [
    async () => {
      const settings = await t.client(user).call('/api/setting/index');
      return { token: user, body: { auto_purchase: !settings.auto_purchase, version: settings.version } };
    },
  ],
  // profit
  '/api/setting/fee-rates': [async () => ({ token: user })],
  '/api/setting/fee-rates-save': [
    async () => ({ token: user, body: { rates: [{ platform: 'pinduoduo', rate: 60 }] } }),
  ],
  '/api/report/profit': [
    async () => ({ token: user, body: { start_date: '2026-01-01', end_date: '2026-12-31' } }),
  ],

  '/api/order/index': [async () => ({ token: user, body: page })],
  '/api/order/status-counts': [async () => ({ token: user, body: {} })],
  '/api/order/exception-counts': [async () => ({ token: user, body: {} })],
  '/api/order/receivers': [async () => ({ token: user, body: page })],
  '/api/order/after-sale': [async () => ({ token: user, body: page })],
  '/api/order/after-sale-status-counts': [async () => ({ token: user, body: {} })],

  '/api/order/detail': [async () => ({ token: user, body: { id: 1 } })],
  '/api/order/after-sale-detail': [async () => ({ token: user, body: { id: 1 } })],
  '/api/order/purchase': [
    async () => ({
      token: user,
      body: { id: await orderIn('pending'), supplier: '1688', supplier_order_no: 'CG1', cost: 100 },
    }),
  ],
  '/api/order/ship': [
    async () => ({
      token: user,
      body: {
        id: await orderIn('purchased'),
        carrier: 'YTO',
        tracking_no: 'YT1234567890123',
        sender_address_id: await defaultSender(),
      },
    }),
  ],
  '/api/order/complete': [async () => ({ token: user, body: { id: await orderIn('shipped') } })],
  '/api/order/address': [
    async () => ({
      token: user,
      body: { id: await orderIn('pending'), name: '改名', address: '新路 1 号', version: 1 },
    }),
  ],
  '/api/dashboard/summary': [async () => ({ token: user, body: {} })],
  '/api/order/cancel': [
    async () => ({ token: user, body: { id: await orderIn('pending'), reason: '缺货' } }),
  ],
  '/api/order/batch-purchase': [
    async () => ({
      token: user,
      body: {
        supplier: '1688',
        items: [
          { id: await orderIn('pending'), supplier_order_no: 'CG-1', cost: 1200 },
          { id: await orderIn('pending'), supplier_order_no: 'CG-2', cost: 1300 },
        ],
      },
    }),
  ],
  '/api/order/batch-ship': [
    async () => ({
      token: user,
      body: {
        carrier: 'SF',
        sender_address_id: await defaultSender(),
        items: [
          { id: await orderIn('purchased'), tracking_no: 'SF1234567890123' },
          { id: await orderIn('purchased'), tracking_no: 'SF1234567890125' },
        ],
      },
    }),
  ],
  '/api/order/import-preview': [
    async () => ({
      token: user,
      body: importForm(`订单号,快递公司,快递单号\n${await orderNoIn('purchased')},SF,SF1234567890123\n`),
    }),
  ],
  '/api/order/import-apply': [
    async () => ({
      token: user,
      body: importForm(
        `订单号,快递公司,快递单号\n${await orderNoIn('purchased')},顺丰速运,SF1234567890124\n` +
          `${await orderNoIn('purchased')},SF,SF1234567890126\n`,
      ),
    }),
  ],
  '/api/order/create': [
    async () => ({
      token: user,
      body: {
        shop_id: 1,
        items: [{ title: '手工单商品', quantity: 1, price: 1990 }],
        amount: 1990,
        receiver: { name: '赵六', mobile: '13812340000', address: '某路 1 号' },
      },
    }),
  ],
  '/api/order/import-orders-preview': [
    async () => ({ token: user, body: orderFileForm(1, [orderFileRow('AUDIT-PREVIEW-1')]) }),
  ],
  // Two rows: one entry per order added, each naming it.
  '/api/order/import-orders-apply': [
    async () => ({
      token: user,
      body: orderFileForm(1, [orderFileRow('AUDIT-IMPORT-1'), orderFileRow('AUDIT-IMPORT-2')]),
    }),
  ],
  '/api/order/batch-cancel': [
    async () => ({
      token: user,
      body: { ids: [await orderIn('pending'), await orderIn('pending')], reason: '缺货' },
    }),
  ],
  '/api/order/after-sale-refund': [
    async () => ({ token: user, body: { id: await afterSaleIn('refund', 'pending') } }),
  ],
  '/api/order/after-sale-reject': [
    async () => ({ token: user, body: { id: await afterSaleIn('exchange', 'pending'), reason: '不符合' } }),
  ],
  '/api/order/writeback-retry': [
    async () => ({ token: user, body: { id: await writebackIn('failed') } }),
    async () => ({ token: user, body: { id: await writebackIn('waiting') } }),
  ],
  // The owner (every permission) views the receiver of a platform order through the sandbox.
  '/api/order/receiver-decrypt': [async () => ({ token: admin, body: { id: await platformOrder() } })],
  // purchase: 一键采购 and 关联货源 against the mounted 1688 sandbox (the purchase job does not run here).
  '/api/purchase/items': [async () => ({ token: user, body: { id: await sourcedOrder() } })],
  '/api/purchase/skus': [async () => ({ token: user, body: { keyword: '采购测试' } })],
  '/api/purchase/offer': [async () => ({ token: user, body: { offer: '610000000001' } })],
  '/api/purchase/preview': [async () => ({ token: user, body: { id: await sourcedOrder() } })],
  '/api/purchase/start': [
    async () => ({ token: user, body: { ids: [await sourcedOrder(), await sourcedOrder()] } }),
  ],
  '/api/purchase/pay-url': [
    async () => {
      await supplierConnected();
      const sandboxes = t.server.sandboxes;
      if (!sandboxes) throw new Error('no sandboxes');
      const id = await orderIn('purchased');
      await placedUnpaid(db(), sandboxes.alibaba, { accountId: 1, orderId: id, nowS: 1 });
      return { token: user, body: { ids: [id] } };
    },
  ],
  '/api/purchase/link': [
    async () => {
      const skuId = await sourcedSku(db(), {
        accountId: 1,
        shopId: 1,
        outerSkuId: 'AUDIT-LINK',
        source: CUP,
        nowS: 1,
      });
      return { token: user, body: { id: await orderIn('pending'), index: 0, sku_id: skuId } };
    },
    async () => {
      await supplierConnected();
      return {
        token: user,
        body: {
          id: await orderIn('pending'),
          index: 0,
          offer_url: 'https://detail.1688.com/offer/610000000001.html',
          spec_id: `b7f1c0de${'1'.padStart(24, '0')}`,
          quantity: 2,
        },
      };
    },
  ],
  '/api/order/after-sale-receive': [
    async () => ({
      token: user,
      body: { id: await afterSaleIn('return', 'pending'), return_tracking_no: 'SF1234567890123' },
    }),
  ],
  '/api/address/index': [async () => ({ token: user, body: {} })],
  '/api/address/save': [
    async () => ({ token: user, body: address }),
    async () => {
      const saved = await t.client(user).call('/api/address/save', { ...address, name: '待改地址' });
      return { token: user, body: { ...saved, name: '已改地址', is_default: true } };
    },
  ],
  '/api/address/del': [
    async () => ({ token: user, body: { id: (await t.client(user).call('/api/address/save', address)).id } }),
  ],

  '/api/buyer/index': [async () => ({ token: user, body: { ...page, sort: 'spend' } })],
  '/api/buyer/blacklist-index': [async () => ({ token: user, body: page })],
  '/api/buyer/blacklist-save': [
    async () => ({ token: user, body: { order_id: await orderIn('completed'), reason: '恶意退款' } }),
    async () => ({ token: user, body: { mobile: '13700001111', buyer_name: '手填买家', reason: '骚扰' } }),
    async () => {
      const entry = await t
        .client(user)
        .call('/api/buyer/blacklist-save', { mobile: '13700002222', reason: '待改原因' });
      return { token: user, body: { id: entry.id, version: entry.version, reason: '已改原因' } };
    },
  ],
  '/api/buyer/blacklist-del': [
    async () => {
      const entry = await t
        .client(user)
        .call('/api/buyer/blacklist-save', { mobile: '13700003333', reason: '待解除' });
      return { token: user, body: { id: entry.id, version: entry.version } };
    },
  ],

  '/api/shop/index': [async () => ({ token: user, body: page })],
  '/api/shop/group-index': [async () => ({ token: user, body: page })],
  '/api/shop/group-save': [
    async () => ({ token: user, body: { name: '日志分组' } }),
    async () => {
      const group = await newGroup('待改名分组');
      return { token: user, body: { id: group.id, name: '已改名分组', version: group.version } };
    },
  ],
  '/api/shop/group-del': [async () => ({ token: user, body: { id: (await newGroup('待删分组')).id } })],
  '/api/shop/move': [
    async () => {
      const shop = (await t.client(user).call('/api/shop/index', { pageIndex: 1, pageSize: 1, group_id: 0 }))
        .list[0];
      const group = await newGroup('移入分组');
      return { token: user, body: { shop_id: shop?.id, group_id: group.id, version: shop?.version } };
    },
  ],
  '/api/shop/sync': [async () => ({ token: user, body: { id: await syncableShop() } })],

  '/api/shop/platforms': [async () => ({ token: user })],
  '/api/shop/authorise': [async () => ({ token: user, body: { platform: 'pinduoduo' } })],
  '/api/shop/authorise-callback': [
    // The sandboxes mounted by the server, their apps registered at start.
    async () => {
      const { url } = await t.client(user).call('/api/shop/authorise', { platform: 'douyin' });
      const back = await decideOnAuthorisationPage(url, { shopId: '77001' });
      return {
        token: user,
        body: {
          platform: 'douyin',
          state: back.searchParams.get('state'),
          code: back.searchParams.get('code'),
        },
      };
    },
  ],
  '/api/supplier/account': [async () => ({ token: user })],
  '/api/supplier/authorise': [async () => ({ token: user })],
  '/api/supplier/authorise-callback': [
    // The 1688 sandbox mounted by the server, its app registered at start.
    async () => {
      const { url } = await t.client(user).call('/api/supplier/authorise');
      const back = await decideOnAuthorisationPage(url, { shopId: 'b2b-2206600001' });
      return {
        token: user,
        body: { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
      };
    },
  ],
  '/api/shop/toggle': [
    async () => {
      const shop = (await t.client(user).call('/api/shop/index', { pageIndex: 1, pageSize: 1 })).list[0];
      return { token: user, body: { id: shop?.id, disabled: true, version: shop?.version } };
    },
  ],

  '/api/goods/index': [async () => ({ token: user, body: page })],
  '/api/goods/detail': [async () => ({ token: user, body: { id: 1 } })],
  '/api/goods/save': [
    async () => ({
      token: user,
      body: { shop_id: 1, title: '日志商品', price: 100, stock: 1, status: 'draft', images: ['/a.svg'] },
    }),
    async () => {
      const goods = await t.client(user).call('/api/goods/detail', { id: 2 });
      return { token: user, body: { ...goods, price: goods.price + 1 } };
    },
  ],

  '/api/goods/sku-save': [
    async () => {
      const goods = await t.client(user).call('/api/goods/detail', { id: 2 });
      return {
        token: user,
        body: {
          id: goods.id,
          version: goods.version,
          skus: [
            {
              spec: '白色,L',
              price: 2900,
              stock: 3,
              outer_sku_id: 'W-L',
              source: { offer_id: '610000000001', spec_id: 'b7f1c0de0001', quantity: 1, cost: 1850 },
            },
          ],
        },
      };
    },
  ],
  '/api/goods/supplier-offer': [async () => ({ token: user, body: { offer: '610000000001' } })],
  '/api/featured/index': [async () => ({ token: user, body: {} })],
  '/api/company/featured-list': [async () => ({ token: admin, body: {} })],
  '/api/company/featured-save': [async () => ({ token: admin, body: { offer: '610000000099' } })],
  '/api/company/featured-del': [
    async () => {
      await t.server.db.query(
        "INSERT INTO featured_offers (offer_id, created_at) VALUES ('610000000098', 1) ON CONFLICT DO NOTHING",
      );
      return { token: admin, body: { offer_id: '610000000098' } };
    },
  ],

  '/api/goods/publish': [
    async () => {
      const { shopId, goodsId } = await publishTarget();
      return { token: user, body: { goods_ids: [goodsId], shop_ids: [shopId] } };
    },
  ],
  '/api/goods/listings': [async () => ({ token: user, body: page })],
  '/api/goods/republish': [
    async () => {
      const { accountId, shopId, goodsId } = await publishTarget();
      const { id } = await one<{ id: number }>(
        `INSERT INTO goods_listings (account_id, goods_id, shop_id, status, reason, created_at, updated_at)
         VALUES ($1, $2, $3, 'failed', '类目属性「材质」需要填写', 1, 1)
         ON CONFLICT (goods_id, shop_id) DO UPDATE SET status = 'failed' RETURNING id`,
        [accountId, goodsId, shopId],
      );
      return { token: user, body: { id, properties: { 材质: '纯棉' } } };
    },
  ],
  '/api/goods/publish-cats': [
    async () => ({ token: user, body: { shop_id: (await publishTarget()).shopId } }),
  ],
  '/api/goods/publish-options': [
    async () => ({ token: user, body: { shop_id: (await publishTarget()).shopId } }),
  ],
  '/api/copy/index': [async () => ({ token: user, body: page })],
  '/api/copy/create': [
    async () => ({ token: user, body: { shop_id: 1, urls: ['https://item.example.com/9'] } }),
  ],

  '/api/export/create': [async () => ({ token: user, body: { format: 'xlsx', status: 'pending' } })],
  '/api/export/index': [async () => ({ token: user, body: page })],
  '/api/export/download-url': [
    async () => {
      const { id } = await one<{ id: number }>(
        `INSERT INTO export_jobs (account_id, name, format, filters, status, file_name, download_key, created_at,
           updated_at, expires_at)
         VALUES (1, '日志导出', 'csv', '{}', 'succeeded', 'x.csv', 'k', 1, 1, 4000000000) RETURNING id`,
      );
      return { token: user, body: { id } };
    },
  ],

  '/api/log/index': [async () => ({ token: admin, body: page })],

  '/api/team/role-index': [async () => ({ token: admin, body: page })],
  '/api/team/role-save': [
    async () => ({ token: admin, body: { name: '日志角色', permissions: ['order:view'] } }),
    async () => {
      const role = await newRole('待改角色');
      return {
        token: admin,
        body: {
          id: role.id,
          name: role.name,
          permissions: ['order:view', 'log:view'],
          version: role.version,
        },
      };
    },
  ],
  '/api/team/role-del': [async () => ({ token: admin, body: { id: (await newRole('待删角色')).id } })],
  '/api/team/member-index': [async () => ({ token: admin, body: page })],
  '/api/team/member-save': [
    async () => ({
      token: admin,
      body: { mobile: '13712340021', nickname: '日志成员', role_id: (await newRole('成员角色')).id },
    }),
    async () => {
      const member = await newMember('13712340022');
      return {
        token: admin,
        body: { id: member.id, nickname: '改名成员', role_id: member.role_id, version: member.version },
      };
    },
  ],
  '/api/team/member-status': [
    async () => {
      const member = await newMember('13712340023');
      return { token: admin, body: { id: member.id, status: 'disabled', version: member.version } };
    },
  ],
  '/api/team/member-del': [async () => ({ token: admin, body: { id: (await newMember('13712340024')).id } })],

  '/api/notification/index': [async () => ({ token: user, body: page })],
  '/api/notification/unread-count': [async () => ({ token: user, body: {} })],
  '/api/notification/read': [
    async () => {
      const { id } = await notify(db(), {
        accountId: 1,
        kind: 'shop_auth',
        key: 'audit:read',
        title: '店铺授权即将过期',
        body: '演示',
        link: '/shop/setting?shop_id=1',
      });
      return { token: user, body: { id } };
    },
  ],
  '/api/notification/read-all': [async () => ({ token: user, body: {} })],
  '/api/seller/index': [async () => ({ token: admin, body: page })],
  '/api/seller/status': [
    async () => {
      await t.login('13712340025');
      const { account_id } = await one<{ account_id: number }>(
        'SELECT account_id FROM users WHERE mobile = $1',
        ['13712340025'],
      );
      return { token: admin, body: { id: account_id, status: 'disabled' } };
    },
  ],
  // 调整余额
  '/api/seller/balance-adjust': [
    async () => {
      // Another seller's account: operators never adjust the account they belong to (the demo's, 1).
      await t.login('13712340091');
      const { account_id } = await one<{ account_id: number }>(
        'SELECT account_id FROM users WHERE mobile = $1',
        ['13712340091'],
      );
      return { token: admin, body: { id: account_id, amount: 1_000, reason: '审计测试调整' } };
    },
  ],
  // balance (余额, 充值)
  '/api/balance/summary': [async () => ({ token: user, body: {} })],
  '/api/balance/entries': [async () => ({ token: user, body: { ...page, kind: 'topup' } })],
  '/api/balance/topup': [async () => ({ token: user, body: { amount: 10_000 } })],
  '/api/balance/fees': [async () => ({ token: user, body: {} })],
  // 余额预警
  '/api/balance/warning-save': [async () => ({ token: user, body: { warn_below: 5_000 } })],
  '/api/balance/export': [
    async () => ({ token: user, body: { kind: 'adjust', start_date: '2026-01-01', format: 'csv' } }),
  ],
  '/api/balance/fees-save': [
    async () => ({ token: admin, body: { default_fee: 0, platforms: [{ platform: 'pinduoduo', fee: 0 }] } }),
  ],
  '/api/balance/topup-status': [
    async () => {
      const { out_trade_no } = await t.client(user).call('/api/balance/topup', { amount: 200 });
      return { token: user, body: { out_trade_no } };
    },
  ],
  // reconcile: 充值异常 (a flagged top-up and a refused notification, marked handled)
  '/api/reconcile/topups': [async () => ({ token: admin, body: { ...page, state: 'open' } })],
  '/api/reconcile/notices': [async () => ({ token: admin, body: page })],
  '/api/reconcile/resolve': [
    async () => {
      const { id } = await one<{ id: number }>(
        `INSERT INTO topups (account_id, out_trade_no, amount, status, flag_reason, created_at, settled_at)
         VALUES (1, 'T2026112600000000077777', 500, 'flagged', '金额不符', 1, 1) RETURNING id`,
      );
      return { token: admin, body: { kind: 'topup', id } };
    },
    async () => {
      const { id } = await one<{ id: number }>(
        `INSERT INTO payment_notices (out_trade_no, problem, trade_status, total_amount, created_at, last_seen_at)
         VALUES ('T2026112600000000088888', '签名验证失败', 'TRADE_SUCCESS', '1.00', 1, 1) RETURNING id`,
      );
      return { token: admin, body: { kind: 'notice', id } };
    },
  ],
};

beforeAll(async () => {
  // No background job changes data between the before and after of a case (the writebacks queued by
  // 重新回传 stay queued).
  pddServed = await serveSandbox(pdd);
  pddConnector = new PddConnector({
    app: PDD_SANDBOX_APP,
    endpoints: PddSandbox.endpoints(pddServed.url),
    now: clock.now,
  });
  t = await startTestServer({
    clock,
    dataDir: 'memory://',
    copyWorker: false,
    exportWorker: false,
    writebackJobs: false,
    publishJobs: false,
    platformConnector: async (platform) => (platform === 'pinduoduo' ? pddConnector : null),
    // The shop authorisation cases go through the mounted sandboxes and the apps registered for them.
    platformSandbox: { demoEveryMs: false },
    alipay: 'sandbox',
    authExpirySweep: false,
    shopSync: false,
    purchaseJobs: false,
  });
  adminToken = await t.login(ADMIN);
  userToken = await t.login(USER);
  secondToken = await t.login(SECOND);
}, 180_000);

afterAll(async () => {
  await t?.stop();
  await pddServed?.close();
});

describe('the operation log, for every path of the contract', () => {
  it('has a successful call for every path', () => {
    const missing = Object.keys(apiRoutes).filter((path) => !CASES[path as ApiPath]?.length);
    expect(missing, 'paths of apiRoutes without a case in audit.test.ts').toEqual([]);
  });

  it.each(Object.keys(apiRoutes) as ApiPath[])('%s', async (path) => {
    const contract: RouteContract = apiRoutes[path];
    for (const prepare of CASES[path] ?? []) {
      const call = await prepare();
      const since = await lastLogId();
      const before = contract.audit ? '' : await dataSnapshot();
      const query = call.query
        ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)]))}`
        : '';
      const res = await t.post(`${path}${query}`, call.body ?? {}, { token: call.token?.() });
      const answer = await envelope(res);
      expect({ status: res.status, errorCode: answer.errorCode }, `${path}: ${answer.msg}`).toEqual({
        status: 200,
        errorCode: 0,
      });
      const entries = await logSince(since);
      if (contract.audit && PER_ORDER.has(path)) {
        // One entry per order that changed, each naming its order, written in that order's transaction.
        const { results } = answer.data as {
          results: { ok?: boolean; outcome?: string; order_no: string }[];
        };
        const changed = results.filter((r) => r.ok ?? r.outcome !== 'failed').map((r) => r.order_no);
        expect(changed.length, `${path}: every order of the case changes`).toBe(results.length);
        expect(entries.map((e) => [e.target_type, e.target_name])).toEqual(
          changed.map((no) => ['order', no]),
        );
      } else if (contract.audit) {
        expect(entries.length, `${path} must log exactly one entry`).toBe(1);
      }
      if (contract.audit) {
        for (const entry of entries) {
          expect(entry).toMatchObject({ action: auditAction(path), action_label: contract.audit });
          expect(entry.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
          expect(entry.user_id).not.toBeNull();
          expect(entry.actor_mobile).toMatch(/^1\d{10}$/);
          if (contract.access === 'operator') expect(entry.account_id).toBeNull();
          else expect(entry.account_id).not.toBeNull();
          // 操作日志 reads in Chinese: every target and field the server logs has its label.
          expect(
            LOG_TARGET_LABELS[entry.target_type],
            `${path}: label of target ${entry.target_type}`,
          ).toBeTruthy();
          const unlabelled = entry.changes.map((c) => c.field).filter((f) => !logField(entry.target_type, f));
          expect(unlabelled, `${path}: fields without a label in contract/log-labels.ts`).toEqual([]);
        }
      } else {
        expect(entries, `${path} has no audit label and must not log`).toEqual([]);
        expect(await dataSnapshot(), `${path} changed data without an audit label in the contract`).toBe(
          before,
        );
      }
    }
  });
});

describe('what an entry holds', () => {
  it('records only the changed fields, before and after, of a goods edit', async () => {
    const api = t.client(user);
    const goods = await api.call('/api/goods/detail', { id: 3 });
    const since = await lastLogId();
    await api.call('/api/goods/save', { ...goods, title: '新标题', stock: goods.stock + 5 });
    const [entry] = await logSince(since);
    const member = await one<{ id: number; account_id: number }>(
      'SELECT id, account_id FROM users WHERE mobile = $1',
      [USER],
    );
    expect(entry).toMatchObject({
      user_id: member.id,
      account_id: member.account_id,
      actor_mobile: USER,
      action: 'goods.save',
      action_label: '保存商品',
      target_type: 'goods',
      target_id: 3,
      target_name: '新标题',
    });
    expect(entry?.changes).toEqual([
      { field: 'title', before: goods.title, after: '新标题' },
      { field: 'stock', before: goods.stock, after: goods.stock + 5 },
    ]);
  });

  it('masks app secrets, and a sign-in holds no code', async () => {
    const since = await lastLogId();
    await t.client(admin).call('/api/company/platform-auth-save', {
      platform_id: 1,
      shop_name: '密钥店',
      app_key: 'key-visible',
      app_secret: 'very-secret-value',
    });
    const loginCode = await code(SECOND);
    await t.client().call('/api/default/login', { mobile: SECOND, code: loginCode });
    const entries = await logSince(since);
    expect(entries.map((e) => e.action)).toEqual(['company.platform-auth-save', 'default.login']);
    expect(entries[0]?.changes).toContainEqual({ field: 'app_secret', before: null, after: '******' });
    expect(entries[0]?.changes).toContainEqual({ field: 'app_key', before: null, after: 'key-visible' });
    const all = JSON.stringify(await db().query('SELECT * FROM operation_log'));
    expect(all).not.toContain('very-secret-value');
    expect(all).not.toContain('create-secret-1');
    expect(all).not.toContain('update-secret-2');
    expect(JSON.stringify(entries[1])).not.toContain(loginCode);
    expect(entries[1]).toMatchObject({ target_type: 'user', actor_mobile: SECOND, changes: [] });
  });

  it('takes the IP from X-Forwarded-For only with TRUST_PROXY', async () => {
    const proxied = await startTestServer({ trustProxy: true, copyWorker: false });
    try {
      const proxiedToken = await proxied.login(USER);
      for (const [server, token, expected] of [
        [proxied, proxiedToken, '203.0.113.7'],
        [t, userToken, '127.0.0.1'],
      ] as const) {
        const goods = await server.client(() => token).call('/api/goods/detail', { id: 7 });
        const [{ id: since } = { id: 0 }] = await server.server.db.query<{ id: number }>(
          'SELECT COALESCE(max(id), 0) AS id FROM operation_log',
        );
        const res = await server.post(
          '/api/goods/save',
          { ...goods, stock: goods.stock + 1 },
          { token, headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } },
        );
        expect(res.status).toBe(200);
        const [entry] = await server.server.db.query<{ ip: string }>(
          'SELECT ip FROM operation_log WHERE id > $1',
          [since],
        );
        expect(entry?.ip).toBe(expected);
      }
    } finally {
      await proxied.stop();
    }
  }, 120_000);

  it('logs nothing for a refused or failed write', async () => {
    const since = await lastLogId();
    const api = t.client(user);
    await expect(
      api.call(
        '/api/goods/save',
        { ...(await api.call('/api/goods/detail', { id: 4 })), version: 999 },
        { skipErrorHandler: true },
      ),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      api.call('/api/shop/group-del', { id: 999_999 }, { skipErrorHandler: true }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      api.call('/api/shop/group-save', { name: '' }, { skipErrorHandler: true }),
    ).rejects.toMatchObject({
      status: 422,
    });
    expect(await logSince(since)).toEqual([]);
  });
});

describe('a change and its entry commit together', () => {
  /** Makes the database refuse (raise on) the log entries whose target is named in `names`. */
  async function refuseEntriesFor(names: string[]) {
    await db().exec(`
      CREATE TABLE refused_log_targets (name text PRIMARY KEY);
      CREATE FUNCTION refuse_log_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM refused_log_targets WHERE name = NEW.target_name) THEN
          RAISE EXCEPTION 'log entry refused by the test';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_log_entry BEFORE INSERT ON operation_log
        FOR EACH ROW EXECUTE FUNCTION refuse_log_entry();`);
    for (const name of names) await db().query('INSERT INTO refused_log_targets (name) VALUES ($1)', [name]);
    return () =>
      db().exec(`
        DROP TRIGGER refuse_log_entry ON operation_log;
        DROP FUNCTION refuse_log_entry();
        DROP TABLE refused_log_targets;`);
  }

  it('a write whose entry cannot be written is rolled back (500, nothing changed)', async () => {
    const goods = await t.client(user).call('/api/goods/detail', { id: 8 });
    const restore = await refuseEntriesFor(['日志写不进去']);
    try {
      const since = await lastLogId();
      const res = await t.post('/api/goods/save', { ...goods, title: '日志写不进去' }, { token: userToken });
      expect(res.status).toBe(500);
      expect(await logSince(since)).toEqual([]);
      expect(await t.client(user).call('/api/goods/detail', { id: 8 })).toEqual(goods);
    } finally {
      await restore();
    }
  });

  it('a batch commits order by order: the order whose entry fails is rolled back, the one before stays with its entry', async () => {
    const first = await orderIn('pending');
    const second = await orderIn('pending');
    const numbers = await db().query<{ id: number; order_no: string }>(
      'SELECT id, order_no FROM orders WHERE id = ANY($1::int[]) ORDER BY id',
      [[first, second]],
    );
    const secondNo = numbers.find((o) => o.id === second)?.order_no ?? '';
    const restore = await refuseEntriesFor([secondNo]);
    try {
      const since = await lastLogId();
      const res = await t.post(
        '/api/order/batch-cancel',
        { ids: [first, second], reason: '缺货' },
        { token: userToken },
      );
      expect(res.status).toBe(500);
      const status = await db().query<{ id: number; status: string }>(
        'SELECT id, status FROM orders WHERE id = ANY($1::int[]) ORDER BY id',
        [[first, second]],
      );
      expect(status).toEqual([
        { id: first, status: 'cancelled' },
        { id: second, status: 'pending' },
      ]);
      const entries = await logSince(since);
      expect(entries.map((e) => [e.action, e.target_id])).toEqual([['order.batch-cancel', first]]);
    } finally {
      await restore();
    }
  });
});

describe('who reads the log', () => {
  it('an owner sees their account only; an operator also the platform changes; a member with log:view their account', async () => {
    const demo = await one<{ account_id: number }>('SELECT account_id FROM users WHERE mobile = $1', [ADMIN]);
    const second = await one<{ account_id: number }>('SELECT account_id FROM users WHERE mobile = $1', [
      SECOND,
    ]);

    const operatorView = await t.client(admin).call('/api/log/index', { pageIndex: 1, pageSize: 100 });
    const accounts = new Set(operatorView.list.map((e) => e.account_id));
    expect(accounts.has(demo.account_id)).toBe(true);
    expect(accounts.has(null)).toBe(true);
    expect(accounts.has(second.account_id)).toBe(false);

    const secondView = await t
      .client(() => secondToken)
      .call('/api/log/index', { pageIndex: 1, pageSize: 100 });
    expect(secondView.total).toBeGreaterThan(0);
    expect(secondView.list.every((e) => e.account_id === second.account_id)).toBe(true);
    expect(JSON.stringify(secondView)).not.toContain(USER);

    // The seeded member's role 运营 holds log:view (a role without it gets 403: permissions.test.ts).
    const memberView = await t.client(user).call('/api/log/index', { pageIndex: 1, pageSize: 100 });
    expect(memberView.total).toBeGreaterThan(0);
    expect(memberView.list.every((e) => e.account_id === demo.account_id)).toBe(true);
  });

  it('filters by member, action and date', async () => {
    const api = t.client(admin);
    const byMember = await api.call('/api/log/index', { pageIndex: 1, pageSize: 100, actor: USER });
    expect(byMember.total).toBeGreaterThan(0);
    expect(byMember.list.every((e) => e.actor_mobile === USER)).toBe(true);
    const byAction = await api.call('/api/log/index', { pageIndex: 1, pageSize: 100, action: 'goods.save' });
    expect(byAction.total).toBeGreaterThan(0);
    expect(byAction.list.every((e) => e.action === 'goods.save')).toBe(true);
    // Days are Asia/Shanghai days. The suite may run across midnight there (16:00 UTC), so the days
    // come from the newest entry rather than from the clock: that day and the days before it
    // partition the log, and nothing is after it.
    const shanghaiDay = (unixSeconds: number, days = 0) =>
      new Date((unixSeconds + 8 * 3600 + days * 86_400) * 1000).toISOString().slice(0, 10);
    const all = await api.call('/api/log/index', { pageIndex: 1, pageSize: 1 });
    const newest = all.list[0];
    if (!newest) throw new Error('the log is empty');
    const day = shanghaiDay(newest.created_at);
    const onDay = await api.call('/api/log/index', {
      pageIndex: 1,
      pageSize: 1,
      start_date: day,
      end_date: day,
    });
    expect(onDay.list[0]?.id).toBe(newest.id);
    const before = shanghaiDay(newest.created_at, -1);
    const upToBefore = await api.call('/api/log/index', { pageIndex: 1, pageSize: 1, end_date: before });
    expect(onDay.total + upToBefore.total).toBe(all.total);
    const after = shanghaiDay(newest.created_at, 1);
    expect((await api.call('/api/log/index', { pageIndex: 1, pageSize: 1, start_date: after })).total).toBe(
      0,
    );
  });
});

describe('no silent overwrite', () => {
  it('ten concurrent company updates with one version: one 200, nine 409, one change logged', async () => {
    const profile = await t.client(admin).call('/api/company/index');
    const since = await lastLogId();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.post('/api/company/update', { ...profile, short_name: `并发${i}` }, { token: adminToken }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const refused = await Promise.all(answers.filter((res) => res.status === 409).map(envelope));
    expect(new Set(refused.map((a) => a.msg))).toEqual(new Set([STALE_RECORD_MESSAGE]));
    const saved = await t.client(admin).call('/api/company/index');
    expect(saved.version).toBe(profile.version + 1);
    expect(await logSince(since)).toHaveLength(1);
  });

  it('a stale save of each editable record changes nothing and answers 409', async () => {
    const adminApi = t.client(admin);
    const userApi = t.client(user);
    const banner = await adminApi.call('/api/company/ad-save', {
      name: '两处编辑',
      ad_login_image_url: '/a.svg',
    });
    const platform = await adminApi.call('/api/company/platform-save', {
      name: '两处',
      code: 'twotabs',
      enabled: true,
    });
    const auth = await adminApi.call('/api/company/platform-auth-save', {
      platform_id: 1,
      shop_name: '两处',
      app_key: 'x',
    });
    const group = await userApi.call('/api/shop/group-save', { name: '两处编辑分组' });
    const shop = (await userApi.call('/api/shop/index', { pageIndex: 1, pageSize: 1 })).list[0];
    const goods = await userApi.call('/api/goods/detail', { id: 5 });
    const settings = await userApi.call('/api/setting/index');
    const role = await newRole('两处编辑角色');
    const member = await newMember('13712340026');
    if (!shop) throw new Error('no shop');

    // The first tab saves ...
    await adminApi.call('/api/company/ad-save', { ...banner, name: '第一处' });
    await adminApi.call('/api/company/platform-save', { ...platform, name: '第一处' });
    await adminApi.call('/api/company/platform-auth-save', { ...auth, shop_name: '第一处' });
    await userApi.call('/api/shop/group-save', { id: group.id, name: '第一处分组', version: group.version });
    await userApi.call('/api/shop/move', { shop_id: shop.id, group_id: group.id, version: shop.version });
    await userApi.call('/api/goods/save', { ...goods, title: '第一处' });
    await userApi.call('/api/setting/update', { default_markup_percent: 11, version: settings.version });
    await adminApi.call('/api/team/role-save', { ...role, name: '第一处角色' });
    const { id, role_id, version } = member;
    await adminApi.call('/api/team/member-save', { id, nickname: '第一处', role_id: role_id ?? 0, version });

    // ... then the second, from what it read before: every save is refused and changes nothing.
    const before = await dataSnapshot();
    const skip = { skipErrorHandler: true };
    const stale = [
      adminApi.call('/api/company/ad-save', { ...banner, name: '第二处' }, { ...skip, query: undefined }),
      adminApi.call(
        '/api/company/platform-save',
        { ...platform, name: '第二处' },
        { ...skip, query: undefined },
      ),
      adminApi.call(
        '/api/company/platform-auth-save',
        { ...auth, shop_name: '第二处' },
        { ...skip, query: undefined },
      ),
      userApi.call(
        '/api/shop/group-save',
        { id: group.id, name: '第二处分组', version: group.version },
        skip,
      ),
      userApi.call('/api/shop/move', { shop_id: shop.id, group_id: null, version: shop.version }, skip),
      userApi.call('/api/goods/save', { ...goods, title: '第二处' }, skip),
      userApi.call('/api/setting/update', { default_markup_percent: 22, version: settings.version }, skip),
      adminApi.call('/api/team/role-save', { ...role, name: '第二处角色' }, skip),
      adminApi.call(
        '/api/team/member-save',
        { id, nickname: '第二处', role_id: role_id ?? 0, version },
        skip,
      ),
      adminApi.call('/api/team/member-status', { id, status: 'disabled', version }, skip),
    ];
    // Settled together: awaiting them one by one would leave the later rejections unhandled meanwhile.
    for (const outcome of await Promise.allSettled(stale)) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toMatchObject({ status: 409, data: { msg: STALE_RECORD_MESSAGE } });
      }
    }
    expect(await dataSnapshot()).toBe(before);
  });

  it('an update without a version is refused (422)', async () => {
    const goods = await t.client(user).call('/api/goods/detail', { id: 6 });
    const { version: _version, ...withoutVersion } = goods;
    const res = await t.post('/api/goods/save', withoutVersion, { token: userToken });
    expect(res.status).toBe(422);
  });
});
