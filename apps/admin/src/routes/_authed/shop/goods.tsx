import { createFileRoute } from '@tanstack/react-router';

/**
 * 商品管理: its list is the index child, its sub-pages add a breadcrumb level; its permission
 * guards them too.
 */
export const Route = createFileRoute('/_authed/shop/goods')({
  staticData: { title: '商品管理', permission: 'goods:manage', menu: { order: 40 } },
});
