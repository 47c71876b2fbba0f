import type { MenuItem } from '@consign/shell';
import { LayoutDashboard, Settings, ShoppingCart, Store, Users } from 'lucide-react';
import { TITLES } from '../copy';
import { accessRulesOf } from './access';

/** A menu entry with the access rules of its page (access.ts): the same rules hide it and guard the route. */
function page(title: string, path: string): MenuItem {
  return Object.assign({ title, path }, ...accessRulesOf(path));
}

/**
 * The sidebar menu (and the shortcut grid of 菜单导航). Paths without a route of their own open the
 * 功能建设中 page (see `routes/_authed/**`). Who sees an item is its page's rule in access.ts
 * (`/system/global` and `/user/seller` for administrators, 代发订单 for `order:view` ...).
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
