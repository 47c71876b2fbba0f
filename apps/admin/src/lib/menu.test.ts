import { filterMenuByRole, type MenuItem } from '@consign/shell';
import { describe, expect, it } from 'vitest';
import { MENU } from './menu';

const leaves = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => (item.children ? leaves(item.children) : [item.path]));

describe('MENU', () => {
  it('has the five groups of the product', () => {
    expect(MENU.map((group) => [group.title, group.path])).toEqual([
      ['工作台', '/dashboard'],
      ['订单管理', '/order'],
      ['店铺管理', '/shop'],
      ['用户管理', '/user'],
      ['系统设置', '/system'],
    ]);
  });

  it('lists every entry of SPEC.md, once', () => {
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
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('shows 全局设置 to administrators only, and 代发设置 to everyone', () => {
    const forUser = leaves(filterMenuByRole(MENU, 'user'));
    const forAdmin = leaves(filterMenuByRole(MENU, 'admin'));
    expect(forAdmin).toContain('/system/global');
    expect(forUser).not.toContain('/system/global');
    expect(forUser).toContain('/system/setting');
    expect(forAdmin.length - forUser.length).toBe(1);
  });
});
