import { currentUserQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/account-page';

export const Route = createFileRoute('/_authed/account')({
  staticData: { title: '用户中心' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(currentUserQuery(api)),
  component: AccountPage,
});
