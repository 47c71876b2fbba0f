import type { ListParams } from '@consign/api-client';
import type { EnsureQueryDataOptions } from '@tanstack/react-query';
import { stripSearchParams } from '@tanstack/react-router';
import type * as v from 'valibot';
import type { RouterContext } from '../../lib/router-context';
import { LIST_DEFAULTS, type List, type ListSchema } from './define-list';

/** Query options `ensureQueryData` takes, whatever their data and key (a list's `queryOptions` answers such). */
// biome-ignore lint/suspicious/noExplicitAny: any data and key; `unknown` would refuse a typed key
type LoadableQuery = EnsureQueryDataOptions<any, any, any, any>;

/**
 * What every list page's route says, from its list definition (lists.ts): the address schema
 * (`validateSearch`), the default page kept out of the address, the request body as the loader's
 * dependencies, and a loader that starts the page's query before the page renders. A failed load is
 * not a route error: the page shows it in the table with a retry (a member without the right gets
 * 403, which the API client sends to /403). Spread it into the route, beside its title, permission and
 * page:
 *
 *   export const Route = createFileRoute('/_authed/user/buyer')({
 *     staticData: { title: '买家管理', permission: 'order:view', menu: { order: 10 } },
 *     ...listRoute(buyerList),
 *     component: BuyerListPage,
 *   });
 */
export function listRoute<Schema extends ListSchema, P extends ListParams, Q extends LoadableQuery>(
  list: List<Schema, P, Q>,
) {
  return {
    validateSearch: list.search,
    search: { middlewares: [stripSearchParams<v.InferOutput<Schema>>(LIST_DEFAULTS)] },
    loaderDeps: ({ search }: { search: v.InferOutput<Schema> }) => list.toParams(search),
    loader: ({ context: { queryClient, api }, deps }: { context: RouterContext; deps: P }) =>
      queryClient.ensureQueryData(list.queryOptions(api, deps)).catch(() => undefined),
  };
}
