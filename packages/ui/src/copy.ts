/**
 * Every Chinese text the design system shows on its own. Apps pass their own texts as props; these are
 * the defaults, kept in one place so that another product can translate them.
 */
export const copy = {
  loading: '加载中',
  close: '关闭',
  clear: '清除',
  confirm: '确定',
  cancel: '取消',
  empty: '暂无数据',
  selectPlaceholder: '请选择',
  notifications: '通知',
  dateRange: {
    placeholder: '选择日期范围',
    start: '开始日期',
    end: '结束日期',
    to: '至',
    format: 'YYYY-MM-DD',
    badDate: '请输入 YYYY-MM-DD 格式的日期',
    today: '今天',
    last7: '近7天',
    last30: '近30天',
    thisMonth: '本月',
  },
  errorPage: {
    403: { title: '403', description: '抱歉，您没有权限访问此页面。' },
    // The 404 text uses an ASCII comma on purpose: it is the product's contract (docs/product.md#errors).
    404: { title: '404', description: '抱歉, 您访问的网页不存在' },
    500: { title: '500', description: '抱歉，服务器内部错误。' },
  },
} as const;

export type Copy = typeof copy;
