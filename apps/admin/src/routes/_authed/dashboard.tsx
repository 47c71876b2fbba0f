import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../texts';

/** The dashboard group: a breadcrumb level of its own (its pages render in the outlet). */
export const Route = createFileRoute('/_authed/dashboard')({
  staticData: { title: TITLES.dashboard, menu: { order: 10, icon: 'LayoutDashboard' } },
});
