import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/order/')({
  beforeLoad: () => {
    throw redirect({ to: '/order/index', replace: true });
  },
});
