import { type CurrentUser, mayGrant, mayReachShops } from '@consign/api-client';
import type { Scope } from './db/scope';
import { memberById, roleById } from './db/team';
import { HttpProblem } from './http/respond';
import { RateLimiter } from './security/rate-limit';

/**
 * What a user with `team:manage` may do to the team, checked before every team write: they hand out
 * only permissions they hold (`mayGrant`), so a member managing the team cannot raise themselves or
 * anyone else above themselves. A role holding a permission they lack is not theirs to edit or
 * delete, nor a member on such a role theirs to change, move, disable or remove; their own member
 * record is not theirs to change. The owner holds every permission, so every check passes for them
 * (the owner's own record stays fixed for everyone: `TEAM_MESSAGES.ownerFixed` in db/team.ts).
 * Shops alike (店铺权限, db/scope.ts): an actor limited to some shops gives only those (never every
 * shop), and changes no member who reaches a shop beyond them.
 * A refusal answers 403 and changes nothing. Also here: the limit on adding members by mobile.
 */

export const TEAM_RULE_MESSAGES = {
  grantBeyondOwn: '不能授予自己没有的权限',
  roleBeyondOwn: '该角色含有您没有的权限，不能修改或删除',
  memberBeyondOwn: '该子账号的角色含有您没有的权限，不能修改、停用或删除',
  ownRecord: '不能修改自己的姓名或角色',
  shopsBeyondOwn: '不能授予自己没有的店铺权限',
  memberShopsBeyondOwn: '该子账号的店铺权限超出您的店铺，不能修改、停用或删除',
  tooManyAdds: '添加子账号过于频繁，请稍后再试',
} as const;

/**
 * Members added by mobile per account: at most 30 tries (added or refused) per 24 hours, so an
 * account cannot probe many mobiles for whether they are registered elsewhere.
 */
export const MEMBER_ADD_RULES = { limit: 30, windowSeconds: 24 * 3600 } as const;
const memberAdds = new RateLimiter(MEMBER_ADD_RULES.limit, MEMBER_ADD_RULES.windowSeconds);

/** The caller as the rules see them: who, and what they hold on this very request. */
export type TeamActor = Pick<CurrentUser, 'id' | 'permissions'>;

const refuse = (message: string) => new HttpProblem(403, message);

async function rolePermissions(scope: Scope, roleId: number | null): Promise<readonly string[]> {
  return roleId === null ? [] : (await roleById(scope, roleId)).permissions;
}

/** role-save: the new permissions, and for an edit the role's current ones, within the actor's. */
export async function checkRoleSave(
  scope: Scope,
  actor: TeamActor,
  input: { id?: number; permissions: readonly string[] },
): Promise<void> {
  if (input.id && !mayGrant(actor, await rolePermissions(scope, input.id)))
    throw refuse(TEAM_RULE_MESSAGES.roleBeyondOwn);
  if (!mayGrant(actor, input.permissions)) throw refuse(TEAM_RULE_MESSAGES.grantBeyondOwn);
}

/** role-del: the role's permissions within the actor's. */
export async function checkRoleDelete(scope: Scope, actor: TeamActor, id: number): Promise<void> {
  if (!mayGrant(actor, await rolePermissions(scope, id))) throw refuse(TEAM_RULE_MESSAGES.roleBeyondOwn);
}

/**
 * member-status and member-del, and the member of a member-save edit: on a role within the actor's
 * permissions. The owner's record and the actor's own are left to the data layer, which refuses
 * them (`ownerFixed`, `notYourself`).
 */
export async function checkMemberChange(scope: Scope, actor: TeamActor, id: number): Promise<void> {
  const member = await memberById(scope, id);
  if (member.account_role === 'owner' || member.id === actor.id) return;
  if (!mayGrant(actor, await rolePermissions(scope, member.role_id)))
    throw refuse(TEAM_RULE_MESSAGES.memberBeyondOwn);
  if (!withinShops(scope, member.shop_ids)) throw refuse(TEAM_RULE_MESSAGES.memberShopsBeyondOwn);
}

/** Whether `shopIds` (null or empty: every shop) are within the actor's shops (`scope.shopIds`). */
function withinShops(scope: Scope, shopIds: readonly number[] | null | undefined): boolean {
  return mayReachShops(scope.shopIds, shopIds);
}

/**
 * member-save: an edit changes neither the actor's own record (a member cannot rename themselves or
 * move themselves to another role) nor a member on a role beyond the actor's; the role given is
 * within the actor's permissions.
 */
export async function checkMemberSave(
  scope: Scope,
  actor: TeamActor,
  input: { id?: number; role_id: number; shop_ids?: readonly number[] | undefined },
): Promise<void> {
  if (input.id) {
    const member = await memberById(scope, input.id);
    if (member.id === actor.id && member.account_role !== 'owner') throw refuse(TEAM_RULE_MESSAGES.ownRecord);
    await checkMemberChange(scope, actor, input.id);
  }
  if (!mayGrant(actor, await rolePermissions(scope, input.role_id)))
    throw refuse(TEAM_RULE_MESSAGES.grantBeyondOwn);
  // An edit without shop_ids keeps the member's (within the actor's, checked above); an add gets every shop.
  if ((input.shop_ids !== undefined || !input.id) && !withinShops(scope, input.shop_ids))
    throw refuse(TEAM_RULE_MESSAGES.shopsBeyondOwn);
}

/**
 * Counts one try to add a member by mobile for the account (before the mobile is looked up, and in
 * no transaction, so a refused try counts too); past the limit, 429 whatever the mobile.
 */
export async function countMemberAdd(scope: Scope, now: number): Promise<void> {
  if (!(await memberAdds.hit(scope.db, `member-add:${scope.accountId}`, now)))
    throw new HttpProblem(429, TEAM_RULE_MESSAGES.tooManyAdds);
}
