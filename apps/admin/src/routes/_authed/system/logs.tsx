import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { UnderConstructionPage } from '../../../features/under-construction/under-construction-page';

export const Route = createFileRoute('/_authed/system/logs')({
  staticData: { title: TITLES.systemLogs },
  component: () => <UnderConstructionPage feature={TITLES.systemLogs} />,
});
