import {
  AFTER_SALE_STATUS_LABELS,
  AFTER_SALE_TYPE_LABELS,
  ORDER_EXCEPTION_LABELS,
  ORDER_STATUS_LABELS,
} from '@consign/api-client/contract';

export { PLATFORM_LABELS } from '@consign/api-client/contract';

export const ORDER_TEXT = {
  keywordPlaceholder: '订单号/平台单号/买家/商品',
  afterSaleKeywordPlaceholder: '订单号 / 原因 / 商品',
  quantity: (n: number) => `× ${n}`,
  moreGoods: (n: number) => `等 ${n} 件商品`,
  detailTitle: '订单详情',
  afterSaleDetailTitle: '售后详情',
  detailDescription: (orderNo: string) => `订单号 ${orderNo}`,
  view: '查看',
  viewLabel: (orderNo: string) => `查看订单 ${orderNo}`,
  noPlatformOrderNo: '—',
  afterSale: '售后中',
  intercept: '需拦截',
  receiver: '收货信息',
  goodsList: '商品明细',
  sku: '规格',
  // Platform orders (the shop sync).
  outerSkuId: '商家编码',
  platformOrderNo: '平台订单号',
  buyerMessage: '买家留言',
  shipBy: '最晚发货',
  noShipBy: '未指定',
  noImage: '无图',
  close: '关闭',
  /** An order opened from the address (`?order=`) that the account does not have. */
  orderMissing: (id: number) => `找不到编号为 ${id} 的订单：它不存在，或不属于当前账号`,
  /** `?order=` that is not an order id. */
  orderLinkMalformed: '订单链接无效：地址中的订单编号不正确',
  platform: '平台',
  allPlatforms: '全部平台',
  afterSaleTypeLabel: '售后类型',
  allTypes: '全部类型',
  blacklist: '黑名单',
  allBuyers: '全部买家',
  blacklistOnly: '仅黑名单买家',
  blacklisted: '黑名单',
  /** 买家管理's 查看订单 (`buyer_id` in the address): whose orders these are, and the way back to all. */
  oneBuyer: (name: string, mobile: string) => `仅显示买家 ${name}（${mobile}）的订单`,
  oneBuyerPending: '仅显示该买家的订单',
  allOrders: '显示全部订单',
  columns: {
    platformOrderNo: '平台订单号',
    orderNo: '订单号',
    shop: '店铺',
    platform: '平台',
    buyer: '买家',
    goods: '商品',
    amount: '实付金额',
    refund: '退款金额',
    type: '售后类型',
    reason: '原因',
    status: '状态',
    createdAt: '下单时间',
    appliedAt: '申请时间',
    actions: '操作',
  },
  status: ORDER_STATUS_LABELS,
  afterSaleType: AFTER_SALE_TYPE_LABELS,
  afterSaleStatus: AFTER_SALE_STATUS_LABELS,
} as const;

/** 异常订单: the exception views of 代发订单 (order-exception-rules.ts), their reason column and retries. */
export const EXCEPTION_TEXT = {
  views: '异常订单',
  labels: ORDER_EXCEPTION_LABELS,
  reason: '异常原因',
  /** What each view's batch retry is, said under the views. */
  hint: {
    purchase_failed: '勾选订单后可批量一键采购重新下单',
    out_of_stock: '补货或更换货源后，勾选订单批量一键采购',
    unpaid: '勾选订单后可批量付款',
    intercept: '请联系1688供应商拦截发货，并处理售后',
    writeback_failed: '勾选订单后可批量重新回传',
  },
  batchWriteback: '批量重新回传',
  batchWritebackOnlyPage: '重新回传需在本页勾选订单',
  writebackRetrying: '正在重新回传…',
  writebackRetried: '已重新提交回传',
} as const;

/** 代发订单's 显示成本与利润 columns and 利润 picker (finance:view). */
export const ORDER_PROFIT_TEXT = {
  columns: {
    cost: '成本',
    profit: '利润',
    notEntered: '未录入',
  },
  filter: {
    label: '利润',
    all: '全部利润',
    missing: '未录入成本',
    loss: '亏损（利润 < 0）',
    gain: '盈利（利润 ≥ 0）',
    showColumns: '显示成本与利润',
  },
} as const;
