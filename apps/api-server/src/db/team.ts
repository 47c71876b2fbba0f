import {
  type AccountRole,
  isPermission,
  type Member,
  type Page,
  PERMISSIONS,
  type TeamRole,
  type UserStatus,
} from '@consign/api-client';
import type { BodyOf } from '../contract';
import { ApiRefusal } from '../http/respond';
import { isUniqueViolation } from './db';
import { BY_ID, Filters, likePattern, page } from './list';
import { notFound, type Scope, staleRecord } from './scope';

/**
 * The team of the caller's seller account (docs/design.md#seller-accounts-permissions-and-the-operation-log): its roles (权限管理) and its users
 * (子账号). Like every business area, each function takes the caller's `Scope` and filters by its
 * account, so another account's role or member answers 404 like a missing one. An update names the
 * `version` it read (`UPDATE ... AND version = $n`); a stale one changes nothing and answers 409.
 */

/** What a user may do: the owner everything, a member what their role holds (in catalogue order). */
export function permissionsOf(accountRole: AccountRole, rolePermissions: readonly string[] | null) {
  if (accountRole === 'owner') return [...PERMISSIONS];
  return PERMISSIONS.filter((p) => isPermission(p) && (rolePermissions ?? []).includes(p));
}

export const TEAM_MESSAGES = {
  roleNameTaken: '角色名称已存在',
  roleInUse: (members: number) => `该角色下还有 ${members} 个子账号，请先为他们更换角色后再删除`,
  mobileInAccount: '该手机号已是本账号的成员',
  // One answer for every mobile that cannot be added (another account's ...), naming nothing.
  mobileUnavailable: '该手机号无法添加为子账号',
  ownerFixed: '主账号拥有全部权限，不能修改、停用或删除',
  notYourself: '不能停用或删除自己',
  unknownShops: (ids: readonly number[]) => `店铺权限中的店铺不存在：${ids.join('、')}`,
} as const;

const ROLE_SELECT = `r.id, r.name, r.permissions,
  (SELECT count(*)::int FROM users WHERE users.role_id = r.id) AS member_count, r.created_at, r.version`;
// 店铺权限: the member's shops that exist, by id (a deleted shop's id stays stored, restrictive, and
// is not shown); NULL for every shop, always for the owner.
const MEMBER_SELECT = `u.id, u.mobile, u.nickname, u.account_role, u.role_id, COALESCE(r.name, '') AS role_name,
  u.status, u.created_at, u.version,
  CASE WHEN u.shop_ids IS NOT NULL AND u.account_role = 'member' THEN ARRAY(SELECT s.id FROM shops s
    WHERE s.id = ANY(u.shop_ids) AND s.account_id = u.account_id ORDER BY s.id) END AS shop_ids,
  CASE WHEN u.shop_ids IS NOT NULL AND u.account_role = 'member' THEN ARRAY(SELECT s.name FROM shops s
    WHERE s.id = ANY(u.shop_ids) AND s.account_id = u.account_id ORDER BY s.id) ELSE '{}' END AS shop_names`;

/**
 * 店铺权限 as stored (`users.shop_ids`, migration 0038): null (every shop) for an empty list, else the
 * ids, each a shop of the account (others are refused by number, nothing saved).
 */
export async function memberShops(scope: Scope, shopIds: readonly number[]): Promise<number[] | null> {
  if (shopIds.length === 0) return null;
  const rows = await scope.db.query<{ id: number }>(
    'SELECT id FROM shops WHERE account_id = $1 AND id = ANY($2::int[])',
    [scope.accountId, shopIds],
  );
  const known = new Set(rows.map((row) => row.id));
  const unknown = shopIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new ApiRefusal(TEAM_MESSAGES.unknownShops(unknown.slice(0, 10)));
  return [...shopIds].sort((a, b) => a - b);
}

// ---- roles -------------------------------------------------------------------------------------

/** One role of the account, or a 404. */
export async function roleById(scope: Scope, id: number): Promise<TeamRole> {
  const [row] = await scope.db.query<TeamRole>(
    `SELECT ${ROLE_SELECT} FROM roles r WHERE r.id = $1 AND r.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return row;
}

/** A page of the account's roles, oldest first. */
export function listRoles(scope: Scope, params: BodyOf<'/api/team/role-index'>): Promise<Page<TeamRole>> {
  const f = new Filters();
  f.and(`r.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`r.name ILIKE ${f.p(keyword)}`);
  return page<TeamRole>(
    scope.db,
    { table: 'roles', alias: 'r', filters: f, order: BY_ID, select: ROLE_SELECT },
    params,
  );
}

/**
 * Creates a role, or updates one at the `version` it was read (else 409); returns its id. A name the
 * account already uses is refused.
 */
export async function saveRole(
  scope: Scope,
  { id, name, permissions, version }: BodyOf<'/api/team/role-save'>,
  now: number,
): Promise<number> {
  try {
    if (!id) {
      const [row] = await scope.db.query<{ id: number }>(
        `INSERT INTO roles (account_id, name, permissions, created_at) VALUES ($1, $2, $3, $4)
         RETURNING id`,
        [scope.accountId, name, permissions, now],
      );
      if (!row) throw new Error('role insert returned no row');
      return row.id;
    }
    const [row] = await scope.db.query<{ id: number }>(
      `UPDATE roles SET name = $1, permissions = $2, version = version + 1
       WHERE id = $3 AND account_id = $4 AND version = $5 RETURNING id`,
      [name, permissions, id, scope.accountId, version],
    );
    if (row) return row.id;
    await roleById(scope, id); // 404 when there is no such role
    throw staleRecord();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiRefusal(TEAM_MESSAGES.roleNameTaken);
    throw error;
  }
}

/** Deletes a role that no member holds; a role in use is refused with how many hold it. */
export async function deleteRole(scope: Scope, id: number): Promise<void> {
  // Lock the role first: a member save giving it out (whose foreign key check holds the role row) then
  // either committed before, and is counted below, or waits and finds the role gone (404). Catching
  // the foreign key error instead would abort the call's transaction on Postgres.
  await scope.db.query('SELECT id FROM roles WHERE id = $1 AND account_id = $2 FOR UPDATE', [
    id,
    scope.accountId,
  ]);
  const rows = await scope.db.query(
    `DELETE FROM roles WHERE id = $1 AND account_id = $2
       AND NOT EXISTS (SELECT 1 FROM users WHERE users.role_id = roles.id) RETURNING id`,
    [id, scope.accountId],
  );
  if (rows.length > 0) return;
  const role = await roleById(scope, id);
  throw new ApiRefusal(TEAM_MESSAGES.roleInUse(role.member_count));
}

// ---- members -----------------------------------------------------------------------------------

/** One user of the account, or a 404. */
export async function memberById(scope: Scope, id: number): Promise<Member> {
  const [row] = await scope.db.query<Member>(
    `SELECT ${MEMBER_SELECT} FROM users u LEFT JOIN roles r ON r.id = u.role_id
     WHERE u.id = $1 AND u.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return row;
}

/** A page of the account's users (the owner, created with the account, comes first). */
export function listMembers(scope: Scope, params: BodyOf<'/api/team/member-index'>): Promise<Page<Member>> {
  const f = new Filters();
  f.and(`u.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) {
    const k = f.p(keyword);
    f.and(`(u.mobile ILIKE ${k} OR u.nickname ILIKE ${k})`);
  }
  if (params.status) f.and(`u.status = ${f.p(params.status)}`);
  return page<Member>(
    scope.db,
    {
      table: 'users',
      alias: 'u',
      filters: f,
      order: BY_ID,
      select: MEMBER_SELECT,
      joins: 'LEFT JOIN roles r ON r.id = u.role_id',
    },
    params,
  );
}

/**
 * Adds a member with a role of the account. The mobile must be new to the platform: one of this
 * account is refused as such; any other (another account's ...) with one answer that does not say
 * why, so adding members does not tell whether a mobile is registered (team-rules.ts also limits how
 * many mobiles an account tries).
 */
export async function addMember(
  scope: Scope,
  {
    mobile,
    nickname,
    role_id,
    shop_ids,
  }: { mobile: string; nickname: string; role_id: number; shop_ids: number[] | null },
  now: number,
): Promise<number> {
  await roleById(scope, role_id);
  const taken = async () => {
    const [user] = await scope.db.query<{ account_id: number }>(
      'SELECT account_id FROM users WHERE mobile = $1',
      [mobile],
    );
    if (!user) return null;
    return user.account_id === scope.accountId
      ? TEAM_MESSAGES.mobileInAccount
      : TEAM_MESSAGES.mobileUnavailable;
  };
  const before = await taken();
  if (before) throw new ApiRefusal(before);
  // The same mobile signed up or was added at the same moment: no row, and no error, which on
  // Postgres would abort the call's transaction before `taken()` could say whose it is.
  const [row] = await scope.db.query<{ id: number }>(
    `INSERT INTO users (mobile, nickname, created_at, account_id, account_role, role_id, shop_ids)
     VALUES ($1, $2, $3, $4, 'member', $5, $6::int[]) ON CONFLICT (mobile) DO NOTHING RETURNING id`,
    [mobile, nickname, now, scope.accountId, role_id, shop_ids],
  );
  if (!row) throw new ApiRefusal((await taken()) ?? TEAM_MESSAGES.mobileUnavailable);
  return row.id;
}

/** A member of the account that the caller may change: not the owner, not the caller. */
async function changeableMember(scope: Scope, id: number, callerId: number): Promise<Member> {
  const member = await memberById(scope, id);
  if (member.account_role === 'owner') throw new ApiRefusal(TEAM_MESSAGES.ownerFixed);
  if (member.id === callerId) throw new ApiRefusal(TEAM_MESSAGES.notYourself);
  return member;
}

/**
 * Changes a member's name, role (the role must be the account's) and, when given (`undefined`: kept),
 * 店铺权限 (as {@link memberShops} stores it) at the `version` read, else 409.
 */
export async function updateMember(
  scope: Scope,
  // `version` is there whenever `id` is: the contract's `versionRequiredForUpdate`.
  {
    id,
    nickname,
    role_id,
    version,
    shop_ids,
  }: { id: number; nickname: string; role_id: number; version?: number; shop_ids?: number[] | null },
): Promise<void> {
  const member = await memberById(scope, id);
  if (member.account_role === 'owner') throw new ApiRefusal(TEAM_MESSAGES.ownerFixed);
  await roleById(scope, role_id);
  const rows = await scope.db.query(
    `UPDATE users SET nickname = $1, role_id = $2, version = version + 1,
       shop_ids = CASE WHEN $6 THEN $7::int[] ELSE shop_ids END
     WHERE id = $3 AND account_id = $4 AND account_role = 'member' AND version = $5 RETURNING id`,
    [nickname, role_id, id, scope.accountId, version, shop_ids !== undefined, shop_ids ?? null],
  );
  if (rows.length === 0) throw staleRecord();
}

/**
 * Disables or enables a member at the `version` read (else 409). Disabling ends their sessions at
 * once: their tokens are revoked (so enabling them later does not bring an old session back), and the
 * token lookup requires an active user anyway. A disabled member cannot sign in (`账号已停用`).
 */
export async function setMemberStatus(
  scope: Scope,
  { id, status, version }: { id: number; status: UserStatus; version: number },
  callerId: number,
  now: number,
): Promise<void> {
  await changeableMember(scope, id, callerId);
  const rows = await scope.db.query(
    `UPDATE users SET status = $1, version = version + 1
     WHERE id = $2 AND account_id = $3 AND account_role = 'member' AND version = $4 RETURNING id`,
    [status, id, scope.accountId, version],
  );
  if (rows.length === 0) throw staleRecord();
  if (status === 'disabled') {
    await scope.db.query(
      `UPDATE access_tokens SET revoked_at = $1 WHERE revoked_at IS NULL
         AND user_id = (SELECT id FROM users WHERE id = $2 AND account_id = $3)`,
      [now, id, scope.accountId],
    );
  }
}

/** Removes a member: the user and (by the foreign key's cascade) their tokens. */
export async function deleteMember(scope: Scope, id: number, callerId: number): Promise<void> {
  await changeableMember(scope, id, callerId);
  await scope.db.query(`DELETE FROM users WHERE id = $1 AND account_id = $2 AND account_role = 'member'`, [
    id,
    scope.accountId,
  ]);
}
