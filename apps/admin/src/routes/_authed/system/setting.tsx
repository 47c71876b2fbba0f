import { apiQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { DropshipSettingsPage } from '../../../features/system/dropship-settings-page';

export const Route = createFileRoute('/_authed/system/setting')({
  staticData: { title: '代发设置', permission: 'setting:manage', menu: { order: 20 }, help: 'purchase' },
  loader: ({ context: { queryClient, api } }) =>
    queryClient.ensureQueryData(apiQuery(api, '/api/setting/index')),
  component: DropshipSettingsPage,
});
