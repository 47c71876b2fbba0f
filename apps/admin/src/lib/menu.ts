import type { MenuItem } from '@consign/shell';
import { type AnyRoute, type AnyRouter, useRouter } from '@tanstack/react-router';
import { LayoutDashboard, Settings, ShoppingCart, Store, Users, Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { accessRulesAt } from './access';

/**
 * The icons a menu group may show, named by its route (`menu: { order: 20, icon: 'ShoppingCart' }`).
 * Here rather than in the route files: these load with the authenticated layout, while the routes'
 * `staticData` is in every visit's first chunk (/login's size budget, README "Performance").
 */
export const MENU_ICONS = { LayoutDashboard, ShoppingCart, Store, Users, Wallet, Settings };
export type MenuIcon = keyof typeof MENU_ICONS;

/**
 * The sidebar menu (and 工作台's shortcut grid, 全部功能), read from the routes' own declarations: a
 * route whose `staticData` has a `menu` placement is an entry, under its `title`, at its path:
 *
 *   staticData: { title: '订单管理', menu: { order: 20, icon: 'ShoppingCart' } }   // a group
 *   staticData: { title: '代发订单', permission: 'order:view', menu: { order: 10 } }  // a page
 *
 * A placement with an `icon` is a group (`/order`); a page sits in the group of its path's first
 * segment (`/order/index` in `/order`). Groups and pages are ordered by `order`. Each page carries the
 * access rules of the routes matched at its path (see {@link menuWithAccess}), so the menu hides what
 * the route guard refuses.
 */
export function menuOf(router: AnyRouter): MenuItem[] {
  const groups: (MenuItem & { order: number })[] = [];
  const pages: (MenuItem & { order: number })[] = [];
  for (const route of Object.values(router.routesById) as AnyRoute[]) {
    const data = route.options.staticData;
    if (!data?.menu || !data.title) continue;
    const entry = { title: data.title, path: route.fullPath, order: data.menu.order };
    if (data.menu.icon) groups.push({ ...entry, icon: MENU_ICONS[data.menu.icon] });
    else pages.push(entry);
  }
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const firstSegment = (path: string) => `/${path.split('/')[1]}`;
  return groups.sort(byOrder).map(({ order: _, ...group }) => ({
    ...group,
    children: pages
      .filter((page) => firstSegment(page.path) === group.path)
      .sort(byOrder)
      .map(({ order: _, ...page }) => page),
  }));
}

/**
 * The menu with each page's access rule, read from the routes its items link to (the `staticData` of
 * every route matched there: `/system/global` and `/user/seller` for administrators, 代发订单 for
 * `order:view` ...), so one rule hides the item and guards the route.
 */
export function menuWithAccess(items: readonly MenuItem[], router: AnyRouter): MenuItem[] {
  return items.map((item) =>
    item.children
      ? { ...item, children: menuWithAccess(item.children, router) }
      : Object.assign({ ...item }, ...accessRulesAt(router, item.path)),
  );
}

/** The app's menu ({@link menuOf} with {@link menuWithAccess}), computed once per router. */
export function useMenu(): MenuItem[] {
  const router = useRouter();
  return useMemo(() => menuWithAccess(menuOf(router), router), [router]);
}
