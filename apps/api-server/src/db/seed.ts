import {
  AFTER_SALE_STATUSES,
  AFTER_SALE_TYPES,
  type GoodsStatus,
  ORDER_STATUSES,
  PERMISSIONS,
  PLATFORMS,
  shanghaiDateTime,
} from '@consign/api-client';
import { SALES_PLATFORM_ROWS } from './baseline';
import type { Db, Queryable } from './db';
import { SCHEMA_LOCK } from './migrate';
import { createSettings } from './setting';

/**
 * The demo data set. Deterministic: the same PRNG seed gives the same rows, so tests can rely on the
 * counts below; only the timestamps move with the moment of seeding (they are spread over the six
 * months before it). Seeding runs once, when the database has no users.
 *
 * Accounts (docs/design.md#seller-accounts-permissions-and-the-operation-log): one demo seller account holds every business row; 13800000000
 * (管理员, also an operator) owns it and 13900000000 is a member of it, with the role 运营 (every
 * permission but team:manage). Company config, banners,
 * platforms and platform authorisations are platform-wide.
 */
export const SEED_COUNTS = {
  users: 2,
  shopGroups: 5,
  shops: 36,
  /** Shops that are in no group. */
  ungroupedShops: 6,
  goods: 300,
  orders: 480,
  afterSales: 160,
  copyRecords: 120,
  /** Entries of 黑名单 (`SEED_BLACKLIST`). */
  blacklist: 1,
  banners: 3,
  platforms: 5,
} as const;

/** The demo seller account (the first account, id 1 in a fresh database). */
export const SEED_SELLER_ACCOUNT = { name: '云仓演示店' } as const;

export const SEED_ACCOUNTS = {
  admin: { mobile: '13800000000', nickname: '管理员', is_manage: true },
  user: { mobile: '13900000000', nickname: '', is_manage: false },
} as const;

/** The role of the seeded member 13900000000: every permission except `team:manage`. */
export const SEED_ROLE = {
  name: '运营',
  permissions: PERMISSIONS.filter((permission) => permission !== 'team:manage'),
} as const;

export const SEED_COMPANY = {
  name: '杭州云仓供应链科技有限公司',
  short_name: 'Consign',
  en_name: 'Consign Supply Chain',
  logo_url: '/static/logo.svg',
  foot_copyright: 'Copyright © 2026 杭州云仓供应链科技有限公司 版权所有',
  foot_info: '浙ICP备2026012345号-1 | 增值电信业务经营许可证：浙B2-20260001',
} as const;

export const SEED_SETTINGS = {
  auto_purchase: false,
  default_markup_percent: 30,
  purchase_account: '',
  notify_mobile: '',
  sync_interval_minutes: 5,
  auto_sync_logistics: true,
  price_rounding: 'none',
  purchase_price_rise_percent: 10,
  // The demo pays its 1688 orders (the sandbox's 代扣 protocol is open): its supplier ships only paid ones.
  auto_pay: true,
  unpaid_alert_hours: 2,
  monitor_price: 'follow',
  monitor_stock: true,
  monitor_stock_cap: 999,
  monitor_stock_margin: 0,
  monitor_off_sale: 'delist',
  doudian_service_phone: '',
} as const;

/** mulberry32: a tiny, fast, deterministic PRNG (good enough for demo data, not for secrets). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400;

const GROUPS = ['华东仓配', '华南直营', '抖音矩阵', '拼多多店群', '新店孵化'];
const SHOP_PREFIX = [
  '优选',
  '良品',
  '好物',
  '星辰',
  '悦享',
  '鲜生活',
  '潮玩',
  '木子',
  '小米粒',
  '南山',
  '青禾',
  '喵趣',
];
const SHOP_SUFFIX = ['旗舰店', '专营店', '小铺', '生活馆', '百货', '严选'];
const GOODS_PREFIX = [
  '2026新款',
  '爆款',
  '加厚',
  '轻薄',
  'ins风',
  '北欧风',
  '日式',
  '网红同款',
  '经典款',
  '升级版',
];
const GOODS_NOUN = [
  '纯棉短袖T恤',
  '316不锈钢保温杯',
  '降噪蓝牙耳机',
  '抽屉式收纳盒',
  '防摔手机壳',
  '儿童吸管水杯',
  '防滑瑜伽垫',
  '麦饭石不粘锅',
  '全棉床上四件套',
  '声波电动牙刷',
  '冰丝凉席三件套',
  '折叠晾衣架',
  '真空压缩袋',
  '宠物猫抓板',
  '车载手机支架',
];
const GOODS_SUFFIX = ['男女同款', '大容量', '家用', '学生党', '送礼', '包邮', '加大码', '现货速发'];
const SKUS = ['白色 / M', '黑色 / L', '灰色 / XL', '默认规格', '粉色 / 均码', '蓝色 / 500ml', '套装 / 2件'];
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
];
const PLACES = [
  '浙江省杭州市西湖区文三路',
  '江苏省苏州市工业园区星湖街',
  '广东省深圳市南山区科技园路',
  '上海市浦东新区张江路',
  '北京市朝阳区建国路',
  '四川省成都市武侯区天府大道',
  '湖北省武汉市洪山区珞喻路',
  '福建省厦门市思明区湖滨南路',
];
const AFTER_SALE_REASONS = [
  '七天无理由退货',
  '尺码不合适',
  '商品有破损',
  '发错货',
  '质量问题',
  '未按约定时间发货',
];
/** Goods states, weighted: three in five on sale. */
const GOODS_STATUS_DRAW: readonly GoodsStatus[] = ['on_sale', 'on_sale', 'on_sale', 'off_sale', 'draft'];
const SOURCE_HOSTS = [
  'https://detail.1688.com/offer/',
  'https://item.taobao.com/item.htm?id=',
  'https://mobile.yangkeduo.com/goods.html?goods_id=',
];
const COPY_ERRORS = ['源商品已下架', '商品详情解析失败', '图片下载超时', '类目不支持'];

/** Inserts rows in batches with one parameterised multi-row INSERT per batch. */
async function insertMany(tx: Queryable, table: string, columns: readonly string[], rows: unknown[][]) {
  const batch = Math.max(1, Math.floor(4000 / columns.length));
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function ymd(unix: number): string {
  return shanghaiDateTime(unix).slice(0, 10).replaceAll('-', '');
}

/** Seeds an empty database; does nothing when users exist. Returns whether it seeded. */
export async function seed(db: Db, nowMs: number = Date.now()): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (row && row.n > 0) return false;
  const seeded = await db.transaction(async (tx) => {
    // Instances starting together on one Postgres: the first seeds, the others find users and stop.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const [again] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (again && again.n > 0) return false;
    await seedRows(tx, nowMs);
    return true;
  });
  // Fresh statistics and visibility map (PGlite has no autovacuum): the list queries measured 3.5x
  // faster after this than on freshly inserted rows.
  if (seeded) await db.exec('VACUUM ANALYZE');
  return seeded;
}

async function seedRows(tx: Queryable, nowMs: number): Promise<void> {
  const now = Math.floor(nowMs / 1000);
  const rand = prng(20261122);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const past = (days: number) => now - int(60, days * DAY);

  {
    const [account] = await tx.query<{ id: number }>(
      `INSERT INTO seller_accounts (name, status, created_at) VALUES ($1, 'active', $2) RETURNING id`,
      [SEED_SELLER_ACCOUNT.name, now - 200 * DAY],
    );
    if (!account) throw new Error('account insert returned no row');
    const demo = account.id;
    /** The demo account's rows: every business row gets its `account_id`. */
    const owned = (rows: unknown[][]) => rows.map((row) => [...row, demo]);
    await insertMany(
      tx,
      'users',
      ['mobile', 'nickname', 'avatar_image', 'is_manage', 'created_at', 'account_role', 'account_id'],
      owned([
        [SEED_ACCOUNTS.admin.mobile, SEED_ACCOUNTS.admin.nickname, '', true, now - 200 * DAY, 'owner'],
        [SEED_ACCOUNTS.user.mobile, SEED_ACCOUNTS.user.nickname, '', false, now - 120 * DAY, 'member'],
      ]),
    );
    await tx.query(
      'UPDATE seller_accounts SET owner_user_id = (SELECT id FROM users WHERE mobile = $1) WHERE id = $2',
      [SEED_ACCOUNTS.admin.mobile, demo],
    );
    // The member's role 运营: every permission but managing the team (docs/design.md#reference-backend).
    const [role] = await tx.query<{ id: number }>(
      'INSERT INTO roles (account_id, name, permissions, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [demo, SEED_ROLE.name, SEED_ROLE.permissions, now - 120 * DAY],
    );
    await tx.query('UPDATE users SET role_id = $1 WHERE mobile = $2', [role?.id, SEED_ACCOUNTS.user.mobile]);
    const c = SEED_COMPANY;
    await tx.query(
      `INSERT INTO company (id, name, short_name, en_name, logo_url, foot_copyright, foot_info)
       VALUES (1, $1, $2, $3, $4, $5, $6)`,
      [c.name, c.short_name, c.en_name, c.logo_url, c.foot_copyright, c.foot_info],
    );
    await createSettings(tx, demo, SEED_SETTINGS);
    await insertMany(
      tx,
      'banners',
      ['name', 'ad_url', 'ad_login_image_url', 'begin_time', 'end_time', 'created_at'],
      [
        ['一件代发，全网货源一键上架', '/dashboard/guide', '/static/banners/1.svg', null, null, now],
        ['双十一备货季（已结束）', '', '/static/banners/2.svg', now - 60 * DAY, now - 30 * DAY, now],
        ['年货节招商预告（未开始）', '', '/static/banners/3.svg', now + 30 * DAY, now + 60 * DAY, now],
      ],
    );
    await insertMany(tx, 'platforms', ['name', 'code', 'enabled'], SALES_PLATFORM_ROWS);
    await insertMany(
      tx,
      'platform_auths',
      ['platform_id', 'shop_name', 'app_key', 'app_secret', 'expires_at', 'status'],
      [
        [1, '优选旗舰店', 'tb_app_10086', '', now + 90 * DAY, 'active'],
        [1, '良品生活馆', 'tb_app_10087', '', now - 5 * DAY, 'expired'],
        [2, '好物百货', 'pdd_app_2001', '', null, 'active'],
      ],
    );

    await insertMany(
      tx,
      'shop_groups',
      ['name', 'created_at', 'account_id'],
      owned(GROUPS.map((name, i) => [name, now - (180 - i * 10) * DAY])),
    );
    const shops: { id: number; platform: string }[] = [];
    const shopRows: unknown[][] = [];
    for (let i = 0; i < SEED_COUNTS.shops; i++) {
      const platform = PLATFORMS[i % PLATFORMS.length] ?? 'taobao';
      const groupId = i < SEED_COUNTS.shops - SEED_COUNTS.ungroupedShops ? (i % GROUPS.length) + 1 : null;
      const auth = i % 7 === 3 ? 'expired' : i % 11 === 5 ? 'unauthorized' : 'authorized';
      const authorisedDays = auth === 'authorized' ? int(10, 300) : 0;
      // The first shop's authorisation runs out in 5 days, so the demo's bell has a warning to show
      // (the others' draw is unchanged).
      const authExpires =
        auth === 'unauthorized'
          ? null
          : auth === 'expired'
            ? past(30)
            : now + (i === 0 ? 5 : authorisedDays) * DAY;
      const name = `${SHOP_PREFIX[i % SHOP_PREFIX.length]}${SHOP_SUFFIX[Math.floor(i / SHOP_PREFIX.length) % SHOP_SUFFIX.length]}`;
      shopRows.push([name, platform, groupId, auth, authExpires, past(180)]);
      shops.push({ id: i + 1, platform });
    }
    await insertMany(
      tx,
      'shops',
      ['name', 'platform', 'group_id', 'auth_status', 'auth_expires_at', 'created_at', 'account_id'],
      owned(shopRows),
    );

    const title = () => `${pick(GOODS_PREFIX)} ${pick(GOODS_NOUN)} ${pick(GOODS_SUFFIX)}`;
    const goodsRows: unknown[][] = [];
    for (let i = 0; i < SEED_COUNTS.goods; i++) {
      const images = Array.from({ length: int(1, 4) }, () => `/static/goods/${int(1, 12)}.svg`);
      const source = rand() < 0.7 ? `${pick(SOURCE_HOSTS)}${int(100000000, 999999999)}` : '';
      goodsRows.push([
        int(1, SEED_COUNTS.shops),
        title(),
        int(9, 899) * 100 + pick([0, 0, 90, 50, 99]),
        int(0, 5000),
        pick(GOODS_STATUS_DRAW),
        JSON.stringify(images),
        source,
        past(180),
      ]);
    }
    await insertMany(
      tx,
      'goods',
      ['shop_id', 'title', 'price', 'stock', 'status', 'images', 'source_url', 'updated_at', 'account_id'],
      owned(goodsRows),
    );

    const orderRows: unknown[][] = [];
    const orderGoods: { goods: string; amount: number; created: number }[] = [];
    for (let i = 0; i < SEED_COUNTS.orders; i++) {
      const created = past(180);
      const lines = Array.from({ length: int(1, 3) }, () => ({
        title: title(),
        image: `/static/goods/${int(1, 12)}.svg`,
        quantity: int(1, 5),
        sku: pick(SKUS),
      }));
      const amount = lines.reduce(
        (sum, line) => sum + line.quantity * (int(9, 399) * 100 + pick([0, 90, 50])),
        0,
      );
      const goods = JSON.stringify(lines);
      orderGoods.push({ goods, amount, created });
      const buyer = `${pick(SURNAMES)}${pick(GIVEN)}`;
      orderRows.push([
        `DD${ymd(created)}${pad(i + 1, 4)}${pad(int(0, 9999), 4)}`,
        int(1, SEED_COUNTS.shops),
        goods,
        lines.map((line) => line.title).join('\n'),
        amount,
        pick(ORDER_STATUSES),
        buyer,
        rand() < 0.8 ? buyer : `${pick(SURNAMES)}${pick(GIVEN)}`,
        `1${int(3, 9)}${pad(int(0, 999999999), 9)}`,
        `${pick(PLACES)}${int(1, 999)}号${int(1, 30)}幢${int(101, 2302)}室`,
        created,
      ]);
    }
    await insertMany(
      tx,
      'orders',
      [
        'order_no',
        'shop_id',
        'goods',
        'goods_titles',
        'amount',
        'status',
        'buyer_name',
        'receiver_name',
        'receiver_mobile',
        'receiver_address',
        'created_at',
        'account_id',
      ],
      owned(orderRows),
    );

    const afterRows: unknown[][] = [];
    for (let i = 0; i < SEED_COUNTS.afterSales; i++) {
      const orderId = 1 + ((i * 3 + int(0, 2)) % SEED_COUNTS.orders);
      const order = orderGoods[orderId - 1];
      const ordered = order?.created ?? now - DAY;
      let created = ordered + int(1, 15) * DAY;
      if (created > now - 60) created = ordered + int(60, Math.max(61, now - 60 - ordered));
      afterRows.push([
        orderId,
        Math.max(100, Math.floor((order?.amount ?? 10000) * (rand() < 0.6 ? 1 : rand()))),
        pick(AFTER_SALE_TYPES),
        pick(AFTER_SALE_STATUSES),
        pick(AFTER_SALE_REASONS),
        created,
      ]);
    }
    await insertMany(
      tx,
      'after_sales',
      ['order_id', 'refund_amount', 'type', 'status', 'reason', 'created_at', 'account_id'],
      owned(afterRows),
    );

    const copyRows: unknown[][] = [];
    for (let i = 0; i < SEED_COUNTS.copyRecords; i++) {
      const created = past(120);
      const failed = rand() < 0.15;
      copyRows.push([
        `${pick(SOURCE_HOSTS)}${int(100000000, 999999999)}`,
        int(1, SEED_COUNTS.shops),
        failed ? 'failed' : 'succeeded',
        failed ? int(10, 90) : 100,
        failed ? null : int(1, SEED_COUNTS.goods),
        failed ? pick(COPY_ERRORS) : null,
        created,
        created + int(2, 30),
      ]);
    }
    await insertMany(
      tx,
      'copy_records',
      [
        'source_url',
        'shop_id',
        'status',
        'progress',
        'goods_id',
        'error',
        'created_at',
        'updated_at',
        'account_id',
      ],
      owned(copyRows),
    );
    await seedFulfilment(tx, demo, now);
    await seedBuyers(tx, demo, now);
  }
}

/** The demo account's sender and return addresses (发货地址); the first of each kind is its default. */
export const SEED_ADDRESSES = [
  {
    kind: 'sender',
    name: '云仓发货组',
    mobile: '13800000000',
    region: '浙江省 杭州市 余杭区',
    address: '仓前街道良睦路 1399 号 3 号仓',
    is_default: true,
  },
  {
    kind: 'sender',
    name: '义乌分仓',
    mobile: '13800000001',
    region: '浙江省 金华市 义乌市',
    address: '福田街道国际商贸城五区 88 号',
    is_default: false,
  },
  {
    kind: 'return',
    name: '云仓售后组',
    mobile: '13800000002',
    region: '浙江省 杭州市 余杭区',
    address: '仓前街道良睦路 1399 号 退货处',
    is_default: true,
  },
] as const;

const SUPPLIERS = ['1688 义乌好货源', '1688 广州服饰工厂', '拼多多批发', '淘宝分销中心'];
const CANCEL_REASONS = ['买家申请取消', '供应商缺货', '地址无法送达', '重复下单'];
const REJECT_REASONS = ['商品已签收超过 7 天', '退回商品影响二次销售', '未收到退回商品'];
/** A tracking number in each carrier's format (the contract's carriers.ts `CARRIERS`). */
const SEED_TRACKING: readonly [string, (n: number) => string][] = [
  ['SF', (n) => `SF${pad(n, 13)}`],
  ['ZTO', (n) => `78${pad(n, 12)}`],
  ['YTO', (n) => `YT${pad(n, 13)}`],
  ['YUNDA', (n) => `43${pad(n, 11)}`],
  ['STO', (n) => `77${pad(n, 11)}`],
  ['JT', (n) => `JT${pad(n, 13)}`],
  ['EMS', (n) => `98${pad(n, 11)}`],
  ['JD', (n) => `JDVA${pad(n, 11)}`],
];

/**
 * The fulfilment details that fit each seeded order's state: purchases (supplier, its order
 * number, the cost), shipments (carrier, tracking number, the default sender), cancellations with a
 * reason, and the timeline of each, spread between the order's creation and now; the addresses; and
 * the reasons and return numbers of the answered after-sales. Its own PRNG, so the rows above stay
 * exactly as they were.
 */
async function seedFulfilment(tx: Queryable, demo: number, now: number) {
  const rand = prng(20261616);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  await insertMany(
    tx,
    'addresses',
    ['kind', 'name', 'mobile', 'region', 'address', 'is_default', 'created_at', 'updated_at', 'account_id'],
    SEED_ADDRESSES.map((a) => [
      a.kind,
      a.name,
      a.mobile,
      a.region,
      a.address,
      a.is_default,
      now - 150 * DAY,
      now - 150 * DAY,
      demo,
    ]),
  );
  const sender = SEED_ADDRESSES[0];
  const senderJson = JSON.stringify({
    name: sender.name,
    mobile: sender.mobile,
    region: sender.region,
    address: sender.address,
  });
  const [owner] = await tx.query<{ id: number; nickname: string }>(
    "SELECT id, nickname FROM users WHERE account_id = $1 AND account_role = 'owner'",
    [demo],
  );
  const orders = await tx.query<{ id: number; status: string; amount: number; created_at: number }>(
    'SELECT id, status, amount, created_at FROM orders WHERE account_id = $1 ORDER BY id',
    [demo],
  );
  const updates: Record<string, unknown>[] = [];
  const events: unknown[][] = [];
  for (const order of orders) {
    if (order.status === 'pending') continue;
    const span = Math.max(60, now - 30 - order.created_at);
    const at = (share: number) => order.created_at + Math.floor(span * share);
    const event = (action: string, share: number, details: Record<string, unknown>) =>
      events.push([
        demo,
        order.id,
        owner?.id ?? null,
        owner?.nickname || '管理员',
        action,
        JSON.stringify(details),
        at(share),
      ]);
    const row: Record<string, unknown> = { id: order.id };
    const purchased = order.status !== 'cancelled' || rand() < 0.5;
    if (purchased) {
      row.supplier = pick(SUPPLIERS);
      row.supplier_order_no = `CG${pad(order.id, 6)}${pad(Math.floor(rand() * 1e6), 6)}`;
      row.cost = Math.floor(order.amount * (0.5 + rand() * 0.3));
      event('purchase', 0.1, {
        supplier: row.supplier,
        supplier_order_no: row.supplier_order_no,
        cost: row.cost,
      });
    }
    if (order.status === 'shipped' || order.status === 'completed') {
      const [carrier, number] = pick(SEED_TRACKING);
      row.carrier = carrier;
      row.tracking_no = number(order.id * 7919 + Math.floor(rand() * 1000));
      row.sender = senderJson;
      event('ship', 0.3, {
        carrier,
        tracking_no: row.tracking_no,
        sender: `${sender.name} ${sender.region}${sender.address}`,
      });
    }
    if (order.status === 'completed') event('complete', 0.8, {});
    if (order.status === 'cancelled') {
      row.cancel_reason = pick(CANCEL_REASONS);
      event('cancel', 0.5, { reason: row.cancel_reason });
    }
    updates.push(row);
  }
  await tx.query(
    `UPDATE orders o SET supplier = v.supplier, supplier_order_no = v.supplier_order_no, cost = v.cost,
       carrier = v.carrier, tracking_no = v.tracking_no, sender = v.sender::jsonb, cancel_reason = v.cancel_reason
     FROM jsonb_to_recordset($1::jsonb) AS v(id int, supplier text, supplier_order_no text, cost bigint,
       carrier text, tracking_no text, sender text, cancel_reason text)
     WHERE o.id = v.id AND o.account_id = $2`,
    [JSON.stringify(updates), demo],
  );
  await insertMany(
    tx,
    'order_events',
    ['account_id', 'order_id', 'user_id', 'actor', 'action', 'details', 'created_at'],
    events,
  );
  await tx.query(
    `UPDATE after_sales SET reject_reason = ($2::text[])[1 + id % 3], handled_at = created_at + 3600
     WHERE account_id = $1 AND status = 'rejected'`,
    [demo, REJECT_REASONS],
  );
  await tx.query(
    `UPDATE after_sales SET return_tracking_no = 'SF' || lpad((id * 104729)::text, 13, '0'), handled_at = created_at + 7200
     WHERE account_id = $1 AND type IN ('return', 'exchange') AND status IN ('processing', 'finished')`,
    [demo],
  );
  // 售后处理记录 of the answered requests: the return received, then the final answer.
  await tx.query(
    `INSERT INTO after_sale_events (account_id, after_sale_id, actor, action, details, created_at)
     SELECT account_id, id, '系统', 'receive', jsonb_build_object('return_tracking_no', return_tracking_no),
       created_at + 3600
     FROM after_sales WHERE account_id = $1 AND return_tracking_no IS NOT NULL`,
    [demo],
  );
  await tx.query(
    `INSERT INTO after_sale_events (account_id, after_sale_id, actor, action, details, created_at)
     SELECT account_id, id, '系统', CASE status WHEN 'rejected' THEN 'reject' ELSE 'refund' END,
       CASE status WHEN 'rejected' THEN jsonb_build_object('reason', reject_reason) ELSE '{}'::jsonb END,
       COALESCE(handled_at, created_at + 3600)
     FROM after_sales WHERE account_id = $1 AND status IN ('rejected', 'finished')`,
    [demo],
  );
}

/**
 * Repeat buyers of 买家管理: each takes over the buyer name, receiver name, mobile and
 * address of `orders` finished orders (已发货, 已完成 or 已取消), which spread over several shops. Two of
 * them share a name (different mobiles: two buyers, as 买家管理 groups them).
 */
export const SEED_REPEAT_BUYERS = [
  {
    name: '陈晓雯',
    mobile: '13957100001',
    address: '浙江省杭州市西湖区文三路 88 号 2 幢 1201 室',
    orders: 6,
  },
  {
    name: '刘建国',
    mobile: '13957100002',
    address: '江苏省苏州市工业园区星湖街 328 号 5 幢 702 室',
    orders: 5,
  },
  { name: '周婷婷', mobile: '15867100003', address: '上海市浦东新区张江路 665 号 3 幢 1803 室', orders: 4 },
  {
    name: '周婷婷',
    mobile: '18657100004',
    address: '广东省深圳市南山区科技园路 9 号 11 幢 608 室',
    orders: 3,
  },
  {
    name: '黄志强',
    mobile: '17757100005',
    address: '四川省成都市武侯区天府大道 1700 号 8 幢 2302 室',
    orders: 3,
  },
] as const;

/**
 * The blacklisted buyer of 黑名单: one 待采购, one 已采购 and one 已完成 order. The open ones are three
 * quarters down their state's orders, newest first (and near the middle by id): the tests that
 * purchase, ship or import take the lowest or highest ids, or the newest, oldest or middle order of
 * a state, and must not meet a blacklisted one.
 */
export const SEED_BLACKLIST = {
  name: '钱多多',
  mobile: '13057100099',
  address: '湖北省武汉市洪山区珞喻路 1037 号 6 幢 404 室',
  reason: '多次签收后恶意退款',
} as const;

/** Updates the buyer (name, receiver, mobile and address) of each order id in `ids`. */
async function setBuyer(
  tx: Queryable,
  demo: number,
  ids: number[],
  buyer: { name: string; mobile: string; address: string },
) {
  await tx.query(
    `UPDATE orders SET buyer_name = $1, receiver_name = $1, receiver_mobile = $2, receiver_address = $3
     WHERE account_id = $4 AND id = ANY($5::int[])`,
    [buyer.name, buyer.mobile, buyer.address, demo, ids],
  );
}

/**
 * 买家管理 and 黑名单: the repeat buyers and the blacklisted one take over existing orders
 * (no new orders, so every count and list position above stays), with their own PRNG.
 */
async function seedBuyers(tx: Queryable, demo: number, now: number) {
  const rand = prng(20261717);
  const idsOf = async (statuses: string[], order = 'id') =>
    (
      await tx.query<{ id: number }>(
        `SELECT id FROM orders WHERE account_id = $1 AND status = ANY($2::text[]) ORDER BY ${order}`,
        [demo, statuses],
      )
    ).map((row) => row.id);
  // Three quarters down the open orders of a state, newest first; see SEED_BLACKLIST.
  const quarter = async (status: string) => {
    const ids = await idsOf([status], 'created_at DESC, id DESC');
    return ids[Math.floor(ids.length * 0.75)] as number;
  };
  const [completed] = (await idsOf(['completed'])).slice(-1);
  const blacklisted = [await quarter('pending'), await quarter('purchased'), completed ?? 0];
  await setBuyer(tx, demo, blacklisted, SEED_BLACKLIST);
  await tx.query(
    `INSERT INTO blacklist (account_id, mobile, buyer_name, reason, created_at) VALUES ($1, $2, $3, $4, $5)`,
    [demo, SEED_BLACKLIST.mobile, SEED_BLACKLIST.name, SEED_BLACKLIST.reason, now - 12 * DAY],
  );

  // Finished orders, shuffled (Fisher-Yates), but never the first order (the isolation walker's).
  const finished = (await idsOf(['shipped', 'completed', 'cancelled'])).filter(
    (id) => id !== 1 && !blacklisted.includes(id),
  );
  for (let i = finished.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [finished[i], finished[j]] = [finished[j] as number, finished[i] as number];
  }
  let next = 0;
  for (const buyer of SEED_REPEAT_BUYERS) {
    const ids = finished.slice(next, next + buyer.orders);
    next += buyer.orders;
    await setBuyer(tx, demo, ids, buyer);
  }
}
