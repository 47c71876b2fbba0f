import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../texts';

/**
 * 商品管理: its list is the index child, its sub-pages add a breadcrumb level; its permission
 * guards them too.
 */
export const Route = createFileRoute('/_authed/shop/goods')({
  staticData: { title: TITLES.shopGoods, permission: 'goods:manage', menu: { order: 40 } },
});
