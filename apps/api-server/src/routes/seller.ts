import type { Context } from 'hono';
import { Hono } from 'hono';
import { adjustBalance, ownAccountAdjust } from '../db/balance';
import { listSellers, sellerById, setSellerStatus } from '../db/seller';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { database } from '../middleware/authentication';
import { body } from '../middleware/validate';

function callerAccount(c: Context<ApiEnv>): number {
  const auth = c.get('auth');
  if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
  return auth.accountId;
}

/** 卖家管理: every seller account, disable and enable (the contract makes these `operator` only). */
export function sellerRoutes({ now }: Pick<Deps, 'now'>) {
  return (
    new Hono<ApiEnv>()
      .post('/index', body('/api/seller/index'), async (c) =>
        ok(c, await listSellers(database(c), c.req.valid('json'), callerAccount(c))),
      )
      .post('/status', body('/api/seller/status'), async (c) => {
        const change = c.req.valid('json');
        const caller = callerAccount(c);
        const before = await sellerById(database(c), change.id, caller);
        await setSellerStatus(database(c), change, caller, Math.floor(now() / 1000));
        const after = await sellerById(database(c), change.id, caller);
        recordChange(c, {
          target: { type: 'seller', id: after.id, name: after.name },
          before: { status: before.status },
          after: { status: after.status },
        });
        return ok(c, after);
      })
      // 调整余额, one `adjust` entry; the log keeps the balance before and after.
      .post('/balance-adjust', body('/api/seller/balance-adjust'), async (c) => {
        const input = c.req.valid('json');
        const seller = await sellerById(database(c), input.id, callerAccount(c));
        if (seller.id === callerAccount(c)) throw ownAccountAdjust();
        const { before, after, entry } = await adjustBalance(
          database(c),
          seller.id,
          { amount: input.amount, reason: input.reason, userId: c.get('auth')?.userId ?? null },
          Math.floor(now() / 1000),
        );
        recordChange(c, {
          target: { type: 'seller', id: seller.id, name: seller.name },
          before: { balance: before },
          after: { balance: after, adjust_amount: input.amount, reason: input.reason },
        });
        return ok(c, { id: seller.id, balance_before: before, balance_after: after, entry });
      })
  );
}
