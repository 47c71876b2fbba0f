import type { Queryable } from './db';
import { isUniqueViolation } from './db';
import { createSettings } from './setting';

/** A user as sign-in sees them: whether they and their seller account may sign in. */
export interface SignInUser {
  id: number;
  accountId: number;
  active: boolean;
}

/** The user of a mobile, with their account's status; null for a mobile nobody has seen. */
export async function userByMobile(db: Queryable, mobile: string): Promise<SignInUser | null> {
  const [row] = await db.query<{ id: number; account_id: number; active: boolean }>(
    `SELECT u.id, u.account_id, (u.status = 'active' AND a.status = 'active') AS active
     FROM users u JOIN seller_accounts a ON a.id = u.account_id WHERE u.mobile = $1`,
    [mobile],
  );
  return row ? { id: row.id, accountId: row.account_id, active: row.active } : null;
}

/**
 * Sign-up (`SIGNUP=open`): a new, empty seller account (with default settings) owned by a new user of
 * this mobile, in the caller's transaction `tx` (the sign-in's, with its token and log entry). When
 * the same mobile signs up twice at once, the second finds the first's user (`created: false`): the
 * inserts run under a savepoint, so the unique violation undoes them and leaves the transaction usable.
 */
export async function signUp(
  tx: Queryable,
  mobile: string,
  now: number,
): Promise<{ user: SignInUser; created: boolean }> {
  await tx.query('SAVEPOINT sign_up');
  try {
    const [account] = await tx.query<{ id: number }>(
      `INSERT INTO seller_accounts (name, status, created_at) VALUES ($1, 'active', $2) RETURNING id`,
      [mobile, now],
    );
    if (!account) throw new Error('account insert returned no row');
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO users (mobile, created_at, account_id, account_role) VALUES ($1, $2, $3, 'owner')
       RETURNING id`,
      [mobile, now, account.id],
    );
    if (!row) throw new Error('user insert returned no row');
    await tx.query('UPDATE seller_accounts SET owner_user_id = $1 WHERE id = $2', [row.id, account.id]);
    await createSettings(tx, account.id);
    await tx.query('RELEASE SAVEPOINT sign_up');
    return { user: { id: row.id, accountId: account.id, active: true }, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT sign_up');
    const user = await userByMobile(tx, mobile);
    if (!user) throw error;
    return { user, created: false };
  }
}
