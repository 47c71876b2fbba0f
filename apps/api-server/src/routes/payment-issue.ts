import { Hono } from 'hono';
import { listFlaggedTopups, listPaymentNotices, resolveIssue } from '../db/payment-issue';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { database } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** 充值异常 (`/api/reconcile/*`, operators only by the contract): db/payment-issue.ts. */
export function paymentIssueRoutes({ now }: Pick<Deps, 'now'>) {
  return new Hono<ApiEnv>()
    .post('/topups', body('/api/reconcile/topups'), async (c) =>
      ok(c, await listFlaggedTopups(database(c), c.req.valid('json'))),
    )
    .post('/notices', body('/api/reconcile/notices'), async (c) =>
      ok(c, await listPaymentNotices(database(c), c.req.valid('json'))),
    )
    .post('/resolve', body('/api/reconcile/resolve'), async (c) => {
      const auth = c.get('auth');
      if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
      const { row, change } = await resolveIssue(
        database(c),
        c.req.valid('json'),
        auth.userId,
        Math.floor(now() / 1000),
      );
      recordChange(c, change);
      return ok(c, row);
    });
}
