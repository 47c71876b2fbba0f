import type { AfterSaleStatus, AfterSaleType, OrderStatus, PlatformCode } from '@consign/api-client';

export const PLATFORM_LABELS: Record<PlatformCode, string> = {
  taobao: '淘宝',
  pinduoduo: '拼多多',
  douyin: '抖音',
  kuaishou: '快手',
  jd: '京东',
};

export const ORDER_COPY = {
  keywordPlaceholder: '订单号 / 买家 / 商品',
  afterSaleKeywordPlaceholder: '订单号 / 原因 / 商品',
  quantity: (n: number) => `× ${n}`,
  moreGoods: (n: number) => `等 ${n} 件商品`,
  detailTitle: '订单详情',
  afterSaleDetailTitle: '售后详情',
  detailDescription: (orderNo: string) => `订单号 ${orderNo}`,
  view: '查看',
  viewLabel: (orderNo: string) => `查看订单 ${orderNo}`,
  receiver: '收货信息',
  goodsList: '商品明细',
  sku: '规格',
  noImage: '无图',
  close: '关闭',
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
  },
  status: {
    pending: '待采购',
    purchased: '已采购',
    shipped: '已发货',
    completed: '已完成',
    cancelled: '已取消',
  } satisfies Record<OrderStatus, string>,
  afterSaleType: { refund: '仅退款', return: '退货退款', exchange: '换货' } satisfies Record<
    AfterSaleType,
    string
  >,
  afterSaleStatus: {
    pending: '待处理',
    processing: '处理中',
    finished: '已完成',
    rejected: '已拒绝',
  } satisfies Record<AfterSaleStatus, string>,
} as const;
