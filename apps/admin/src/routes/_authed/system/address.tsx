import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { UnderConstructionPage } from '../../../features/under-construction/under-construction-page';

export const Route = createFileRoute('/_authed/system/address')({
  staticData: { title: TITLES.systemAddress },
  component: () => <UnderConstructionPage feature={TITLES.systemAddress} />,
});
