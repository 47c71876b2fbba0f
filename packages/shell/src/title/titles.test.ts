import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, deepestTitle, formatDocumentTitle, titledMatches } from './titles';

const root = { id: '__root__', pathname: '/', staticData: {} };
const layout = { id: '/_auth', pathname: '/', staticData: undefined };
const shop = { id: '/_auth/shop', pathname: '/shop', staticData: { title: '店铺' } };
const group = {
  id: '/_auth/shop/setting/group',
  pathname: '/shop/setting/group',
  staticData: { title: '店铺分组' },
};
const dashboard = {
  id: '/_auth/dashboard/index',
  pathname: '/dashboard/index',
  staticData: { title: '菜单导航' },
};

describe('titles', () => {
  it('keeps only matches with a non-empty string title, outermost first', () => {
    const blank = { id: 'x', pathname: '/x', staticData: { title: '  ' } };
    const notString = { id: 'y', pathname: '/y', staticData: { title: 42 } };
    expect(titledMatches([root, layout, shop, blank, notString, group]).map((m) => m.title)).toEqual([
      '店铺',
      '店铺分组',
    ]);
  });

  it('takes the deepest title', () => {
    expect(deepestTitle([root, shop, group])).toBe('店铺分组');
    expect(deepestTitle([root, layout])).toBeUndefined();
  });

  it('shows a breadcrumb only when more than one titled route matches', () => {
    expect(breadcrumbTrail([root, layout, dashboard])).toEqual([]);
    expect(breadcrumbTrail([root, layout, shop, group]).map((m) => m.pathname)).toEqual([
      '/shop',
      '/shop/setting/group',
    ]);
  });

  it('formats "{page title} - {short name}" and degrades when one is missing', () => {
    expect(formatDocumentTitle('代发订单', '寄售宝')).toBe('代发订单 - 寄售宝');
    expect(formatDocumentTitle(undefined, '寄售宝')).toBe('寄售宝');
    expect(formatDocumentTitle('代发订单', '')).toBe('代发订单');
    expect(formatDocumentTitle(null, null, 'Consign')).toBe('Consign');
    expect(formatDocumentTitle(' 登录 ', ' 寄售宝 ')).toBe('登录 - 寄售宝');
  });
});
