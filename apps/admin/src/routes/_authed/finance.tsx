import { createFileRoute } from '@tanstack/react-router';

/**
 * balance: the 财务 group, a breadcrumb level of its own. No access rule: every member of an account
 * may see its balance and top it up (the API's `/api/balance/*` reads and 充值 need no permission).
 */
export const Route = createFileRoute('/_authed/finance')({
  staticData: { title: '财务', menu: { order: 50, icon: 'Wallet' } },
});
