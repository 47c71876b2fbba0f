/** Addresses: the account's 发货地址 (地址管理) and the correction of an order's receiver. */

import { ORDER_STATUS_LABELS } from './labels.js';
import type { ORDER_STATUSES } from './order-rules.js';

/** 发货地址 kinds: where parcels leave from (发货) and where returns go (退货). */
export const ADDRESS_KINDS = ['sender', 'return'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
/** Most addresses of one kind an account keeps. */
export const ADDRESSES_MAX = 50;

/** The states in which an order's receiver address may still be corrected (before it ships). */
export const ADDRESS_EDITABLE_STATUSES = [
  'pending',
  'purchased',
] as const satisfies readonly (typeof ORDER_STATUSES)[number][];

/** Whether an order in `status` may still have its receiver address corrected. */
export function canCorrectAddress(status: (typeof ORDER_STATUSES)[number]): boolean {
  return (ADDRESS_EDITABLE_STATUSES as readonly string[]).includes(status);
}

/** The 409 of an address correction on an order that has shipped (or is closed). */
export function addressRefusedMessage(status: (typeof ORDER_STATUSES)[number]): string {
  return `订单当前状态为「${ORDER_STATUS_LABELS[status]}」，不能修改收货地址`;
}
