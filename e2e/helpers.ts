import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { test as base, expect as baseExpect } from './fixtures';
import { ADMIN, apiLogin, nodeApi, smsCode, USER } from './session';

export { ADMIN, apiLogin, nodeApi, smsCode, USER };

/** Playwright's expect, with the patient timeout of playwright.config.ts. */
export const expect = baseExpect;

/** localStorage key of the access token. */
export const TOKEN_KEY = 'mmtAccessToken';

/**
 * Fresh mobiles for the tests that log in through the UI or end their session: every number is used
 * once per run, because the server sends one SMS per mobile per 60 s (and 30 per IP per 10 minutes).
 */
export const FRESH = {
  uiLogin: '13700000001',
  evilRedirect: '13700000002',
  logout: '13700000003',
  revoked: '13700000005',
  reLogin: '13700000006',
  directLogin: '13700000007',
  signUp: '13700000008',
  teamMember: '13700000011',
  disabledMember: '13700000012',
  staleMember: '13700000031',
  teamManager: '13700000041',
  managedMember: '13700000042',
  shopManager: '13700000043',
  everyShopMember: '13700000044',
  oneShopMember: '13700000045',
  manyShopsOwner: '13700000046',
  userCenter: '13700000051',
  orderClerk: '13700000081',
  workbenchWide: '13700000091',
  workbenchNarrow: '13700000092',
} as const;

/** A browser context whose localStorage already holds `token` (as after a login). */
export async function contextWithToken(
  browser: Browser,
  baseURL: string,
  token: string,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: TOKEN_KEY, value: token }] }],
    },
  });
}

/** Fills the login form of the current page (already on /login) and submits it as `mobile`. */
export async function loginViaUi(page: Page, baseURL: string, mobile: string): Promise<void> {
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  const getCode = page.getByRole('button', { name: '获取验证码' });
  await expect(getCode).toBeEnabled();
  await getCode.click();
  await expect(page.getByText('验证码已发送到您的手机')).toBeVisible();
  await expect(page.getByRole('button', { name: /\d+秒后重新获取/ })).toBeDisabled();
  await page.getByPlaceholder('请输入短信验证码').fill(await smsCode(baseURL, mobile));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
}

/** The page's stored token. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
}

type Sessions = { adminToken: string; userToken: string; shortName: string };
type Pages = { adminPage: Page; userPage: Page };

function fromEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: global-setup did not start the server or sign in`);
  return value;
}

/**
 * `test` with signed-in pages: global-setup signed the seeded admin and user in once (one SMS each per
 * run), and each test gets a fresh browser context whose localStorage holds the token.
 */
export const test = base.extend<Pages, Sessions>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
  adminToken: [async ({}, use) => use(fromEnv('E2E_ADMIN_TOKEN')), { scope: 'worker' }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
  userToken: [async ({}, use) => use(fromEnv('E2E_USER_TOKEN')), { scope: 'worker' }],
  shortName: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies.
    async ({}, use) => use((await nodeApi(fromEnv('E2E_BASE_URL')).call('/api/default/config')).short_name),
    { scope: 'worker' },
  ],
  adminPage: async ({ browser, baseURL, adminToken }, use) => {
    const context = await contextWithToken(browser, baseURL as string, adminToken);
    await use(await context.newPage());
    await context.close();
  },
  userPage: async ({ browser, baseURL, userToken }, use) => {
    const context = await contextWithToken(browser, baseURL as string, userToken);
    await use(await context.newPage());
    await context.close();
  },
});

/**
 * Picks the first option of a select (Radix Select) as a person does: opens it, clicks the option, and
 * checks the list closed. A click that lands while the list is still being placed is dropped by Radix
 * under a loaded machine (the list stays open and hides the page from the next step), so the pick is
 * made again until the list has closed.
 */
export async function chooseFirstOption(page: Page, select: Locator): Promise<void> {
  const list = page.getByRole('listbox');
  await baseExpect(async () => {
    if (!(await list.isVisible())) await select.click();
    await page.getByRole('option').first().click({ timeout: 5_000 });
    await baseExpect(list).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
