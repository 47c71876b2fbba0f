import { type CurrentUser, hasPermission, type Permission, roleOf } from '@consign/api-client';
import type { Role } from '@consign/shell';

/** Who may open a page (and see its menu item): a role, a permission of the contract's catalogue. */
export interface PageAccess {
  authority?: Role;
  permission?: Permission;
}

/**
 * Who may open which page (DESIGN.md sections 4, 5 and 9), by path: a rule covers the path and every
 * path below it (`/shop/goods` also covers `/shop/goods/detail`). The menu (menu.ts) gives its items
 * the same rules, and the authenticated layout's route guard (`routes/_authed.tsx`) sends a visitor
 * without them to `/403`; the API checks the same permissions on every call. Pages not listed are open
 * to every signed-in user.
 */
export const PAGE_ACCESS: Readonly<Record<string, PageAccess>> = {
  // 下载中心 holds the order exports.
  '/dashboard/download': { permission: 'order:view' },
  '/order/index': { permission: 'order:view' },
  '/order/after-sale': { permission: 'aftersale:process' },
  '/shop/setting': { permission: 'shop:manage' },
  '/shop/copy': { permission: 'copy:run' },
  '/shop/goods': { permission: 'goods:manage' },
  '/user/buyer': { permission: 'order:view' },
  '/user/black-list': { permission: 'order:view' },
  // 地址管理 lists the receivers of the orders (`/api/order/receivers` asks order:view).
  '/user/address': { permission: 'order:view' },
  '/user/seller': { authority: 'admin' },
  '/user/account': { permission: 'team:manage' },
  '/user/permission': { permission: 'team:manage' },
  '/system/global': { authority: 'admin' },
  '/system/setting': { permission: 'setting:manage' },
  '/system/address': { permission: 'setting:manage' },
  '/system/logs': { permission: 'log:view' },
};

/** The rules of a path: those of every listed path it lies at or below (`/shop/copy/list`: `/shop/copy`). */
export function accessRulesOf(pathname: string): PageAccess[] {
  return Object.entries(PAGE_ACCESS)
    .filter(([path]) => pathname === path || pathname.startsWith(`${path}/`))
    .map(([, rule]) => rule);
}

/** Whether a user may open a path: every rule that covers it holds. No user (not loaded) passes none. */
export function mayOpen(user: CurrentUser | undefined, pathname: string): boolean {
  return accessRulesOf(pathname).every(
    (rule) =>
      (!rule.authority || roleOf(user) === rule.authority) &&
      (!rule.permission || hasPermission(user, rule.permission)),
  );
}
