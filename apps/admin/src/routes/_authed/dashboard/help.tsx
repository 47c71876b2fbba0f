import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { HelpPage } from '../../../features/help/help-page';

export const Route = createFileRoute('/_authed/dashboard/help')({
  staticData: { title: TITLES.dashboardHelp },
  component: HelpPage,
});
