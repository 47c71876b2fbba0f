import type { MenuItem } from '@consign/shell';
import { LayoutDashboard, Settings, ShoppingCart, Store, Users } from 'lucide-react';
import { TITLES } from '../copy';

/**
 * The sidebar menu (and the shortcut grid of 菜单导航). Paths without a route of their own open the
 * 功能建设中 page (see `routes/_authed/**`); `/system/global` is for administrators only.
 */
export const MENU: MenuItem[] = [
  {
    title: TITLES.dashboard,
    path: '/dashboard',
    icon: LayoutDashboard,
    children: [
      { title: TITLES.dashboardIndex, path: '/dashboard/index' },
      { title: TITLES.dashboardGuide, path: '/dashboard/guide' },
      { title: TITLES.dashboardDownload, path: '/dashboard/download' },
      { title: TITLES.dashboardTools, path: '/dashboard/tools' },
      { title: TITLES.dashboardHelp, path: '/dashboard/help' },
    ],
  },
  {
    title: TITLES.order,
    path: '/order',
    icon: ShoppingCart,
    children: [
      { title: TITLES.orderIndex, path: '/order/index' },
      { title: TITLES.orderAfterSale, path: '/order/after-sale' },
      { title: TITLES.orderPreSale, path: '/order/pre-sale' },
    ],
  },
  {
    title: TITLES.shop,
    path: '/shop',
    icon: Store,
    children: [
      { title: TITLES.shopSetting, path: '/shop/setting' },
      { title: TITLES.shopCopy, path: '/shop/copy' },
      { title: TITLES.shopCopyList, path: '/shop/copy/list' },
      { title: TITLES.shopGoods, path: '/shop/goods' },
      { title: TITLES.shopHelp, path: '/shop/help' },
    ],
  },
  {
    title: TITLES.user,
    path: '/user',
    icon: Users,
    children: [
      { title: TITLES.userBuyer, path: '/user/buyer' },
      { title: TITLES.userSeller, path: '/user/seller' },
      { title: TITLES.userAddress, path: '/user/address' },
      { title: TITLES.userBlackList, path: '/user/black-list' },
      { title: TITLES.userAccount, path: '/user/account' },
      { title: TITLES.userPermission, path: '/user/permission' },
    ],
  },
  {
    title: TITLES.system,
    path: '/system',
    icon: Settings,
    children: [
      { title: TITLES.systemGlobal, path: '/system/global', authority: 'admin' },
      { title: TITLES.systemSetting, path: '/system/setting' },
      { title: TITLES.systemAddress, path: '/system/address' },
      { title: TITLES.systemLogs, path: '/system/logs' },
    ],
  },
];
