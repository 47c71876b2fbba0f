import { createFileRoute } from '@tanstack/react-router';

/**
 * 店铺设置: its list is the index child, its sub-pages add a breadcrumb level; its permission
 * guards them too.
 */
export const Route = createFileRoute('/_authed/shop/setting')({
  staticData: { title: '店铺设置', permission: 'shop:manage', menu: { order: 10 }, help: 'authorise-shop' },
});
