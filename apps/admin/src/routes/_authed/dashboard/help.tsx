import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../../features/help/help-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/dashboard/help')({
  staticData: { title: TITLES.dashboardHelp, menu: { order: 60 } },
  component: HelpPage,
});
