import { createFileRoute } from '@tanstack/react-router';
import { FeaturedPage } from '../../../features/shop/featured-page';

export const Route = createFileRoute('/_authed/shop/help')({
  staticData: { title: '平台精选', permission: 'copy:run', menu: { order: 50 } },
  component: FeaturedPage,
});
