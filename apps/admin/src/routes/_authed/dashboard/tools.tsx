import { createFileRoute } from '@tanstack/react-router';
import { ToolsPage } from '../../../features/tools/tools-page';

export const Route = createFileRoute('/_authed/dashboard/tools')({
  staticData: { title: '常用工具', menu: { order: 50 } },
  component: ToolsPage,
});
