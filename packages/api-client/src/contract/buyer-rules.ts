/** 买家管理 and 黑名单. */

/** How the buyer list (买家管理) sorts, always descending: 订单数, 消费金额, 最近下单. */
export const BUYER_SORTS = ['orders', 'spend', 'last_order'] as const;

/** A mobile typed by hand into 黑名单 (按手机号拉黑): 11 digits starting with 1, after trimming. */
export const BUYER_MOBILE_PATTERN = /^1\d{10}$/;
