import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { UnderConstructionPage } from '../../../features/under-construction/under-construction-page';

export const Route = createFileRoute('/_authed/dashboard/tools')({
  staticData: { title: TITLES.dashboardTools },
  component: () => <UnderConstructionPage feature={TITLES.dashboardTools} />,
});
