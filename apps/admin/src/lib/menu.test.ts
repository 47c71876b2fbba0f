import { type CurrentUser, PERMISSIONS, type Permission } from '@consign/api-client';
import { filterMenuByRole, type MenuItem } from '@consign/shell';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../routeTree.gen';
import { accessRulesAt, mayOpen } from './access';
import { menuOf, menuWithAccess } from './menu';
import type { RouterContext } from './router-context';

/** The app's routes (their `staticData`), in a router of its own: where the menu and the guard read who may open a page. */
const router = createRouter({
  routeTree,
  history: createMemoryHistory(),
  context: {} as RouterContext,
});
/** The menu as the shell gets it (`useMenu`): read from the routes, each page with the rule of its route. */
const MENU = menuWithAccess(menuOf(router), router);
/** The rules of a path, as the route guard reads them from the matched routes. */
const rulesAt = (path: string) => accessRulesAt(router, path);

const leaves = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => (item.children ? leaves(item.children) : [item.path]));

describe('MENU', () => {
  it('has the groups of the product', () => {
    expect(MENU.map((group) => [group.title, group.path])).toEqual([
      ['工作台', '/dashboard'],
      ['订单管理', '/order'],
      ['店铺管理', '/shop'],
      ['用户管理', '/user'],
      ['财务', '/finance'],
      ['系统设置', '/system'],
    ]);
  });

  it('lists the pages of each group in their order, with their titles', () => {
    expect(
      MENU.map((group) => [group.title, group.children?.map((item) => `${item.title} ${item.path}`)]),
    ).toEqual([
      [
        '工作台',
        [
          '工作台 /dashboard/index',
          '新手指引 /dashboard/guide',
          '下载中心 /dashboard/download',
          '利润报表 /dashboard/profit',
          '常用工具 /dashboard/tools',
          '帮助中心 /dashboard/help',
        ],
      ],
      ['订单管理', ['代发订单 /order/index', '售后订单 /order/after-sale', '预售订单 /order/pre-sale']],
      [
        '店铺管理',
        [
          '店铺设置 /shop/setting',
          '商品复制 /shop/copy',
          '复制记录 /shop/copy/list',
          '商品管理 /shop/goods',
          '平台精选 /shop/help',
        ],
      ],
      [
        '用户管理',
        [
          '买家管理 /user/buyer',
          '卖家管理 /user/seller',
          '地址管理 /user/address',
          '黑名单 /user/black-list',
          '子账号 /user/account',
          '权限管理 /user/permission',
        ],
      ],
      ['财务', ['余额明细 /finance/balance', '充值异常 /finance/payment-issues']],
      [
        '系统设置',
        [
          '全局设置 /system/global',
          '代发设置 /system/setting',
          '发货地址 /system/address',
          '操作日志 /system/logs',
        ],
      ],
    ]);
    expect(MENU.every((group) => group.icon)).toBe(true);
  });

  it('lists every entry of docs/product.md, once', () => {
    const paths = leaves(MENU);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/dashboard/index',
      '/dashboard/guide',
      '/dashboard/download',
      '/dashboard/tools',
      '/dashboard/help',
      '/order/index',
      '/order/after-sale',
      '/order/pre-sale',
      '/shop/setting',
      '/shop/copy',
      '/shop/goods',
      '/shop/help',
      '/user/buyer',
      '/user/seller',
      '/user/address',
      '/user/black-list',
      '/user/account',
      '/user/permission',
      '/system/global',
      '/system/setting',
      '/system/address',
      '/system/logs',
      '/finance/balance',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('shows 全局设置, 卖家管理 and 充值异常 to administrators only, and 代发设置 to everyone allowed', () => {
    const forUser = leaves(filterMenuByRole(MENU, 'user', PERMISSIONS));
    const forAdmin = leaves(filterMenuByRole(MENU, 'admin', PERMISSIONS));
    expect(forAdmin).toContain('/system/global');
    expect(forUser).not.toContain('/system/global');
    expect(forUser).not.toContain('/user/seller');
    expect(forAdmin).toContain('/finance/payment-issues');
    expect(forUser).not.toContain('/finance/payment-issues');
    expect(forUser).toContain('/finance/balance');
    expect(forUser).toContain('/system/setting');
    expect(forAdmin.length - forUser.length).toBe(3);
  });

  it('gives each item the permission of its page, the one its route guard asks (the route’s staticData)', () => {
    const all = (items: readonly MenuItem[]): MenuItem[] =>
      items.flatMap((item) => [item, ...all(item.children ?? [])]);
    const permissionOf = Object.fromEntries(all(MENU).map((item) => [item.path, item.permission]));
    expect(permissionOf).toMatchObject({
      '/order/index': 'order:view',
      '/order/after-sale': 'aftersale:process',
      '/order/pre-sale': 'order:view',
      '/dashboard/profit': 'finance:view',
      '/finance/balance': 'finance:view',
      '/shop/setting': 'shop:manage',
      '/shop/copy': 'copy:run',
      '/shop/copy/list': 'copy:run',
      '/shop/help': 'copy:run',
      '/shop/goods': 'goods:manage',
      '/user/account': 'team:manage',
      '/user/permission': 'team:manage',
      '/system/setting': 'setting:manage',
      '/system/logs': 'log:view',
    });
    for (const item of all(MENU)) {
      for (const rule of rulesAt(item.path)) expect(item).toMatchObject(rule);
    }
  });

  it('a member without order:view loses 代发订单 and keeps 售后订单', () => {
    const member = leaves(
      filterMenuByRole(
        MENU,
        'user',
        PERMISSIONS.filter((p) => p !== 'order:view'),
      ),
    );
    expect(member).not.toContain('/order/index');
    for (const path of ['/user/buyer', '/user/black-list', '/user/address'])
      expect(member).not.toContain(path);
    expect(member).toContain('/order/after-sale');
    // 预售订单 lists orders: it needs order:view like 代发订单.
    expect(member).not.toContain('/order/pre-sale');
  });

  it('a member without finance:view loses 余额明细 and 利润报表 (money), and keeps the orders', () => {
    const clerk = filterMenuByRole(MENU, 'user', ['order:view', 'order:process', 'aftersale:process']);
    expect(leaves(clerk)).not.toContain('/finance/balance');
    expect(leaves(clerk)).not.toContain('/dashboard/profit');
    expect(clerk.map((group) => group.title)).not.toContain('财务');
    expect(leaves(clerk)).toContain('/order/index');
    const accountant = leaves(filterMenuByRole(MENU, 'user', ['order:view', 'finance:view']));
    expect(accountant).toContain('/finance/balance');
    expect(accountant).toContain('/dashboard/profit');
  });
});

describe('mayOpen (the route guard)', () => {
  const user = (permissions: Permission[], is_manage = false): CurrentUser => ({
    id: 2,
    mobile: '13900000000',
    nickname: '',
    avatar_image: '',
    is_manage,
    created_at: 1,
    account_role: 'member',
    permissions,
  });
  it("asks a page's permission, also of the pages below it", () => {
    expect(mayOpen(user(['goods:manage']), rulesAt('/shop/goods'))).toBe(true);
    expect(mayOpen(user(['goods:manage']), rulesAt('/shop/goods/detail'))).toBe(true);
    expect(mayOpen(user([]), rulesAt('/shop/goods/detail'))).toBe(false);
    expect(mayOpen(user(['shop:manage']), rulesAt('/shop/setting/group'))).toBe(true);
    expect(mayOpen(user(['order:view']), rulesAt('/shop/copy/list'))).toBe(false);
    expect(mayOpen(user(['copy:run']), rulesAt('/shop/copy/list'))).toBe(true);
  });
  it('asks the role of operator pages, and nothing of open pages', () => {
    expect(mayOpen(user([...PERMISSIONS]), rulesAt('/user/seller'))).toBe(false);
    expect(mayOpen(user([], true), rulesAt('/user/seller'))).toBe(true);
    expect(mayOpen(user([]), rulesAt('/dashboard/index'))).toBe(true);
    expect(mayOpen(user([]), rulesAt('/account'))).toBe(true);
    // No user loaded: only open pages.
    expect(mayOpen(undefined, rulesAt('/order/index'))).toBe(false);
    expect(mayOpen(undefined, rulesAt('/dashboard/guide'))).toBe(true);
  });
});
