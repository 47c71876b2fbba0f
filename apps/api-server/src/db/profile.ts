import type { UserProfile } from '@consign/api-client';
import { HttpProblem } from '../http/respond';
import type { Change, Saved } from './log';
import { notFound, type Scope, staleRecord } from './scope';

/**
 * 用户中心: the signed-in user's nickname and their account's name, each saved at the version the
 * caller read (a stale save changes nothing: 409), like every editable record. Only the account's
 * owner renames the account (403 for a member); 卖家管理 shows that name.
 */

export const PROFILE_MESSAGES = {
  ownerOnly: '只有主账号可以修改账号名称',
} as const;

/** The profile of user `userId` in the scope's account, or a 404. */
export async function userProfile(scope: Scope, userId: number): Promise<UserProfile> {
  const [row] = await scope.db.query<UserProfile>(
    `SELECT u.nickname, u.version, a.name AS account_name, a.version AS account_version, u.account_role
     FROM users u JOIN seller_accounts a ON a.id = u.account_id WHERE u.id = $1 AND u.account_id = $2`,
    [userId, scope.accountId],
  );
  if (!row) throw notFound();
  return row;
}

/** Sets the user's own nickname at `version`; the change names the user by their nickname before. */
export async function saveNickname(
  scope: Scope,
  userId: number,
  input: { nickname: string; version: number },
): Promise<Saved<UserProfile>> {
  const before = await userProfile(scope, userId);
  const rows = await scope.db.query(
    `UPDATE users SET nickname = $1, version = version + 1
     WHERE id = $2 AND account_id = $3 AND version = $4 RETURNING id`,
    [input.nickname, userId, scope.accountId, input.version],
  );
  if (rows.length === 0) throw staleRecord();
  const change: Change = {
    target: { type: 'member', id: userId, name: input.nickname || before.nickname },
    before: { nickname: before.nickname },
    after: { nickname: input.nickname },
  };
  return { row: await userProfile(scope, userId), change };
}

/** Renames the account at `version`; the owner only (403 for a member). */
export async function saveAccountName(
  scope: Scope,
  userId: number,
  input: { name: string; version: number },
): Promise<Saved<UserProfile>> {
  const before = await userProfile(scope, userId);
  if (before.account_role !== 'owner') throw new HttpProblem(403, PROFILE_MESSAGES.ownerOnly);
  const rows = await scope.db.query(
    'UPDATE seller_accounts SET name = $1, version = version + 1 WHERE id = $2 AND version = $3 RETURNING id',
    [input.name, scope.accountId, input.version],
  );
  if (rows.length === 0) throw staleRecord();
  const change: Change = {
    target: { type: 'seller', id: scope.accountId, name: input.name },
    before: { name: before.account_name },
    after: { name: input.name },
  };
  return { row: await userProfile(scope, userId), change };
}
