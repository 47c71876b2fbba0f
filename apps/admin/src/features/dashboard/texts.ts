export const DASHBOARD_TEXT = {
  menuIntro: '选择一个功能开始工作。',
  glance: {
    heading: '工作概览',
    /** The backlog: every order and request waiting now, whatever the day it came in. */
    backlogHeading: '当前待处理（不限下单日期）',
    exceptionsHeading: '异常订单',
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
