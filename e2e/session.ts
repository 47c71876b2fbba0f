// Node-side session helpers (no Playwright imports, so that global-setup can use them too).
import { createApiClient } from '../packages/api-client/src/index.ts';

/** The seeded accounts (apps/api-server seed). */
export const ADMIN = { mobile: '13800000000', nickname: '管理员' } as const;
export const USER = { mobile: '13900000000' } as const;
const SECRET = process.env.API_SIGN_SECRET ?? 'consign-dev-secret';

/** A Node-side API client against the test server (signed like the browser's). */
export function nodeApi(baseURL: string, token?: string) {
  return createApiClient({ baseURL, secret: SECRET, getToken: () => token ?? null });
}

/** The latest SMS code the server's console provider sent to `mobile`. */
export async function smsCode(baseURL: string, mobile: string): Promise<string> {
  const res = await fetch(`${baseURL}/__dev/sms?mobile=${mobile}`);
  if (!res.ok) throw new Error(`no SMS code for ${mobile}: HTTP ${res.status}`);
  const body = (await res.json()) as { code?: unknown };
  if (typeof body.code !== 'string' || !/^\d{6}$/.test(body.code))
    throw new Error(`bad SMS code for ${mobile}`);
  return body.code;
}

/** Logs in through the API (send-code with the dev captcha, then login): returns the access token. */
export async function apiLogin(baseURL: string, mobile: string): Promise<string> {
  const api = nodeApi(baseURL);
  await api.call('/api/default/send-code', {
    mobile,
    type: 1,
    sign_type: 1,
    ticket: 'dev-ticket',
    randstr: 'e2e',
  });
  const { access_token } = await api.call('/api/default/login', {
    mobile,
    code: await smsCode(baseURL, mobile),
  });
  return access_token;
}

/**
 * Signs the seeded admin and user in once per run (global-setup) and hands the tokens to the workers
 * through the environment: the server sends one SMS per mobile per 60 s, and a worker that restarts
 * after a failure must not ask again.
 */
export async function signInSeededAccounts(baseURL: string): Promise<void> {
  process.env.E2E_ADMIN_TOKEN = await apiLogin(baseURL, ADMIN.mobile);
  process.env.E2E_USER_TOKEN = await apiLogin(baseURL, USER.mobile);
}
