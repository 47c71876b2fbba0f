import { createFileRoute } from '@tanstack/react-router';

/** The user group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/user')({
  staticData: { title: '用户管理', menu: { order: 40, icon: 'Users' } },
});
