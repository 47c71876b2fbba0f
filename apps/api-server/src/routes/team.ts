import { MOBILE_MESSAGE } from '@consign/api-client';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  addMember,
  deleteMember,
  deleteRole,
  listMembers,
  listRoles,
  memberById,
  roleById,
  saveRole,
  setMemberStatus,
  updateMember,
} from '../db/team';
import type { ApiEnv, Deps } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** The signed-in caller's user id (authorisation made sure there is one). */
function callerId(c: Context<ApiEnv>): number {
  const auth = c.get('auth');
  if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
  return auth.userId;
}

/** Roles (权限管理) and members (子账号) of the caller's account; the contract asks `team:manage`. */
export function teamRoutes({ now }: Pick<Deps, 'now'>) {
  const nowS = () => Math.floor(now() / 1000);
  return new Hono<ApiEnv>()
    .post('/role-index', body('/api/team/role-index'), async (c) =>
      ok(c, await listRoles(scope(c), c.req.valid('json'))),
    )
    .post('/role-save', body('/api/team/role-save'), async (c) => {
      const id = await saveRole(scope(c), c.req.valid('json'), nowS());
      return ok(c, await roleById(scope(c), id));
    })
    .post('/role-del', body('/api/team/role-del'), async (c) => {
      const { id } = c.req.valid('json');
      await deleteRole(scope(c), id);
      return ok(c, { id });
    })
    .post('/member-index', body('/api/team/member-index'), async (c) =>
      ok(c, await listMembers(scope(c), c.req.valid('json'))),
    )
    .post('/member-save', body('/api/team/member-save'), async (c) => {
      const { id, mobile, nickname, role_id } = c.req.valid('json');
      if (id) {
        await updateMember(scope(c), { id, nickname, role_id });
        return ok(c, await memberById(scope(c), id));
      }
      if (!mobile) throw new HttpProblem(422, MOBILE_MESSAGE);
      const added = await addMember(scope(c), { mobile, nickname, role_id }, nowS());
      return ok(c, await memberById(scope(c), added));
    })
    .post('/member-status', body('/api/team/member-status'), async (c) => {
      const change = c.req.valid('json');
      await setMemberStatus(scope(c), change, callerId(c), nowS());
      return ok(c, await memberById(scope(c), change.id));
    })
    .post('/member-del', body('/api/team/member-del'), async (c) => {
      const { id } = c.req.valid('json');
      await deleteMember(scope(c), id, callerId(c));
      return ok(c, { id });
    });
}
