import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../../features/help/help-page';

export const Route = createFileRoute('/_authed/dashboard/help')({
  staticData: { title: '帮助中心', menu: { order: 60 } },
  component: HelpPage,
});
