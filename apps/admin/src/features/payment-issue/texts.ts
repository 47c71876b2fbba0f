/** The texts of 充值异常 (operators): flagged top-ups and refused Alipay notifications. */
export const PAYMENT_ISSUE_TEXT = {
  sections: '充值异常类型',
  stateTab: '处理状态',
  columns: {
    createdAt: '时间',
    flaggedAt: '标记时间',
    receivedAt: '收到时间',
    hits: '次数',
    source: '来源 IP',
    account: '账户',
    outTradeNo: '充值单号',
    amount: '充值金额',
    noticeAmount: '通知金额',
    tradeStatus: '支付宝状态',
    reason: '原因',
    state: '状态',
    resolved: '处理人 / 时间',
    actions: '操作',
  },
  unknownAccount: '（非本平台充值单）',
  otherSources: '其他来源（本小时来源过多，合并计数）',
  resolve: '标记已处理',
  resolveLabel: (outTradeNo: string) => `标记 ${outTradeNo} 已处理`,
  resolveTitle: '标记已处理',
  resolveDescription: (outTradeNo: string) =>
    `确认已与支付宝核对充值单 ${outTradeNo}？标记后移入“已处理”，不会改变任何余额（需要时请在卖家管理中调整余额）。`,
  resolved: (outTradeNo: string) => `充值单 ${outTradeNo} 已标记为已处理`,
} as const;
