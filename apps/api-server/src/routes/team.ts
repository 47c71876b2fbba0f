import { type Member, MOBILE_MESSAGE, type TeamRole } from '@consign/api-client';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { withDb } from '../db/scope';
import {
  addMember,
  deleteMember,
  deleteRole,
  listMembers,
  listRoles,
  memberById,
  memberShops,
  roleById,
  saveRole,
  setMemberStatus,
  updateMember,
} from '../db/team';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { logged, recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import {
  checkMemberChange,
  checkMemberSave,
  checkRoleDelete,
  checkRoleSave,
  countMemberAdd,
  type TeamActor,
} from '../team-rules';

/** The signed-in caller's user id (authorisation made sure there is one). */
function callerId(c: Context<ApiEnv>): number {
  const auth = c.get('auth');
  if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
  return auth.userId;
}

/** The caller as the team rules see them (team-rules.ts): their id and what they hold now. */
function actor(c: Context<ApiEnv>): TeamActor {
  const user = c.get('user');
  if (!user) throw new HttpProblem(401, MESSAGES.unauthorized);
  return user;
}

/** What the operation log shows of a role and of a member (not the counts, which change on their own). */
const roleFields = (r: TeamRole) => ({ name: r.name, permissions: r.permissions });
const memberFields = (m: Member) => ({
  mobile: m.mobile,
  nickname: m.nickname,
  role: m.role_name,
  status: m.status,
  shops: m.shop_ids === null ? '全部店铺' : m.shop_names.join('、') || '无',
});
const roleTarget = (r: TeamRole) => ({ type: 'role', id: r.id, name: r.name });
const memberTarget = (m: Member) => ({ type: 'member', id: m.id, name: m.nickname || m.mobile });

/**
 * Roles (权限管理) and members (子账号) of the caller's account; the contract asks `team:manage`, and
 * every write first passes the team rules (team-rules.ts: nobody hands out what they do not hold).
 */
export function teamRoutes({ now }: Pick<Deps, 'now'>) {
  const nowS = () => Math.floor(now() / 1000);
  return new Hono<ApiEnv>()
    .post('/role-index', body('/api/team/role-index'), async (c) =>
      ok(c, await listRoles(scope(c), c.req.valid('json'))),
    )
    .post('/role-save', body('/api/team/role-save'), async (c) => {
      const input = c.req.valid('json');
      await checkRoleSave(scope(c), actor(c), input);
      const before = input.id ? await roleById(scope(c), input.id) : null;
      const after = await roleById(scope(c), await saveRole(scope(c), input, nowS()));
      recordChange(c, {
        target: roleTarget(after),
        before: before && roleFields(before),
        after: roleFields(after),
      });
      return ok(c, after);
    })
    .post('/role-del', body('/api/team/role-del'), async (c) => {
      const { id } = c.req.valid('json');
      await checkRoleDelete(scope(c), actor(c), id);
      const before = await roleById(scope(c), id);
      await deleteRole(scope(c), id);
      recordChange(c, { target: roleTarget(before), before: roleFields(before), after: null });
      return ok(c, { id });
    })
    .post('/member-index', body('/api/team/member-index'), async (c) =>
      ok(c, await listMembers(scope(c), c.req.valid('json'))),
    )
    .post('/member-save', body('/api/team/member-save'), async (c) => {
      const { id, mobile, nickname, role_id, version, shop_ids } = c.req.valid('json');
      // Every try to add by mobile counts, a refused one too, so it commits before (and apart from)
      // the write: member-save commits in parts (middleware/audit.ts).
      if (!id && mobile) await countMemberAdd(scope(c), nowS());
      const saved = await logged(c, async (tx) => {
        const team = withDb(scope(c), tx);
        await checkMemberSave(team, actor(c), { id, role_id, shop_ids });
        const shops = shop_ids === undefined ? undefined : await memberShops(team, shop_ids);
        if (id) {
          const before = await memberById(team, id);
          await updateMember(team, { id, nickname, role_id, version, shop_ids: shops });
          const after = await memberById(team, id);
          return {
            row: after,
            change: { target: memberTarget(after), before: memberFields(before), after: memberFields(after) },
          };
        }
        if (!mobile) throw new HttpProblem(422, MOBILE_MESSAGE);
        const added = await memberById(
          team,
          await addMember(team, { mobile, nickname, role_id, shop_ids: shops ?? null }, nowS()),
        );
        return {
          row: added,
          change: { target: memberTarget(added), before: null, after: memberFields(added) },
        };
      });
      return ok(c, saved);
    })
    .post('/member-status', body('/api/team/member-status'), async (c) => {
      const change = c.req.valid('json');
      await checkMemberChange(scope(c), actor(c), change.id);
      const before = await memberById(scope(c), change.id);
      await setMemberStatus(scope(c), change, callerId(c), nowS());
      const after = await memberById(scope(c), change.id);
      recordChange(c, {
        target: memberTarget(after),
        before: memberFields(before),
        after: memberFields(after),
      });
      return ok(c, after);
    })
    .post('/member-del', body('/api/team/member-del'), async (c) => {
      const { id } = c.req.valid('json');
      await checkMemberChange(scope(c), actor(c), id);
      const before = await memberById(scope(c), id);
      await deleteMember(scope(c), id, callerId(c));
      recordChange(c, { target: memberTarget(before), before: memberFields(before), after: null });
      return ok(c, { id });
    });
}
