import { createFileRoute } from '@tanstack/react-router';

/** The shop group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/shop')({
  staticData: { title: '店铺管理', menu: { order: 30, icon: 'Store' } },
});
