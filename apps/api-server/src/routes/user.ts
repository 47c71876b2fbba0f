import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { ok } from '../http/respond';
import { body } from '../middleware/validate';

/** The signed-in user (authentication loaded it). */
export function userRoutes() {
  return new Hono<ApiEnv>().post('/info', body('/api/user/info'), (c) => ok(c, c.get('user')));
}
