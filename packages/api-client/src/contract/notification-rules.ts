/** Notifications (消息通知): their kinds and who may see each. */

import { hasPermission, type Permission } from './permissions.js';

/** What a notification is about: a shop's authorisation, its order sync, a tracking writeback. */
export const NOTIFICATION_KINDS = [
  'shop_auth',
  'order_sync',
  'writeback',
  'purchase',
  'balance',
  'purchase_unpaid',
  'order_exception',
  'fee',
  'listing_monitor',
] as const;
/**
 * The permission a notification of each kind needs: the one of the page its link opens (店铺设置 for a
 * shop's authorisation and sync, 代发订单 for a writeback). A member sees, counts and marks read only
 * the notifications whose permission they hold, so the bell never leads them to a 403.
 */
export const NOTIFICATION_PERMISSIONS = {
  shop_auth: 'shop:manage',
  order_sync: 'shop:manage',
  writeback: 'order:view',
  // purchase: 一键采购 refused (1688 authorisation lost), supplier cancelled a purchase.
  purchase: 'order:view',
  // 余额预警 links to 余额明细, money (finance-rules.ts).
  balance: 'finance:view',
  // 1688 purchase orders still 待付款 (批量付款 is in 代发订单).
  purchase_unpaid: 'order:view',
  // 异常订单: one per account and exception kind, linking to its view of 代发订单.
  order_exception: 'order:view',
  // 代发服务费 changed (operators): links to 代发设置, whose fees card is money.
  fee: 'finance:view',
  // 货源监控: a listing's supplier change that needs the seller (price past the limit, 货源 off sale).
  listing_monitor: 'goods:manage',
} as const satisfies Record<(typeof NOTIFICATION_KINDS)[number], Permission | null>;
/** The notification kinds `user` may open (an owner: all). */
export function notificationKindsFor(
  user: { permissions?: readonly string[] | null } | null | undefined,
): (typeof NOTIFICATION_KINDS)[number][] {
  return NOTIFICATION_KINDS.filter((kind) => {
    const permission = NOTIFICATION_PERMISSIONS[kind];
    return permission === null || hasPermission(user, permission);
  });
}
