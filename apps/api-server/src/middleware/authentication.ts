import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import type { TokenStore } from '../security/tokens';

/**
 * Who is calling: the user of a valid `Authorization: Bearer <token>`, else null. Refuses nothing
 * itself (public calls take an optional token, e.g. logout); `authorisation` decides.
 */
export function authentication(tokens: TokenStore) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
    const userId = token ? await tokens.verify(token) : null;
    c.set('token', token);
    c.set('user', userId === null ? null : await tokens.user(userId));
    await next();
  });
}
