import { Hono } from 'hono';
import { isAccountOwner, listLog } from '../db/log';
import type { ApiEnv } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** The operation log (操作日志): owners read their account's; operators also the platform changes. */
export function logRoutes() {
  return new Hono<ApiEnv>().post('/index', body('/api/log/index'), async (c) => {
    const auth = c.get('auth');
    if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
    if (!auth.isOperator && !(await isAccountOwner(scope(c), auth.userId))) {
      throw new HttpProblem(403, MESSAGES.forbidden);
    }
    return ok(c, await listLog(scope(c), c.req.valid('json'), { withPlatform: auth.isOperator }));
  });
}
