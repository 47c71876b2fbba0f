import { apiQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { AddressPage } from '../../../features/system/address-page';

export const Route = createFileRoute('/_authed/system/address')({
  staticData: { title: TITLES.systemAddress, permission: 'setting:manage' },
  loader: ({ context: { queryClient, api } }) =>
    queryClient.ensureQueryData(apiQuery(api, '/api/address/index')).catch(() => undefined),
  component: AddressPage,
});
