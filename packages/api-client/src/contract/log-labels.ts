import {
  ADDRESS_KIND_LABELS,
  AFTER_SALE_STATUS_LABELS,
  BALANCE_ENTRY_KIND_LABELS,
  EXPORT_FORMAT_LABELS,
  GOODS_STATUS_LABELS,
  LISTING_STATUS_LABELS,
  MONITOR_OFF_SALE_LABELS,
  MONITOR_PRICE_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_ISSUE_STATE_LABELS,
  PLATFORM_AUTH_STATUS_LABELS,
  PLATFORM_LABELS,
  PRICE_ROUNDING_LABELS,
  PURCHASE_STATUS_LABELS,
  SHOP_AUTH_STATUS_LABELS,
  SUPPLIER_ACCOUNT_STATUS_LABELS,
  TOPUP_STATUS_LABELS,
  USER_STATUS_LABELS,
  WRITEBACK_STATUS_LABELS,
} from './labels.js';
import { fenAsYuan } from './money.js';
import { ORDER_EXCEPTION_LABELS } from './order-exception-rules.js';
import { PERMISSION_LABELS } from './permissions.js';
import { PURCHASE_LOG_FIELDS } from './purchase-fields.js';

/**
 * How the operation log (操作日志) names what an entry changed: the target types and the fields the
 * server records (`recordChange`), in Chinese, and how each value reads (an enum's label, fen as
 * yuan, a unix time, yes/no). The audit walker of the server's tests fails for an entry whose target
 * or field has no label here, so a new route cannot log an English code.
 */

export const LOG_TARGET_LABELS: Readonly<Record<string, string>> = {
  user: '账号',
  company: '公司信息',
  banner: '横幅',
  platform: '平台',
  platform_auth: '平台授权',
  settings: '代发设置',
  order: '订单',
  after_sale: '售后单',
  blacklist: '黑名单',
  address: '地址',
  export: '导出任务',
  shop_group: '店铺分组',
  shop: '店铺',
  goods: '商品',
  copy: '复制任务',
  listing: '铺货',
  role: '角色',
  member: '子账号',
  seller: '卖家账号',
  notification: '消息通知',
  supplier_account: '1688采购账号',
  // goods: 平台精选
  featured_offer: '平台精选',
  // profit
  fee_rates: '平台扣点',
  // balance (余额, 充值)
  topup: '充值单',
  purchase_fees: '代发服务费',
  // 余额预警
  balance_warning: '余额预警',
  // reconcile: 充值异常
  payment_notice: '支付宝通知',
};

/** How a logged value reads: plain text, an enum's labels, money in fen, a unix time, a flag. */
export type LogValueKind =
  | 'text'
  | 'fen'
  | 'time'
  | 'flag'
  | 'permissions'
  | { readonly labels: Readonly<Record<string, string>> };

export interface LogField {
  readonly label: string;
  readonly kind?: LogValueKind;
}

const enumOf = (labels: Readonly<Record<string, string>>): LogValueKind => ({ labels });

/** Fields by name; {@link LOG_TARGET_FIELDS} overrides one for a target (a `status` is per target). */
export const LOG_FIELDS: Readonly<Record<string, LogField>> = {
  id: { label: 'ID' },
  name: { label: '名称' },
  short_name: { label: '简称' },
  en_name: { label: '英文名' },
  logo_url: { label: 'Logo 地址' },
  foot_copyright: { label: '页脚版权' },
  foot_info: { label: '页脚信息' },
  ad_url: { label: '链接' },
  ad_login_image_url: { label: '图片' },
  begin_time: { label: '开始时间', kind: 'time' },
  end_time: { label: '结束时间', kind: 'time' },
  code: { label: '编码' },
  enabled: { label: '启用', kind: 'flag' },
  platform: { label: '平台', kind: enumOf(PLATFORM_LABELS) },
  platform_id: { label: '平台 ID' },
  shop_name: { label: '店铺名称' },
  app_key: { label: 'App Key' },
  app_secret: { label: 'App Secret' },
  service_id: { label: '服务ID' },
  expires_at: { label: '到期时间', kind: 'time' },
  status: { label: '状态' },
  auto_purchase: { label: '自动采购', kind: 'flag' },
  default_markup_percent: { label: '默认加价比例（%）' },
  purchase_account: { label: '采购账号' },
  notify_mobile: { label: '通知手机号' },
  sync_interval_minutes: { label: '同步间隔（分钟）' },
  auto_sync_logistics: { label: '自动回传物流', kind: 'flag' },
  group_name: { label: '分组' },
  shop_id: { label: '店铺' },
  title: { label: '标题' },
  price: { label: '价格', kind: 'fen' },
  stock: { label: '库存' },
  images: { label: '图片' },
  source_url: { label: '来源链接' },
  urls: { label: '链接' },
  // 采购's fields (purchase-fields.ts)
  ...PURCHASE_LOG_FIELDS,
  carrier: { label: '快递公司' },
  tracking_no: { label: '快递单号' },
  sender: { label: '发货地址' },
  reason: { label: '原因' },
  reject_reason: { label: '拒绝原因' },

  return_tracking_no: { label: '退货快递单号' },
  buyer_name: { label: '买家' },
  mobile: { label: '手机号' },
  is_manage: { label: '平台管理员', kind: 'flag' },
  kind: { label: '类型', kind: enumOf(ADDRESS_KIND_LABELS) },
  region: { label: '省市区' },
  address: { label: '详细地址' },
  is_default: { label: '默认', kind: 'flag' },
  format: { label: '格式', kind: enumOf(EXPORT_FORMAT_LABELS) },
  filters: { label: '筛选条件' },
  columns: { label: '导出列' },
  permissions: { label: '权限', kind: 'permissions' },
  nickname: { label: '昵称' },
  role: { label: '角色' },
  keyword: { label: '关键词' },
  start_date: { label: '开始日期' },
  end_date: { label: '结束日期' },
  buyer_id: { label: '买家 ID' },
  blacklisted: { label: '仅黑名单', kind: 'flag' },
  pre_sale: { label: '仅预售订单', kind: 'flag' },
  has_secret: { label: 'App Secret 已设置', kind: 'flag' },
  platform_shop_id: { label: '平台店铺 ID' },
  auth_status: { label: '授权状态', kind: enumOf(SHOP_AUTH_STATUS_LABELS) },
  auth_expires_at: { label: '授权到期时间', kind: 'time' },
  disabled: { label: '已停用', kind: 'flag' },
  writeback: { label: '物流回传', kind: enumOf(WRITEBACK_STATUS_LABELS) },
  message: { label: '说明' },
  receiver: { label: '收货信息' },
  sync: { label: '订单同步' },
  platform_order_no: { label: '平台订单号' },
  goods: { label: '商品' },
  amount: { label: '实付金额', kind: 'fen' },
  receiver_name: { label: '收货人' },
  receiver_mobile: { label: '收货手机' },
  receiver_address: { label: '收货地址' },
  buyer_message: { label: '买家留言' },
  platform_status: { label: '平台订单状态' },
  quantity: { label: '数量' },
  sku: { label: '规格' },
  spec: { label: '规格' },
  image: { label: '图片' },
  read: { label: '已读', kind: 'flag' },
  unread: { label: '未读数' },
  // goods: SKUs and 货源, 商品复制's price rule and refusals
  skus: { label: '规格与货源' },
  price_rounding: { label: '复制定价取整', kind: enumOf(PRICE_ROUNDING_LABELS) },
  refused: { label: '未受理的链接' },
  offer_id: { label: '1688商品 ID' },
  // profit: the order list's cost and profit filters (an export keeps them)
  profit_min: { label: '利润不低于', kind: 'fen' },
  profit_max: { label: '利润不高于', kind: 'fen' },
  cost_missing: { label: '仅未录入成本', kind: 'flag' },
  // 异常订单: the order list's exception view (an export keeps it)
  exception: { label: '异常订单', kind: enumOf(ORDER_EXCEPTION_LABELS) },
  // balance (余额, 充值)
  out_trade_no: { label: '充值单号' },
  default_fee: { label: '默认服务费', kind: 'fen' },
  platform_fees: { label: '各平台服务费（分）' },
  // 余额预警
  warn_below: { label: '余额预警金额', kind: 'fen' },
  // purchase: 一键采购, 关联货源
  purchase: { label: '一键采购', kind: enumOf(PURCHASE_STATUS_LABELS) },
  purchase_price_rise_percent: { label: '允许采购价上浮（%）' },
  auto_pay: { label: '自动付款（免密支付）' },
  pay_status: { label: '1688付款', kind: enumOf({ unpaid: '待付款', paid: '已付款' }) },
  unpaid_alert_hours: { label: '待付款提醒（小时）' },
  monitor_price: { label: '价格跟随', kind: enumOf(MONITOR_PRICE_LABELS) },
  monitor_stock: { label: '库存跟随' },
  monitor_stock_cap: { label: '库存上限' },
  monitor_stock_margin: { label: '安全库存' },
  monitor_off_sale: { label: '货源下架处理', kind: enumOf(MONITOR_OFF_SALE_LABELS) },
  item: { label: '订单商品' },
  goods_sku: { label: '关联商品规格' },
  spec_id: { label: '1688规格 ID' },
  // 铺货
  goods_ids: { label: '商品' },
  shop_ids: { label: '店铺' },
  cat_id: { label: '平台类目 ID' },
  doudian_service_phone: { label: '抖店客服电话' },
  // 货源监控
  on_sale: { label: '在售', kind: 'flag' },
  supplier_cost: { label: '货源成本', kind: 'fen' },
};

/** A field whose meaning depends on the target: `status` of an order is not that of a member. */
export const LOG_TARGET_FIELDS: Readonly<Record<string, Readonly<Record<string, LogField>>>> = {
  order: {
    status: { label: '订单状态', kind: enumOf(ORDER_STATUS_LABELS) },
    name: { label: '收货人' },
    address: { label: '收货地址' },
  },
  export: {
    status: { label: '订单状态', kind: enumOf(ORDER_STATUS_LABELS) },
    // 余额明细 导出 keeps its kind filter
    kind: { label: '明细类型', kind: enumOf(BALANCE_ENTRY_KIND_LABELS) },
  },
  after_sale: { status: { label: '售后状态', kind: enumOf(AFTER_SALE_STATUS_LABELS) } },
  goods: { status: { label: '商品状态', kind: enumOf(GOODS_STATUS_LABELS) } },
  listing: { status: { label: '铺货状态', kind: enumOf(LISTING_STATUS_LABELS) } },
  platform_auth: { status: { label: '授权状态', kind: enumOf(PLATFORM_AUTH_STATUS_LABELS) } },
  member: {
    status: { label: '账号状态', kind: enumOf(USER_STATUS_LABELS) },
    // 店铺权限: the shops' names, or 全部店铺
    shops: { label: '店铺权限' },
  },
  seller: {
    status: { label: '账号状态', kind: enumOf(USER_STATUS_LABELS) },
    // 调整余额 logs the balance before and after, the amount and the reason
    balance: { label: '余额', kind: 'fen' },
    adjust_amount: { label: '调整金额', kind: 'fen' },
    reason: { label: '调整原因' },
  },
  user: { status: { label: '账号状态', kind: enumOf(USER_STATUS_LABELS) } },
  supplier_account: { status: { label: '连接状态', kind: enumOf(SUPPLIER_ACCOUNT_STATUS_LABELS) } },
  // profit: each platform's fee, in 1/10000 of the amount
  fee_rates: Object.fromEntries(
    Object.entries(PLATFORM_LABELS).map(([code, name]) => [code, { label: `${name}扣点（万分之）` }]),
  ),
  // balance (余额, 充值)
  topup: {
    status: { label: '充值状态', kind: enumOf(TOPUP_STATUS_LABELS) },
    amount: { label: '充值金额', kind: 'fen' },
    // reconcile: 充值异常 标记已处理
    issue_state: { label: '异常处理', kind: enumOf(PAYMENT_ISSUE_STATE_LABELS) },
  },
  // reconcile: 充值异常 标记已处理
  payment_notice: { issue_state: { label: '异常处理', kind: enumOf(PAYMENT_ISSUE_STATE_LABELS) } },
};

/** The label and kind of `field` of a `targetType` entry, or undefined when none is written. */
export function logField(targetType: string, field: string): LogField | undefined {
  return LOG_TARGET_FIELDS[targetType]?.[field] ?? LOG_FIELDS[field];
}

/**
 * A logged value as a person reads it. `time` formats unix seconds (the app passes its date-time
 * formatter). Objects (an export's filters) read field by field.
 */
export function logValueText(
  targetType: string,
  field: string,
  value: unknown,
  format: { time: (unixSeconds: number) => string; empty: string; yes: string; no: string },
): string {
  if (value === null || value === undefined || value === '') return format.empty;
  const kind = logField(targetType, field)?.kind ?? 'text';
  if (kind === 'fen' && typeof value === 'number') return fenAsYuan(value);
  if (kind === 'time' && typeof value === 'number') return format.time(value);
  if (typeof value === 'boolean') return value ? format.yes : format.no;
  if (kind === 'permissions' && Array.isArray(value)) {
    return value.map((p) => PERMISSION_LABELS[p as keyof typeof PERMISSION_LABELS] ?? String(p)).join('、');
  }
  if (typeof kind === 'object' && typeof value === 'string') return kind.labels[value] ?? value;
  if (Array.isArray(value)) return value.map((v) => logValueText(targetType, field, v, format)).join('、');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(
        ([key, v]) =>
          `${logField(targetType, key)?.label ?? key}：${logValueText(targetType, key, v, format)}`,
      )
      .join('；');
  }
  return String(value);
}
