import type { Db } from './db';
import { appendLog } from './log';
import { signUp, userByMobile } from './user';

/**
 * `create-operator` (README "Production configuration"): makes the user of a mobile a platform
 * operator (`is_manage`), in one transaction with its operation-log entry (a platform change, by
 * nobody signed in: the command line). Idempotent:
 * - `created`: nobody had the mobile; a user is created as sign-up would (the owner of a new, empty
 *   seller account), and made an operator;
 * - `promoted`: the mobile's existing user (owner or member, their account unchanged) is now an operator;
 * - `already`: the user was an operator; nothing changes and nothing is logged.
 * `active` says whether they can sign in (a disabled user or account cannot until enabled again).
 */
export type OperatorOutcome = 'created' | 'promoted' | 'already';

export async function makeOperator(
  db: Db,
  mobile: string,
  nowS: number,
): Promise<{ outcome: OperatorOutcome; userId: number; accountId: number; active: boolean }> {
  return db.transaction(async (tx) => {
    const found = await userByMobile(tx, mobile);
    const { user, created } = found ? { user: found, created: false } : await signUp(tx, mobile, nowS);
    const [row] = await tx.query<{ is_manage: boolean }>(
      'SELECT is_manage FROM users WHERE id = $1 FOR UPDATE',
      [user.id],
    );
    if (row?.is_manage) {
      return { outcome: 'already', userId: user.id, accountId: user.accountId, active: user.active };
    }
    await tx.query('UPDATE users SET is_manage = true, version = version + 1 WHERE id = $1', [user.id]);
    await appendLog(tx, {
      accountId: null,
      userId: null,
      ip: 'localhost',
      action: 'user.create-operator',
      actionLabel: '设为平台管理员',
      change: {
        target: { type: 'user', id: user.id, name: mobile },
        before: created ? null : { is_manage: false },
        after: created ? { mobile, is_manage: true } : { is_manage: true },
      },
      at: nowS,
    });
    return {
      outcome: created ? 'created' : 'promoted',
      userId: user.id,
      accountId: user.accountId,
      active: user.active,
    };
  });
}
