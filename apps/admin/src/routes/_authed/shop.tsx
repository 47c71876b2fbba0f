import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../texts';

/** The shop group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/shop')({
  staticData: { title: TITLES.shop, menu: { order: 30, icon: 'Store' } },
});
