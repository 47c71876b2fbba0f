import { createFileRoute } from '@tanstack/react-router';

/** The system group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/system')({
  staticData: { title: '系统设置', menu: { order: 60, icon: 'Settings' } },
});
