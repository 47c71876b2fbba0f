import { Hono } from 'hono';
import { getCompanyConfig } from '../db/company';
import { signUp, userByMobile } from '../db/user';
import type { ApiEnv, Deps } from '../env';
import { clientIp } from '../http/client-ip';
import { ApiRefusal, ok } from '../http/respond';
import { logged } from '../middleware/audit';
import { body } from '../middleware/validate';
import { CaptchaUnavailableError } from '../providers/captcha';

export const AUTH_MESSAGES = {
  captchaFailed: '人机验证未通过，请重试',
  captchaUnavailable: '人机验证服务暂时不可用，请稍后再试',
  signupClosed: '该手机号未开通账号，请联系管理员',
  disabled: '账号已停用',
} as const;

/** The public calls: SMS login, logout and the company branding. */
export function defaultRoutes({ db, tokens, sms, captcha, now, trustProxy, signup }: Deps) {
  return new Hono<ApiEnv>()
    .post('/send-code', body('/api/default/send-code'), async (c) => {
      const { mobile, ticket, randstr } = c.req.valid('json');
      const ip = clientIp(c, trustProxy);
      const passed = await captcha.verify({ ticket, randstr, ip }).catch((error: unknown) => {
        if (error instanceof CaptchaUnavailableError) throw new ApiRefusal(AUTH_MESSAGES.captchaUnavailable);
        throw error;
      });
      if (!passed) throw new ApiRefusal(AUTH_MESSAGES.captchaFailed);
      // Only a mobile that could sign in gets a text; the others get the same answer and rules.
      const user = await userByMobile(db, mobile);
      await sms.send(mobile, ip, user ? user.active : signup === 'open');
      return ok(c, null);
    })
    .post('/login', body('/api/default/login'), async (c) => {
      const { mobile, code } = c.req.valid('json');
      // Committed on its own, before the sign-in: a wrong code counts although the call then fails.
      await sms.verify(mobile, code);
      // A known mobile signs in (unless it or its account is disabled); an unknown one signs up as the
      // owner of a new, empty seller account, unless SIGNUP=closed. The account, the token and the
      // log entry (who, from where; never the code) commit together.
      const answer = await logged(c, async (tx) => {
        let user = await userByMobile(tx, mobile);
        let isNewAccount = false;
        if (!user) {
          if (signup === 'closed') throw new ApiRefusal(AUTH_MESSAGES.signupClosed);
          ({ user, created: isNewAccount } = await signUp(tx, mobile, Math.floor(now() / 1000)));
        }
        if (!user.active) throw new ApiRefusal(AUTH_MESSAGES.disabled);
        const { token, expiresAt } = await tokens.issue(user.id, tx);
        return {
          row: { access_token: token, expires_at: expiresAt, is_new_account: isNewAccount },
          change: { target: { type: 'user', id: user.id, name: mobile }, before: null, after: null },
          actor: { userId: user.id, accountId: user.accountId },
        };
      });
      return ok(c, answer);
    })
    .post('/logout', body('/api/default/logout'), async (c) => {
      const token = c.get('token');
      if (token) await tokens.revoke(token);
      return ok(c, null);
    })
    .post('/config', body('/api/default/config'), async (c) => ok(c, await getCompanyConfig(db)));
}
