import { describe, expect, it } from 'vitest';
import { findActivePath, findMenuTrail, pathMatches } from './active-path';
import type { MenuItem } from './filter-menu';

const menu: MenuItem[] = [
  { title: '菜单导航', path: '/dashboard', children: [{ title: '菜单导航', path: '/dashboard/index' }] },
  {
    title: '店铺',
    path: '/shop',
    children: [
      { title: '店铺设置', path: '/shop/setting' },
      { title: '店铺分组', path: '/shop/setting/group' },
      { title: '商品复制', path: '/shop/copy' },
    ],
  },
];

describe('pathMatches', () => {
  it('matches the path itself and paths below it only', () => {
    expect(pathMatches('/order', '/order')).toBe(true);
    expect(pathMatches('/order', '/order/index')).toBe(true);
    expect(pathMatches('/order', '/orders')).toBe(false);
    expect(pathMatches('/', '/order')).toBe(false);
    expect(pathMatches('/', '/')).toBe(true);
  });
});

describe('findActivePath', () => {
  it('picks the longest matching item path', () => {
    expect(findActivePath(menu, '/shop/setting/group')).toBe('/shop/setting/group');
    expect(findActivePath(menu, '/shop/setting')).toBe('/shop/setting');
    expect(findActivePath(menu, '/shop/copy/list')).toBe('/shop/copy');
    expect(findActivePath(menu, '/dashboard/index')).toBe('/dashboard/index');
  });
  it('falls back to the group when no leaf matches, and to nothing outside the menu', () => {
    expect(findActivePath(menu, '/shop/goods')).toBe('/shop');
    expect(findActivePath(menu, '/account')).toBeUndefined();
  });
});

describe('findMenuTrail', () => {
  it('returns the items from the top level down', () => {
    expect(findMenuTrail(menu, '/shop/setting/group').map((item) => item.title)).toEqual([
      '店铺',
      '店铺分组',
    ]);
    expect(findMenuTrail(menu, '/nowhere')).toEqual([]);
    expect(findMenuTrail(menu, undefined)).toEqual([]);
  });
});
