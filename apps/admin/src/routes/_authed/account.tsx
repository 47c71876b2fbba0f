import { currentUserQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/account-page';
import { TITLES } from '../../texts';

export const Route = createFileRoute('/_authed/account')({
  staticData: { title: TITLES.account },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(currentUserQuery(api)),
  component: AccountPage,
});
