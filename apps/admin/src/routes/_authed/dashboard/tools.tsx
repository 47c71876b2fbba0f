import { createFileRoute } from '@tanstack/react-router';
import { ToolsPage } from '../../../features/tools/tools-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/dashboard/tools')({
  staticData: { title: TITLES.dashboardTools, menu: { order: 50 } },
  component: ToolsPage,
});
