import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/system/')({
  beforeLoad: () => {
    throw redirect({ to: '/system/global', replace: true });
  },
});
