import { apiQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { AddressPage } from '../../../features/system/address-page';

export const Route = createFileRoute('/_authed/system/address')({
  staticData: { title: '发货地址', permission: 'setting:manage', menu: { order: 30 }, help: 'ship' },
  loader: ({ context: { queryClient, api } }) =>
    queryClient.ensureQueryData(apiQuery(api, '/api/address/index')).catch(() => undefined),
  component: AddressPage,
});
