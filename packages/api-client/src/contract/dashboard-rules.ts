/** 工作台's rules (no zod: the admin's first load reads them). */

/**
 * 新手指引's checklist on 工作台, in order: `shop` a shop added; `supplier` the 1688 buyer account
 * connected (not expired); `sender_address` a 发货地址; `auto_pay` 自动付款 on (代发设置); `top_up` money
 * on the balance (above zero, or a paid 充值).
 */
export const SETUP_STEPS = ['shop', 'supplier', 'sender_address', 'auto_pay', 'top_up'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
