import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/shop/')({
  beforeLoad: () => {
    throw redirect({ to: '/shop/setting', replace: true });
  },
});
