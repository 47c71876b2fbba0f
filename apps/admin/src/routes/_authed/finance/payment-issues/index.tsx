import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/finance/payment-issues/')({
  beforeLoad: () => {
    throw redirect({ to: '/finance/payment-issues/topups', replace: true });
  },
});
