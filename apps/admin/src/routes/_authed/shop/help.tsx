import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { UnderConstructionPage } from '../../../features/under-construction/under-construction-page';

export const Route = createFileRoute('/_authed/shop/help')({
  staticData: { title: TITLES.shopHelp },
  component: () => <UnderConstructionPage feature={TITLES.shopHelp} />,
});
