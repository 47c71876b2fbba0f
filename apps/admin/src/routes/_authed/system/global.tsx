import { apiQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { GlobalSettingsPage } from '../../../features/system/global-settings-page';

/** Administrators only (`authority`): the menu hides it from others, and the route guard refuses them. */
export const Route = createFileRoute('/_authed/system/global')({
  staticData: { title: '全局设置', authority: 'admin', menu: { order: 10 }, help: 'fees' },
  loader: ({ context: { queryClient, api } }) =>
    queryClient.ensureQueryData(apiQuery(api, '/api/company/index')),
  component: GlobalSettingsPage,
});
