import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { MenuGridPage } from '../../../features/dashboard/menu-grid-page';

/**
 * `/dashboard/index` (the `[index]` escape makes `index` a literal segment). It is not nested in the
 * 工作台 layout (`dashboard_`), so it is the only titled match: no breadcrumb, yet the document title
 * says 菜单导航 (SPEC.md section 2).
 */
export const Route = createFileRoute('/_authed/dashboard_/index')({
  staticData: { title: TITLES.dashboardIndex },
  component: MenuGridPage,
});
