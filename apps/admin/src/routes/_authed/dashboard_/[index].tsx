import { hasPermission } from '@consign/api-client';
import { apiQuery, currentUserQuery } from '@consign/api-client/query';
import { createFileRoute } from '@tanstack/react-router';
import { WorkbenchPage } from '../../../features/dashboard/workbench-page';

/**
 * `/dashboard/index` (the `[index]` escape makes `index` a literal segment). It is not nested in the
 * 工作台 layout (`dashboard_`), so it is the only titled match: no breadcrumb, yet the document title
 * says 工作台 (docs/product.md#screens-and-routes).
 */
export const Route = createFileRoute('/_authed/dashboard_/index')({
  staticData: { title: '工作台', menu: { order: 10 } },
  // The summary (counts, balance, checklist) is the page's largest text: ask for them as soon as the user is known
  // (beside the page's chunk), not once the page has rendered. Never waits: the page shows its
  // placeholders meanwhile.
  loader: ({ context: { queryClient, api } }) => {
    void queryClient
      .ensureQueryData(currentUserQuery(api))
      .then((user) => {
        if (hasPermission(user, 'order:view'))
          return queryClient.prefetchQuery(apiQuery(api, '/api/dashboard/summary'));
      })
      .catch(() => undefined);
  },
  component: WorkbenchPage,
});
