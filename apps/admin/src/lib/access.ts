import { type CurrentUser, hasPermission, type Permission, roleOf } from '@consign/api-client';
import type { Role } from '@consign/shell';
import type { AnyRouter } from '@tanstack/react-router';

/**
 * Who may open a page (and see its menu item): a role, a permission of the contract's catalogue. A
 * route declares it in its `staticData`, beside its title:
 *
 *   staticData: { title: '代发订单', permission: 'order:view' }
 *
 * Every matched route's rule holds for a page, so a layout route's rule covers the pages below it
 * (`shop/goods.tsx` also guards `/shop/goods/detail`). The authenticated layout's route guard
 * (`routes/_authed.tsx`) sends a visitor without them to `/403`, the menu (menu.ts) hides the items
 * that link to such a page, and the API checks the same permissions on every call. A page without a
 * rule is open to every signed-in user.
 */
export interface PageAccess {
  authority?: Role;
  permission?: Permission;
}

/** The rules of some route matches (a location's, as the router matched it): those that name one. */
export function accessRulesOf(matches: readonly { staticData?: PageAccess }[]): PageAccess[] {
  const rules: PageAccess[] = [];
  for (const { staticData } of matches) {
    if (staticData?.authority || staticData?.permission)
      rules.push({ authority: staticData.authority, permission: staticData.permission });
  }
  return rules;
}

/** The rules of the page at `path` (a menu item's link): those of the routes the router matches there. */
export function accessRulesAt(router: AnyRouter, path: string): PageAccess[] {
  return accessRulesOf(router.matchRoutes(path));
}

/** Whether a user may open a page with these rules: every one holds. No user (not loaded) passes none. */
export function mayOpen(user: CurrentUser | undefined, rules: readonly PageAccess[]): boolean {
  return rules.every(
    (rule) =>
      (!rule.authority || roleOf(user) === rule.authority) &&
      (!rule.permission || hasPermission(user, rule.permission)),
  );
}
