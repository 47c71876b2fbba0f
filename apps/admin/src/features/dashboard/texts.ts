export const DASHBOARD_TEXT = {
  intro: '今天要处理的订单、店铺和账户，一眼看全。',
  /** 全部功能 (菜单导航's grid) below the counts: every page the user may open. */
  menuHeading: '全部功能',
  balance: '账户余额',
  balanceLedger: '余额明细',
  topUp: '充值',
  glance: {
    heading: '工作概览',
    /** The backlog: every order and request waiting now, whatever the day it came in. */
    backlogHeading: '当前待处理（不限下单日期）',
    exceptionsHeading: '异常订单',
    shopsHeading: '店铺',
    todayHeading: (today: string | undefined) => (today ? `今日 ${today}` : '今日'),
    pending: '待采购',
    purchased: '待发货',
    afterSalePending: '售后待处理',
    todayOrders: '今日订单',
    todaySales: '今日销售额',
    chartCaption: '近 30 天订单数与销售额',
    ordersChart: '近 30 天订单数',
    salesChart: '近 30 天销售额（元）',
    date: '日期',
    orders: '订单数',
    sales: '销售额',
  },
} as const;
