import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../texts';

/** The order group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/order')({
  staticData: { title: TITLES.order, menu: { order: 20, icon: 'ShoppingCart' } },
});
