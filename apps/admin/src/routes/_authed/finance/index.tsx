import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/finance/')({
  beforeLoad: () => {
    throw redirect({ to: '/finance/balance', replace: true });
  },
});
