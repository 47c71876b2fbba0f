import { createFileRoute } from '@tanstack/react-router';

/**
 * 商品复制: its list is the index child, its sub-pages add a breadcrumb level; its permission
 * guards them too.
 */
export const Route = createFileRoute('/_authed/shop/copy')({
  staticData: { title: '商品复制', permission: 'copy:run', menu: { order: 20 } },
});
