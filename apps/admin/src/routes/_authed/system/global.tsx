import { companyQuery, currentUserQuery } from '@consign/api-client/query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { TITLES } from '../../../copy';
import { GlobalSettingsPage } from '../../../features/system/global-settings-page';

/** Administrators only: the menu hides it from others, and the route refuses them too (DESIGN.md section 4). */
export const Route = createFileRoute('/_authed/system/global')({
  staticData: { title: TITLES.systemGlobal },
  beforeLoad: async ({ context: { queryClient, api } }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery(api));
    // `roleOf(user) === 'admin'`, without importing the contract module (and zod) into the entry chunk.
    if (user.is_manage !== true) throw redirect({ to: '/403', replace: true });
  },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(companyQuery(api)),
  component: GlobalSettingsPage,
});
