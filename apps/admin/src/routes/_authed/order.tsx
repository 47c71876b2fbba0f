import { createFileRoute } from '@tanstack/react-router';

/** The order group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/order')({
  staticData: { title: '订单管理', menu: { order: 20, icon: 'ShoppingCart' } },
});
