import { createFileRoute } from '@tanstack/react-router';
import { GuidePage } from '../../../features/guide/guide-page';

export const Route = createFileRoute('/_authed/dashboard/guide')({
  staticData: { title: '新手指引', menu: { order: 20 } },
  component: GuidePage,
});
