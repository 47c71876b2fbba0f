import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { GuidePage } from '../../../features/guide/guide-page';

export const Route = createFileRoute('/_authed/dashboard/guide')({
  staticData: { title: TITLES.dashboardGuide },
  component: GuidePage,
});
