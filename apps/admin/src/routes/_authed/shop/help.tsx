import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '../../../features/under-construction/under-construction-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/shop/help')({
  staticData: { title: TITLES.shopHelp },
  component: () => <UnderConstructionPage feature={TITLES.shopHelp} />,
});
