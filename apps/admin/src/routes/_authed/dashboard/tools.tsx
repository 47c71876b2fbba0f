import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { ToolsPage } from '../../../features/tools/tools-page';

export const Route = createFileRoute('/_authed/dashboard/tools')({
  staticData: { title: TITLES.dashboardTools },
  component: ToolsPage,
});
