import { Hono } from 'hono';
import { listLog } from '../db/log';
import type { ApiEnv } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/**
 * The operation log (操作日志): the contract asks `log:view` (owners hold it); callers read their
 * account's entries, operators also the platform changes.
 */
export function logRoutes() {
  return new Hono<ApiEnv>().post('/index', body('/api/log/index'), async (c) => {
    const auth = c.get('auth');
    if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
    return ok(c, await listLog(scope(c), c.req.valid('json'), { withPlatform: auth.isOperator }));
  });
}
