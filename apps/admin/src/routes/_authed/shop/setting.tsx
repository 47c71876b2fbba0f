import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../texts';

/**
 * 店铺设置: its list is the index child, its sub-pages add a breadcrumb level; its permission
 * guards them too.
 */
export const Route = createFileRoute('/_authed/shop/setting')({
  staticData: { title: TITLES.shopSetting, permission: 'shop:manage', menu: { order: 10 } },
});
