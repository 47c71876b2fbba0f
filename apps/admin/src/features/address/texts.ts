export const ADDRESS_TEXT = {
  keywordPlaceholder: '收货人 / 地址 / 完整手机号',
  columns: { name: '收货人', mobile: '手机', address: '收货地址', orders: '订单数', last: '最近下单' },
} as const;
