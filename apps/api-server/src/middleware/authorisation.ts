import {
  type ApiPath,
  apiRoutes,
  FINANCE_FILTER_REFUSED,
  hasPermission,
  moneyFiltersIn,
  type RouteContract,
} from '@consign/api-client/contract';
import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { fail, MESSAGES } from '../http/respond';

/**
 * Who may call: the `access` and `permission` the contract (`apiRoutes` of `@consign/api-client`)
 * writes for the path. `user` needs a signed-in user (else 401), `operator` one with `is_manage`
 * (else 403), and a `permission` needs the caller to hold it (else 403; an owner holds every one,
 * a member what their role holds, read with the token on this very request).
 *
 * Money (docs/design.md#money-is-a-permission): on a route whose contract names a `money` rule, a caller
 * without `finance:view` is refused its money filters (403 `FINANCE_FILTER_REFUSED`) and gets its
 * answers without their money fields (`ok()` applies the rule's `strip`).
 */
export const authorisation = createMiddleware<ApiEnv>(async (c, next) => {
  const route: RouteContract | undefined = apiRoutes[c.req.path as ApiPath];
  if (route === undefined) return fail(c, 404, MESSAGES.noSuchApi);
  const user = c.get('user');
  if (route.access !== 'public' && !user) return fail(c, 401, MESSAGES.unauthorized);
  if (route.access === 'operator' && !user?.is_manage) return fail(c, 403, MESSAGES.forbidden);
  if (route.permission && !hasPermission(user, route.permission)) return fail(c, 403, MESSAGES.forbidden);
  if (route.money && !hasPermission(user, 'finance:view')) {
    if (route.money.filters && moneyFiltersIn(c.get('fields')).length > 0) {
      return fail(c, 403, FINANCE_FILTER_REFUSED);
    }
    c.set('withoutMoney', route.money.strip);
  }
  await next();
});
