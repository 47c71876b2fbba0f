import type { Context } from 'hono';
import { Hono } from 'hono';
import { saveAccountName, saveNickname, userProfile } from '../db/profile';
import type { ApiEnv } from '../env';
import { HttpProblem, MESSAGES, ok } from '../http/respond';
import { recordChange } from '../middleware/audit';
import { scope } from '../middleware/authentication';
import { body } from '../middleware/validate';

/** The signed-in caller's user id (authorisation made sure there is one). */
function callerId(c: Context<ApiEnv>): number {
  const auth = c.get('auth');
  if (!auth) throw new HttpProblem(401, MESSAGES.unauthorized);
  return auth.userId;
}

/** The signed-in user (authentication loaded it) and 用户中心 (db/profile.ts). */
export function userRoutes() {
  return new Hono<ApiEnv>()
    .post('/info', body('/api/user/info'), (c) => ok(c, c.get('user')))
    .post('/profile', body('/api/user/profile'), async (c) => ok(c, await userProfile(scope(c), callerId(c))))
    .post('/profile-save', body('/api/user/profile-save'), async (c) => {
      const { row, change } = await saveNickname(scope(c), callerId(c), c.req.valid('json'));
      recordChange(c, change);
      return ok(c, row);
    })
    .post('/account-save', body('/api/user/account-save'), async (c) => {
      const { row, change } = await saveAccountName(scope(c), callerId(c), c.req.valid('json'));
      recordChange(c, change);
      return ok(c, row);
    });
}
