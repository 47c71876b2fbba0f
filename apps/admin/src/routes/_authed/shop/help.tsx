import { createFileRoute } from '@tanstack/react-router';
import { FeaturedPage } from '../../../features/shop/featured-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/shop/help')({
  staticData: { title: TITLES.shopHelp, permission: 'copy:run', menu: { order: 50 } },
  component: FeaturedPage,
});
