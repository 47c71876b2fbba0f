import type { CurrentUser } from '@consign/api-client';
import { ApiRefusal, HttpProblem } from '../http/respond';
import type { Deps, Handlers } from './types';
import { unix } from './types';

export const AUTH_MESSAGES = {
  captchaFailed: '人机验证失败，请重试',
} as const;

export function authHandlers(
  deps: Deps,
): Pick<
  Handlers,
  '/api/default/send-code' | '/api/default/login' | '/api/default/logout' | '/api/user/info'
> {
  const { db, tokens, sms, captcha, now } = deps;
  return {
    async '/api/default/send-code'({ body, ip }) {
      const passed = await captcha.verify({ ticket: body.ticket, randstr: body.randstr, ip });
      if (!passed) throw new ApiRefusal(AUTH_MESSAGES.captchaFailed);
      await sms.send(body.mobile, ip);
      return null;
    },

    async '/api/default/login'({ body }) {
      await sms.verify(body.mobile, body.code);
      // Any valid mobile becomes a user on its first login.
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (mobile, created_at) VALUES ($1, $2)
         ON CONFLICT (mobile) DO UPDATE SET mobile = EXCLUDED.mobile RETURNING id`,
        [body.mobile, unix(now)],
      );
      if (!row) throw new Error('user upsert returned no row');
      const { token, expiresAt } = await tokens.issue(row.id);
      return { access_token: token, expires_at: expiresAt };
    },

    async '/api/default/logout'({ token }) {
      if (token) await tokens.revoke(token);
      return null;
    },

    async '/api/user/info'({ user }) {
      if (!user) throw new HttpProblem(401, '登录超时，请重新登录');
      return user satisfies CurrentUser;
    },
  };
}
