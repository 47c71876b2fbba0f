import { createFileRoute } from '@tanstack/react-router';

/** The dashboard group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: '工作台', menu: { order: 10, icon: 'LayoutDashboard' } },
});
