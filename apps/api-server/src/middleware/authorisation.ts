import { type ApiPath, apiRoutes } from '@consign/api-client';
import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { fail, MESSAGES } from '../http/respond';

/**
 * Who may call: the `access` the contract (`apiRoutes` of `@consign/api-client`) writes for the path.
 * `user` needs a signed-in user (else 401), `operator` one with `is_manage` (else 403).
 */
export const authorisation = createMiddleware<ApiEnv>(async (c, next) => {
  const access = apiRoutes[c.req.path as ApiPath]?.access;
  if (access === undefined) return fail(c, 404, MESSAGES.noSuchApi);
  const user = c.get('user');
  if (access !== 'public' && !user) return fail(c, 401, MESSAGES.unauthorized);
  if (access === 'operator' && !user?.is_manage) return fail(c, 403, MESSAGES.forbidden);
  await next();
});
