import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  type ApiPath,
  AUDIT_ACTIONS,
  apiRoutes,
  auditAction,
  idempotencyKeySchema,
  LIVE_TOPIC_PERMISSIONS,
  logListParamsSchema,
  moneyFiltersIn,
  notificationKindsFor,
  PERMISSION_GROUPS,
  PERMISSIONS,
  PURCHASE_PREVIEW_MONEY_FIELDS,
  permissionOf,
  type RouteContract,
  signingFieldsSchema,
} from '../src/contract';

const now = 1_795_334_400;
/** A 平台精选 entry not read through 1688 yet. */
const unreadFeatured = {
  offer_id: '610000000001',
  created_at: now,
  title: null,
  image: null,
  price: null,
  on_sale: null,
  read_at: null,
};
const banner = {
  id: 1,
  name: '双十一',
  ad_url: 'https://consign.example/promo',
  ad_login_image_url: '/static/banner-1.svg',
  begin_time: 0,
  end_time: null,
  version: 1,
};
const goodsLine = { title: '夏季纯棉连衣裙', image: 'https://img.example/1.jpg', quantity: 2, sku: '白色 M' };
const order = {
  id: 10,
  order_no: 'TB20261122000001',
  shop_id: 3,
  shop_name: '小美的店',
  platform: 'taobao',
  goods: [goodsLine],
  amount: 12_900,
  status: 'pending',
  buyer_name: '王**',
  receiver: { name: '王女士', mobile: '138****0000', address: '浙江省杭州市西湖区文三路 1 号' },
  created_at: now,
  blacklisted: false,
  writeback: null,
};
const profitSums = {
  orders: 3,
  sales: 30_000,
  costed_orders: 2,
  costed_sales: 20_000,
  cost: 15_000,
  fee: 120,
  service_fee: 0,
  profit: 4_880,
  uncosted_orders: 1,
  uncosted_sales: 10_000,
};
const shop = {
  id: 3,
  name: '小美的店',
  platform: 'pinduoduo',
  platform_shop_id: '900001',
  group_id: null,
  group_name: '',
  auth_status: 'authorized',
  auth_expires_at: now + 86_400,
  authorised_until: now + 30 * 86_400,
  disabled_at: null,
  state: 'normal',
  goods_count: 120,
  created_at: now,
  version: 2,
};
const goods = {
  id: 9,
  shop_id: 3,
  shop_name: '小美的店',
  title: '夏季纯棉连衣裙',
  price: 12_900,
  stock: 30,
  status: 'on_sale',
  images: ['https://img.example/1.jpg'],
  source_url: 'https://detail.1688.com/offer/1.html',
  updated_at: now,
  version: 3,
};
const company = {
  name: '杭州寄售科技有限公司',
  short_name: '寄售',
  en_name: 'Consign',
  logo_url: '/static/logo.svg',
  foot_copyright: 'Copyright © 2026',
  foot_info: '浙ICP备00000000号',
  version: 1,
};
const platformAuth = {
  id: 4,
  platform_id: 2,
  shop_name: '小美的店',
  app_key: 'app-123',
  service_id: '',
  has_secret: true,
  expires_at: null,
  status: 'active',
  version: 1,
};
const settings = {
  auto_purchase: true,
  default_markup_percent: 30,
  purchase_account: 'buyer_001',
  notify_mobile: '',
  sync_interval_minutes: 30,
  auto_sync_logistics: true,
  price_rounding: 'nine',
  purchase_price_rise_percent: 10,
  auto_pay: true,
  unpaid_alert_hours: 2,
  monitor_price: 'follow',
  monitor_stock: true,
  monitor_stock_cap: 999,
  monitor_stock_margin: 0,
  monitor_off_sale: 'delist',
  doudian_service_phone: '',
  version: 5,
};
const role = {
  id: 3,
  name: '运营',
  permissions: ['order:view', 'goods:manage'],
  member_count: 1,
  created_at: now,
  version: 2,
};
const member = {
  id: 2,
  mobile: '13900000000',
  nickname: '小王',
  account_role: 'member',
  role_id: 3,
  role_name: '运营',
  status: 'active',
  created_at: now,
  version: 1,
  shop_ids: [4],
  shop_names: ['云仓演示店'],
};
const seller = {
  id: 1,
  name: '云仓演示店',
  owner_mobile: '138****0000',
  status: 'active',
  member_count: 2,
  order_count: 480,
  balance: 10_000,
  created_at: now,
  is_current: true,
};
const address = {
  id: 1,
  kind: 'sender',
  name: '云仓发货组',
  mobile: '13800000000',
  region: '浙江省 杭州市 余杭区',
  address: '仓前街道 1 号',
  is_default: true,
  version: 1,
};
const exportJob = {
  id: 5,
  name: '代发订单-20261122-193000',
  format: 'csv',
  filters: { status: 'pending', shop_id: 3 },
  status: 'queued',
  rows_done: 0,
  rows_total: 0,
  size: null,
  error: null,
  created_at: now,
  expires_at: now + 7 * 86_400,
  columns: null,
};
const blacklistEntry = {
  id: 1,
  buyer_name: '张三',
  mobile: '138****0000',
  reason: '多次恶意退款',
  created_at: now,
  version: 1,
};
const notification = {
  id: 1,
  kind: 'shop_auth',
  title: '店铺授权即将过期',
  body: '「云仓旗舰店」（拼多多）的授权将于 2026-11-29 过期，请重新授权',
  link: '/shop/setting?shop_id=3',
  read: false,
  created_at: now,
};
const page = <T>(item: T) => ({ list: [item], total: 1 });
const purchaseItem = {
  index: 0,
  title: '纯棉短袖T恤',
  sku: '白色,L',
  quantity: 2,
  sku_id: 12,
  goods_title: '纯棉短袖T恤',
  spec: '白色,L',
  source: { offer_id: '610000000001', spec_id: 'b7f1c0de000000000000000000000001', quantity: 1, cost: 1850 },
};
const purchaseState = {
  status: 'failed',
  message: '1688供应商库存不足',
  supplier_order_no: null,
  updated_at: now,
  pay_status: null,
  pay_message: '',
};

/** One realistic answer per path: the schemas must accept what the product really sends. */
const profile = {
  nickname: '小王',
  version: 2,
  account_name: '杭州小美代发',
  account_version: 1,
  account_role: 'owner',
};
const answers: Record<ApiPath, unknown> = {
  '/api/default/send-code': null,
  '/api/default/login': { access_token: 'tok', expires_at: now + 7 * 86_400 },
  '/api/default/logout': null,
  '/api/default/config': { ...company, ad_list: [banner] },
  '/api/user/info': {
    id: 2,
    mobile: '13900000000',
    nickname: '',
    avatar_image: '',
    is_manage: false,
    created_at: now,
    account_role: 'member',
    permissions: ['order:view', 'aftersale:process'],
  },
  // A stream of events, not an envelope: `data` is never sent, the schema is the empty one.
  '/api/live/stream': null,
  '/api/user/profile': profile,
  '/api/user/profile-save': profile,
  '/api/user/account-save': profile,
  '/api/company/index': company,
  '/api/company/update': company,
  '/api/company/ad-save': banner,
  '/api/company/ad-del': { id: 1 },
  '/api/company/platform-save': { id: 2, name: '拼多多', code: 'pinduoduo', enabled: true, version: 1 },
  '/api/company/platform-list': [{ id: 2, name: '拼多多', code: 'pinduoduo', enabled: true, version: 1 }],
  '/api/company/platform-del': { id: 2 },
  '/api/company/platform-auth-save': platformAuth,
  '/api/company/platform-auth-del': { id: 4 },
  '/api/company/platform-auth-list': [platformAuth],
  '/api/setting/index': settings,
  '/api/setting/update': settings,
  '/api/supplier/account': {
    status: 'connected',
    member_id: 'b2b-2206600001',
    login_id: '沙箱采购账号',
    expires_at: now,
    connected_at: now,
  },
  '/api/supplier/authorise': { url: 'https://auth.1688.com/oauth/authorize?state=x' },
  '/api/supplier/authorise-callback': {
    status: 'connected',
    member_id: 'b2b-2206600001',
    login_id: '沙箱采购账号',
    expires_at: now,
    connected_at: now,
  },
  '/api/order/index': page(order),
  '/api/order/status-counts': {
    counts: { pending: 3, purchased: 0, shipped: 1, completed: 0, cancelled: 2 },
  },
  '/api/order/exception-counts': {
    counts: { purchase_failed: 1, out_of_stock: 0, unpaid: 2, intercept: 0, writeback_failed: 1 },
  },
  '/api/order/after-sale': page({
    id: 5,
    order_no: order.order_no,
    shop_id: 3,
    shop_name: '小美的店',
    platform: 'douyin',
    goods: [goodsLine],
    refund_amount: 6_450,
    type: 'refund',
    status: 'processing',
    reason: '尺码不合适',
    created_at: now,
  }),
  '/api/order/after-sale-status-counts': {
    counts: { pending: 2, processing: 1, finished: 0, rejected: 4 },
  },
  '/api/order/detail': {
    ...order,
    status: 'shipped',
    supplier: '1688 义乌店',
    supplier_order_no: 'CG2026112200001',
    cost: 8_000,
    carrier: 'SF',
    tracking_no: 'SF1234567890123',
    sender: { name: '仓库', mobile: '13800000000', region: '浙江省 杭州市 余杭区', address: '仓前街道 1 号' },
    cancel_reason: null,
    events: [
      { id: 1, action: 'purchase', actor: '管理员', created_at: now, details: { supplier: '1688 义乌店' } },
      { id: 2, action: 'ship', actor: '13900000000', created_at: now, details: { tracking_no: 'SF1' } },
    ],
    version: 1,
    writeback: { status: 'failed', message: '拼多多拒绝了此操作：订单售后中，不能发货', updated_at: now },
    receiver_encrypted: true,
  },
  '/api/order/purchase': { id: 10, status: 'purchased' },
  '/api/order/ship': { id: 10, status: 'shipped' },
  '/api/order/complete': { id: 10, status: 'completed' },
  '/api/order/cancel': { id: 10, status: 'cancelled' },
  '/api/order/address': { id: 10, status: 'pending' },
  '/api/order/receivers': {
    total: 1,
    list: [
      { id: 3, name: '张三', mobile: '138****0000', address: '某路 1 号', orders: 2, last_order_at: now },
    ],
  },
  '/api/order/batch-purchase': {
    results: [{ id: 10, order_no: order.order_no, ok: true, message: '' }],
    succeeded: 1,
    failed: 0,
  },
  '/api/order/batch-ship': {
    results: [{ id: 10, order_no: order.order_no, ok: false, message: '订单当前状态为「待采购」，不能发货' }],
    succeeded: 0,
    failed: 1,
  },
  '/api/order/batch-cancel': { results: [], succeeded: 0, failed: 0 },
  '/api/order/import-preview': {
    rows: [
      { line: 2, order_no: order.order_no, carrier: '顺丰速运', tracking_no: 'SF1234567890123', errors: [] },
      { line: 3, order_no: 'DD404', carrier: 'SF', tracking_no: 'SF1', errors: ['订单不存在'] },
    ],
    valid: 1,
    invalid: 1,
  },
  '/api/order/import-apply': {
    results: [{ line: 2, order_no: order.order_no, ok: true, message: '' }],
    succeeded: 1,
    failed: 0,
  },
  '/api/order/after-sale-detail': {
    id: 5,
    order_id: 1,
    order_no: order.order_no,
    shop_id: 3,
    shop_name: '小美的店',
    platform: 'douyin',
    goods: [goodsLine],
    refund_amount: 6_450,
    type: 'return',
    status: 'rejected',
    reason: '尺码不合适',
    created_at: now,
    reject_reason: '未收到退回商品',
    return_tracking_no: 'SF1234567890123',
    handled_at: now,
    events: [
      { id: 1, action: 'receive', actor: '管理员', created_at: now, details: { return_tracking_no: 'SF1' } },
      {
        id: 2,
        action: 'reject',
        actor: '13900000000',
        created_at: now,
        details: { reason: '未收到退回商品' },
      },
    ],
  },
  '/api/order/after-sale-refund': { id: 5, status: 'finished' },
  '/api/order/after-sale-reject': { id: 5, status: 'rejected' },
  '/api/order/after-sale-receive': { id: 5, status: 'processing' },
  '/api/order/writeback-retry': { status: 'sending', message: '', updated_at: now },
  '/api/order/receiver-decrypt': { name: '王芳', mobile: '13812345678', address: '文三路 478 号' },
  // purchase
  '/api/purchase/items': { items: [purchaseItem], purchase: purchaseState },
  '/api/purchase/skus': {
    skus: [{ sku_id: 12, goods_title: '纯棉短袖T恤', spec: '白色,L', source: purchaseItem.source }],
  },
  '/api/purchase/preview': {
    items: [purchaseItem],
    goods: 3700,
    freight: 600,
    total: 4300,
    expected_goods: 3700,
    rise_percent: 10,
    within_limit: true,
  },
  '/api/purchase/start': {
    results: [{ id: 7, order_no: 'DD1', ok: true, message: '' }],
    succeeded: 1,
    failed: 0,
  },
  '/api/purchase/pay-url': {
    url: 'https://trade.1688.com/order/cashier.htm?orderId=3300000000000000001',
    orders: 1,
    skipped: [],
  },
  '/api/purchase/link': { sku_id: 12 },
  '/api/purchase/offer': {
    offer_id: '610000000001',
    title: '纯棉宽松短袖T恤',
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0001.jpg'],
    on_sale: true,
    price: 1850,
    stock: 200,
    specs: [{ spec_id: 'b7f1c0de0001', spec: '白色,L', price: 1850, stock: 120 }],
  },
  '/api/buyer/index': page({
    id: 9,
    buyer_name: '张三',
    mobile: '138****0000',
    order_count: 3,
    spend: 19_350,
    last_order_at: now,
    blacklisted: true,
  }),
  '/api/buyer/blacklist-index': page(blacklistEntry),
  '/api/buyer/blacklist-save': blacklistEntry,
  '/api/buyer/blacklist-del': { id: 1 },
  '/api/address/index': [address],
  '/api/address/save': address,
  '/api/address/del': { id: 1 },
  '/api/shop/index': page(shop),
  '/api/shop/group-index': page({ id: 1, name: '女装', shop_count: 4, version: 1 }),
  '/api/shop/group-save': { id: 1, name: '女装', shop_count: 4, version: 1 },
  '/api/shop/group-del': { id: 1 },
  '/api/shop/move': { ...shop, group_id: 1, group_name: '女装' },
  '/api/shop/platforms': [
    { code: 'pinduoduo', name: '拼多多' },
    { code: 'douyin', name: '抖店' },
  ],
  '/api/shop/authorise': { url: 'https://fuwu.pinduoduo.com/service-market/auth?state=x' },
  '/api/shop/authorise-callback': shop,
  '/api/shop/toggle': { ...shop, state: 'disabled', disabled_at: now },
  '/api/shop/sync': {
    ...shop,
    sync: {
      last_sync_at: 1_764_000_000,
      last_success_at: 1_764_000_000,
      lag_seconds: 240,
      last_error: null,
      failures: 0,
      syncing: true,
      next_sync_at: null,
      last_inserted: 3,
      last_updated: 5,
    },
  },
  '/api/goods/index': page({
    ...goods,
    listings: [
      {
        id: 4,
        shop_id: 3,
        shop_name: '小美的店',
        status: 'published',
        monitor_looked_at: now,
        monitor_change: '货源已下架或不存在，商品已下架',
        monitor_changed_at: now,
        attention: true,
      },
    ],
  }),
  '/api/goods/detail': {
    ...goods,
    skus: [
      {
        spec: '白色,XL',
        price: 2900,
        stock: 80,
        outer_sku_id: 'TS-W-XL',
        source: { offer_id: '610000000001', spec_id: 'b7f1c0de0002', quantity: 1, cost: 1850 },
      },
      { spec: '藏青,XL', price: 3100, stock: 0, outer_sku_id: '', source: null },
    ],
  },
  '/api/goods/save': goods,
  '/api/goods/sku-save': { ...goods, skus: [] },
  '/api/featured/index': [
    {
      offer_id: '610000000001',
      title: '纯棉宽松短袖T恤',
      image: 'https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0001.jpg',
      price: 1850,
      on_sale: true,
    },
  ],
  '/api/company/featured-list': [
    {
      offer_id: '610000000001',
      created_at: now,
      title: '纯棉短袖T恤',
      image: 'https://cbu01.alicdn.com/img/ibank/1.jpg',
      price: 1850,
      on_sale: true,
      read_at: now,
    },
    { ...unreadFeatured, offer_id: '610000000002' },
  ],
  '/api/company/featured-save': unreadFeatured,
  '/api/company/featured-del': { offer_id: '610000000001' },
  '/api/goods/supplier-offer': {
    offer_id: '610000000001',
    title: '纯棉宽松短袖T恤',
    images: ['https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0001.jpg'],
    on_sale: true,
    price: 1850,
    stock: 200,
    specs: [{ spec_id: 'b7f1c0de0001', spec: '白色,L', price: 1850, stock: 120 }],
  },
  '/api/copy/index': page({
    id: 7,
    source_url: 'https://item.taobao.com/item.htm?id=1',
    shop_id: 3,
    shop_name: '小美的店',
    status: 'failed',
    progress: 40,
    goods_id: null,
    goods_title: null,
    goods_image: null,
    error: '商品已下架',
    created_at: now,
    listings: [],
    publish_shop_ids: [1],
  }),
  '/api/goods/publish': { created: 2, existing: 0 },
  '/api/goods/listings': {
    list: [
      {
        id: 1,
        goods_id: 3,
        goods_title: '纯棉宽松短袖T恤',
        shop_id: 1,
        shop_name: '沙箱拼多多旗舰店',
        status: 'published',
        platform_goods_id: '600000001',
        link: 'https://mobile.yangkeduo.com/goods.html?goods_id=600000001',
        reason: null,
        cat_id: '9813',
        cat_name: '男装 > T恤',
        cost_template_id: null,
        properties: { 材质: '纯棉' },
        updated_at: now,
        monitor_looked_at: now,
        monitor_change: '「白色 L」售价 ¥24.05 → ¥25.35（跟随货源价）',
        monitor_changed_at: now,
      },
    ],
    total: 1,
  },
  '/api/goods/republish': {
    id: 2,
    goods_id: 4,
    goods_title: '不锈钢保温杯',
    shop_id: 1,
    shop_name: '沙箱拼多多旗舰店',
    status: 'queued',
    platform_goods_id: null,
    link: null,
    reason: null,
    cat_id: '9901',
    cat_name: null,
    cost_template_id: '71001',
    properties: { 容量: '500ml' },
    updated_at: now,
    monitor_looked_at: null,
    monitor_change: null,
    monitor_changed_at: null,
  },
  '/api/goods/publish-cats': [{ cat_id: '9813', name: 'T恤', leaf: true }],
  '/api/goods/publish-options': {
    templates: [{ id: '7001', name: '全国包邮' }],
    properties: [{ name: '材质', required: true, values: ['纯棉', '涤纶'] }],
  },
  '/api/copy/create': {
    created: 2,
    refused: [{ url: 'https://www.example.com/x', reason: '不是1688商品链接' }],
  },
  '/api/export/create': exportJob,
  '/api/export/index': page({ ...exportJob, status: 'succeeded', rows_done: 12, rows_total: 12, size: 2048 }),
  '/api/export/download-url': { url: '/download/export/5?exp=1&sig=abc', expires_at: now + 60 },
  '/api/dashboard/summary': {
    today: '2026-11-22',
    pending: 3,
    purchased: 2,
    after_sale_pending: 1,
    exceptions: { purchase_failed: 1, out_of_stock: 0, unpaid: 0, intercept: 0, writeback_failed: 2 },
    today_orders: 4,
    today_sales: 12_900,
    days: [{ date: '2026-11-22', orders: 4, sales: 12_900 }],
  },
  // profit
  '/api/setting/fee-rates': { rates: [{ platform: 'pinduoduo', rate: 60 }] },
  '/api/setting/fee-rates-save': { rates: [{ platform: 'pinduoduo', rate: 60 }] },
  '/api/report/profit': {
    totals: profitSums,
    days: [{ date: '2026-11-22', ...profitSums }],
    shops: [{ shop_id: 3, shop_name: '小美的店', platform: 'pinduoduo', ...profitSums }],
    goods: [{ title: '夏季纯棉连衣裙', ...profitSums }],
  },
  '/api/order/create': { id: 481, order_no: 'DD2026112212345678', status: 'pending' },
  '/api/order/import-orders-preview': {
    rows: [
      {
        line: 2,
        platform_order_no: '201122-123456789012345',
        title: '纯棉T恤',
        receiver_name: '张三',
        amount: 5990,
        exists: false,
        errors: [],
      },
    ],
    valid: 1,
    invalid: 0,
  },
  '/api/order/import-orders-apply': {
    results: [
      {
        line: 2,
        platform_order_no: '201122-123456789012345',
        order_no: 'DD20261122000000481',
        outcome: 'created',
        message: '',
      },
    ],
    created: 1,
    updated: 0,
    failed: 0,
  },
  '/api/notification/index': page(notification),
  '/api/notification/unread-count': { unread: 3 },
  '/api/notification/read': { ...notification, read: true },
  '/api/notification/read-all': { marked: 3 },
  '/api/log/index': page({
    id: 1,
    created_at: now,
    user_id: 2,
    actor_mobile: '13900000000',
    actor_name: '',
    account_id: 1,
    ip: '127.0.0.1',
    action: 'goods.save',
    action_label: '保存商品',
    target_type: 'goods',
    target_id: 9,
    target_name: '夏季纯棉连衣裙',
    changes: [{ field: 'price', before: 12_900, after: 9_900 }],
    failure: null,
  }),
  '/api/team/role-index': page(role),
  '/api/team/role-save': role,
  '/api/team/role-del': { id: 3 },
  '/api/team/member-index': page(member),
  '/api/team/member-save': member,
  '/api/team/member-status': { ...member, status: 'disabled' },
  '/api/team/member-del': { id: 2 },
  '/api/seller/index': page(seller),
  '/api/seller/status': { ...seller, status: 'disabled' },
  // 调整余额
  '/api/seller/balance-adjust': {
    id: 1,
    balance_before: 10_000,
    balance_after: 7_950,
    entry: {
      id: 4,
      kind: 'adjust',
      amount: -2_050,
      balance_after: 7_950,
      reason: '多充退回',
      order_id: null,
      payment_no: null,
      created_at: now,
    },
  },
  // balance (余额, 充值)
  '/api/balance/summary': { balance: 10_000, topup_min: 100, topup_max: 5_000_000, warn_below: 5_000 },
  // 余额预警
  '/api/balance/warning-save': { warn_below: null },
  '/api/balance/export': {
    id: 8,
    name: '余额明细-20261126-093012',
    format: 'csv',
    filters: { kind: 'charge' },
    status: 'queued',
    rows_done: 0,
    rows_total: 0,
    size: null,
    error: null,
    created_at: now,
    expires_at: now + 7 * 86_400,
  },
  '/api/balance/entries': page({
    id: 3,
    kind: 'charge',
    amount: -200,
    balance_after: 9_800,
    reason: '代发服务费',
    order_id: 12,
    payment_no: null,
    created_at: now,
  }),
  '/api/balance/topup': {
    out_trade_no: 'T2026112609301212345678',
    amount: 10_000,
    status: 'pending',
    created_at: now,
    settled_at: null,
    pay_url: 'https://openapi.alipay.com/gateway.do?method=alipay.trade.page.pay',
  },
  '/api/balance/fees': { default_fee: 200, platforms: [{ platform: 'pinduoduo', fee: 150 }] },
  '/api/balance/fees-save': { default_fee: 200, platforms: [] },
  '/api/balance/topup-status': {
    out_trade_no: 'T2026112609301212345678',
    amount: 10_000,
    status: 'paid',
    created_at: now,
    settled_at: now,
  },
  // reconcile: 充值异常
  '/api/reconcile/topups': {
    list: [
      {
        id: 3,
        out_trade_no: 'T2026112609301212345678',
        account_id: 1,
        account_name: '杭州小美代发',
        amount: 10_000,
        reason: '支付宝金额 ¥99.99 与充值金额 ¥100.00 不符',
        created_at: now,
        flagged_at: now,
        resolved_at: null,
        resolved_by: null,
      },
    ],
    total: 1,
  },
  '/api/reconcile/notices': {
    list: [
      {
        id: 4,
        out_trade_no: 'T2026112600000000099999',
        account_id: null,
        account_name: null,
        problem: '未知的充值单号',
        trade_status: 'TRADE_SUCCESS',
        total_amount: '100.00',
        created_at: now,
        last_seen_at: now,
        source: '203.0.113.7',
        hits: 12,
        resolved_at: now,
        resolved_by: '小王',
      },
    ],
    total: 1,
  },
  '/api/reconcile/resolve': { kind: 'notice', id: 4, resolved_at: now, resolved_by: '小王' },
};

describe('apiRoutes', () => {
  it('accepts a realistic answer on every path', () => {
    expect(Object.keys(answers).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const [path, route] of Object.entries(apiRoutes)) {
      const result = route.data.safeParse(answers[path as ApiPath]);
      expect(result.error?.issues ?? [], path).toEqual([]);
    }
  });

  it('rejects answers that break the contract', () => {
    expect(apiRoutes['/api/order/index'].data.safeParse(page({ ...order, status: 'lost' })).success).toBe(
      false,
    );
    expect(apiRoutes['/api/order/index'].data.safeParse(page({ ...order, amount: 1.5 })).success).toBe(false);
    const scriptBanner = { ...banner, ad_url: 'javascript:alert(1)' };
    expect(
      apiRoutes['/api/default/config'].data.safeParse({ ...company, ad_list: [scriptBanner] }).success,
    ).toBe(false);
  });

  it('a stream route (/api/live/stream) is a signed-in read with no permission of its own, and its topics each name the permission they need', () => {
    const streams = (Object.keys(apiRoutes) as ApiPath[]).filter(
      (path) => (apiRoutes[path] as RouteContract).stream,
    );
    expect(streams).toEqual(['/api/live/stream']);
    const live: RouteContract = apiRoutes['/api/live/stream'];
    expect({ access: live.access, permission: live.permission, audit: live.audit }).toEqual({
      access: 'user',
      permission: undefined,
      audit: undefined,
    });
    expect(LIVE_TOPIC_PERMISSIONS).toEqual({
      orders: apiRoutes['/api/order/index'].permission,
      'after-sales': apiRoutes['/api/order/after-sale'].permission,
      notifications: null,
      shops: null,
    });
  });

  it('strips the signing fields from every body and checks them separately', () => {
    const body = { pageIndex: 1, pageSize: 20, nonce: 'aZ3kLm9QpX2rTt7B', ts: now };
    expect(apiRoutes['/api/shop/index'].body.parse(body)).toEqual({ pageIndex: 1, pageSize: 20 });
    expect(signingFieldsSchema.parse(body)).toEqual({ nonce: 'aZ3kLm9QpX2rTt7B', ts: now });
    expect(signingFieldsSchema.parse({ nonce: 'aZ3kLm9QpX2rTt7B', ts: String(now) }).ts).toBe(now);
    expect(signingFieldsSchema.safeParse({ nonce: 'short', ts: now }).success).toBe(false);
  });

  it('reads ids in queries from strings', () => {
    expect(apiRoutes['/api/company/ad-del'].query.parse({ id: '12' })).toEqual({ id: 12 });
    expect(apiRoutes['/api/company/ad-del'].query.safeParse({ id: '0' }).success).toBe(false);
    expect(apiRoutes['/api/company/ad-del'].query.safeParse({ id: '1 OR 1=1' }).success).toBe(false);
    expect(apiRoutes['/api/company/platform-auth-list'].query.parse({ platform_id: '2' })).toEqual({
      platform_id: 2,
    });
  });
});

describe('the operation log and versions in the contract', () => {
  it('names every audited call with a distinct action code the log filter accepts', () => {
    expect(auditAction('/api/company/platform-auth-save')).toBe('company.platform-auth-save');
    const codes = AUDIT_ACTIONS.map((a) => a.action);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('goods.save');
    // Background work logged when it fails: offered by the log's action filter too.
    expect(codes).toEqual(expect.arrayContaining(['purchase.auto-pay', 'order.writeback']));
    for (const action of codes) {
      expect(logListParamsSchema.safeParse({ pageIndex: 1, pageSize: 20, action }).success, action).toBe(
        true,
      );
    }
  });

  it('refuses an update without the version it read, and a create needs none', () => {
    const goods = { shop_id: 3, title: 't', price: 1, stock: 1, status: 'draft', images: ['/a.svg'] };
    const save = apiRoutes['/api/goods/save'].body;
    expect(save.safeParse(goods).success).toBe(true);
    expect(save.safeParse({ ...goods, id: 9 }).success).toBe(false);
    expect(save.safeParse({ ...goods, id: 9, version: 2 }).success).toBe(true);
    expect(apiRoutes['/api/company/update'].body.safeParse(company).success).toBe(true);
    expect(apiRoutes['/api/company/update'].body.safeParse({ ...company, version: undefined }).success).toBe(
      false,
    );
    expect(apiRoutes['/api/setting/update'].body.safeParse({ auto_purchase: true }).success).toBe(false);
  });

  it('marks the creates: each is a signed-in, logged write whose body takes an idempotency_key', () => {
    const creates = Object.entries(apiRoutes)
      .filter(([, route]) => 'create' in route && route.create)
      .map(([path]) => path);
    expect(creates).toEqual(
      expect.arrayContaining(['/api/address/save', '/api/order/create', '/api/balance/topup']),
    );
    for (const path of creates) {
      const route: RouteContract = apiRoutes[path as ApiPath];
      expect(route.access, path).not.toBe('public');
      expect(route.audit, path).toBeTruthy();
    }
    expect(idempotencyKeySchema.safeParse('k'.repeat(16)).success).toBe(true);
    expect(idempotencyKeySchema.safeParse('short').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('a b'.repeat(8)).success).toBe(false);
  });
});

describe('money is a permission (finance-rules.ts)', () => {
  const routes = apiRoutes as Record<ApiPath, RouteContract>;

  it('the catalogue has finance:view and finance:manage in a 财务 group', () => {
    expect(PERMISSIONS).toContain('finance:view');
    expect(PERMISSIONS).toContain('finance:manage');
    expect(PERMISSION_GROUPS.find((g) => g.title === '财务')?.permissions).toEqual([
      'finance:view',
      'finance:manage',
    ]);
    expect(PERMISSION_GROUPS.flatMap((g) => g.permissions).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('the balance, its ledger, 利润报表 and the fee rates need finance:view; 充值, 余额预警 and fee changes finance:manage', () => {
    const expected: Partial<Record<ApiPath, string>> = {
      '/api/balance/summary': 'finance:view',
      '/api/balance/entries': 'finance:view',
      '/api/balance/fees': 'finance:view',
      '/api/balance/export': 'finance:view',
      '/api/report/profit': 'finance:view',
      '/api/setting/fee-rates': 'finance:view',
      '/api/balance/topup': 'finance:manage',
      '/api/balance/topup-status': 'finance:manage',
      '/api/balance/warning-save': 'finance:manage',
      '/api/setting/fee-rates-save': 'finance:manage',
    };
    for (const [path, permission] of Object.entries(expected)) {
      expect(permissionOf(path as ApiPath), path).toBe(permission);
    }
    // Every seller call of /api/balance/* is covered (fees-save is the operators').
    const balance = (Object.keys(apiRoutes) as ApiPath[]).filter(
      (p) => p.startsWith('/api/balance/') && routes[p].access === 'user',
    );
    expect(balance.filter((p) => !permissionOf(p)?.startsWith('finance:'))).toEqual([]);
    expect(notificationKindsFor({ permissions: ['order:view'] })).not.toContain('balance');
    expect(notificationKindsFor({ permissions: ['finance:view'] })).toContain('balance');
  });

  /** The money keys an answer may hold: such an answer is finance:view's, or its route strips them. */
  const MONEY_KEYS = ['cost', 'profit', 'today_sales', 'sales', 'balance', 'balance_after', 'warn_below'];
  /**
   * Answers with such a key that stay with their own permission (docs/design.md#money-is-a-permission):
   * the 1688 prices that 一键采购 shows whoever buys (order:process; items: the lines' 货源 to buy), and
   * the 货源's linked price that whoever manages goods sets (goods:manage). (The preview's balance and
   * profit are stripped: its money rule.)
   */
  const NOT_FINANCE: readonly ApiPath[] = [
    '/api/purchase/items',
    '/api/purchase/skus',
    '/api/goods/detail',
    '/api/goods/sku-save',
  ];

  function keysOf(schema: unknown, into = new Set<string>()): Set<string> {
    if (typeof schema !== 'object' || schema === null) return into;
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        for (const name of Object.keys(value)) into.add(name);
      }
      keysOf(value, into);
    }
    return into;
  }

  it('every seller answer naming a money field needs finance:view or has a money rule that strips it', () => {
    const unguarded = (Object.keys(apiRoutes) as ApiPath[]).filter((path) => {
      const route = routes[path];
      if (route.access !== 'user' || NOT_FINANCE.includes(path)) return false;
      if (route.permission?.startsWith('finance:') || route.money?.strip) return false;
      const json = z.toJSONSchema(route.data, { io: 'output', unrepresentable: 'any' });
      return [...keysOf(json)].some((key) => MONEY_KEYS.includes(key));
    });
    expect(unguarded).toEqual([]);
  });

  it('a money rule leaves no money key in its answer, and the stripped answer still meets the contract', () => {
    const withMoney: Partial<Record<ApiPath, unknown>> = {
      '/api/order/index': page({ ...order, cost: 8_000, profit: 4_000 }),
      '/api/order/detail': {
        ...(answers['/api/order/detail'] as object),
        profit: 4_000,
        events: [
          {
            id: 1,
            action: 'purchase',
            actor: '管理员',
            created_at: now,
            details: { supplier: 'x', cost: 1 },
          },
        ],
      },
      '/api/dashboard/summary': answers['/api/dashboard/summary'],
      '/api/purchase/preview': {
        ...(answers['/api/purchase/preview'] as object),
        service_fee: 300,
        balance_after: 12_000,
        profit: 1_500,
      },
    };
    const stripping = (Object.keys(apiRoutes) as ApiPath[]).filter((p) => routes[p].money?.strip);
    expect(stripping.sort()).toEqual(Object.keys(withMoney).sort());
    for (const path of stripping) {
      const answer = withMoney[path];
      expect(routes[path].data.safeParse(answer).success, path).toBe(true);
      const stripped = routes[path].money?.strip?.(answer);
      expect(routes[path].data.safeParse(stripped).error?.issues ?? [], path).toEqual([]);
      const json = JSON.stringify(stripped);
      // The preview keeps the 货源's price (`source.cost`): whoever buys sees what they pay 1688.
      const keys = path === '/api/purchase/preview' ? PURCHASE_PREVIEW_MONEY_FIELDS : MONEY_KEYS;
      for (const key of keys) expect(json, `${path}: ${key}`).not.toContain(`"${key}"`);
      // The rest is kept.
      expect(json.length, path).toBeGreaterThan(JSON.stringify(answer).length / 2);
    }
  });

  it('money filters are found at the top level and in a batch filter, empty ones are not', () => {
    expect(moneyFiltersIn({ profit_min: -100, keyword: 'x' })).toEqual(['profit_min']);
    expect(moneyFiltersIn({ filter: { cost_missing: 1 }, reason: 'x' })).toEqual(['cost_missing']);
    expect(moneyFiltersIn({ profit_max: '', filter: { profit_min: null } })).toEqual([]);
    const filtering = (Object.keys(apiRoutes) as ApiPath[]).filter((p) => routes[p].money?.filters);
    // Every route whose body takes the order list's filter refuses its money filters.
    for (const path of Object.keys(apiRoutes) as ApiPath[]) {
      const json = z.toJSONSchema(routes[path].body, { io: 'input', unrepresentable: 'any' });
      if (keysOf(json).has('profit_min')) expect(filtering, path).toContain(path);
    }
  });
});
