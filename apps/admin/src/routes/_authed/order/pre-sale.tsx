import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { UnderConstructionPage } from '../../../features/under-construction/under-construction-page';

export const Route = createFileRoute('/_authed/order/pre-sale')({
  staticData: { title: TITLES.orderPreSale },
  component: () => <UnderConstructionPage feature={TITLES.orderPreSale} />,
});
