import { createFileRoute } from '@tanstack/react-router';
import { GuidePage } from '../../../features/guide/guide-page';
import { TITLES } from '../../../texts';

export const Route = createFileRoute('/_authed/dashboard/guide')({
  staticData: { title: TITLES.dashboardGuide, menu: { order: 20 } },
  component: GuidePage,
});
