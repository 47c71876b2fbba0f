import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { getCompanyConfig } from '../db/company';
import { signUp, userByMobile } from '../db/user';
import type { ApiEnv, Deps } from '../env';
import { ApiRefusal, ok } from '../http/respond';
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
  const clientIp = (c: Context<ApiEnv>): string => {
    if (trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };

  return new Hono<ApiEnv>()
    .post('/send-code', body('/api/default/send-code'), async (c) => {
      const { mobile, ticket, randstr } = c.req.valid('json');
      const ip = clientIp(c);
      const passed = await captcha.verify({ ticket, randstr, ip }).catch((error: unknown) => {
        if (error instanceof CaptchaUnavailableError) throw new ApiRefusal(AUTH_MESSAGES.captchaUnavailable);
        throw error;
      });
      if (!passed) throw new ApiRefusal(AUTH_MESSAGES.captchaFailed);
      await sms.send(mobile, ip);
      return ok(c, null);
    })
    .post('/login', body('/api/default/login'), async (c) => {
      const { mobile, code } = c.req.valid('json');
      await sms.verify(mobile, code);
      // A known mobile signs in (unless it or its account is disabled); an unknown one signs up as the
      // owner of a new, empty seller account, unless SIGNUP=closed (DESIGN.md section 9).
      let user = await userByMobile(db, mobile);
      let isNewAccount = false;
      if (!user) {
        if (signup === 'closed') throw new ApiRefusal(AUTH_MESSAGES.signupClosed);
        ({ user, created: isNewAccount } = await signUp(db, mobile, Math.floor(now() / 1000)));
      }
      if (!user.active) throw new ApiRefusal(AUTH_MESSAGES.disabled);
      const { token, expiresAt } = await tokens.issue(user.id);
      return ok(c, { access_token: token, expires_at: expiresAt, is_new_account: isNewAccount });
    })
    .post('/logout', body('/api/default/logout'), async (c) => {
      const token = c.get('token');
      if (token) await tokens.revoke(token);
      return ok(c, null);
    })
    .post('/config', body('/api/default/config'), async (c) => ok(c, await getCompanyConfig(db)));
}
