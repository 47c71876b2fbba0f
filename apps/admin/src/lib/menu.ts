import type { MenuItem } from '@consign/shell';
import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { LayoutDashboard, Settings, ShoppingCart, Store, Users, Wallet } from 'lucide-react';
import { useMemo } from 'react';
import { TITLES } from '../texts';
import { accessRulesAt } from './access';

/** A menu entry: a page's title and path; who sees it comes from its route (see {@link menuWithAccess}). */
function page(title: string, path: string): MenuItem {
  return { title, path };
}

/**
 * The sidebar menu (and the shortcut grid of 菜单导航), without access rules: `useMenu()` (or
 * `menuWithAccess(MENU, router)`) gives each page the rule of the route it links to (see
 * `routes/_authed/**`).
 */
export const MENU: MenuItem[] = [
  {
    title: TITLES.dashboard,
    path: '/dashboard',
    icon: LayoutDashboard,
    children: [
      page(TITLES.dashboardIndex, '/dashboard/index'),
      page(TITLES.dashboardGuide, '/dashboard/guide'),
      page(TITLES.dashboardDownload, '/dashboard/download'),
      page(TITLES.dashboardProfit, '/dashboard/profit'), // profit
      page(TITLES.dashboardTools, '/dashboard/tools'),
      page(TITLES.dashboardHelp, '/dashboard/help'),
    ],
  },
  {
    title: TITLES.order,
    path: '/order',
    icon: ShoppingCart,
    children: [
      page(TITLES.orderIndex, '/order/index'),
      page(TITLES.orderAfterSale, '/order/after-sale'),
      page(TITLES.orderPreSale, '/order/pre-sale'),
    ],
  },
  {
    title: TITLES.shop,
    path: '/shop',
    icon: Store,
    children: [
      page(TITLES.shopSetting, '/shop/setting'),
      page(TITLES.shopCopy, '/shop/copy'),
      page(TITLES.shopCopyList, '/shop/copy/list'),
      page(TITLES.shopGoods, '/shop/goods'),
      page(TITLES.shopHelp, '/shop/help'),
    ],
  },
  {
    title: TITLES.user,
    path: '/user',
    icon: Users,
    children: [
      page(TITLES.userBuyer, '/user/buyer'),
      page(TITLES.userSeller, '/user/seller'),
      page(TITLES.userAddress, '/user/address'),
      page(TITLES.userBlackList, '/user/black-list'),
      page(TITLES.userAccount, '/user/account'),
      page(TITLES.userPermission, '/user/permission'),
    ],
  },
  // balance: 财务 (余额明细; 充值结果 is reached from Alipay and the ledger, not the menu)
  // 充值异常, operators only (its route's `authority`)
  {
    title: TITLES.finance,
    path: '/finance',
    icon: Wallet,
    children: [
      page(TITLES.financeBalance, '/finance/balance'),
      page(TITLES.financePaymentIssues, '/finance/payment-issues'),
    ],
  },
  {
    title: TITLES.system,
    path: '/system',
    icon: Settings,
    children: [
      page(TITLES.systemGlobal, '/system/global'),
      page(TITLES.systemSetting, '/system/setting'),
      page(TITLES.systemAddress, '/system/address'),
      page(TITLES.systemLogs, '/system/logs'),
    ],
  },
];

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

/** {@link MENU} with the access rules of the app's router (computed once per router). */
export function useMenu(): MenuItem[] {
  const router = useRouter();
  return useMemo(() => menuWithAccess(MENU, router), [router]);
}
