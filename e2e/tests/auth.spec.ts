import {
  apiLogin,
  contextWithToken,
  expect,
  FRESH,
  loginViaUi,
  nodeApi,
  storedToken,
  test,
} from '../helpers';

test.describe('session', () => {
  test('a visitor without a token logs in by SMS and lands on the page they asked for', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/order/index?pageIndex=2&keyword=%E5%A5%BD');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/order/index?pageIndex=2&keyword=%E5%A5%BD');
    await expect(page).toHaveTitle(/^登录 - /);
    // The form's contract: placeholders, maxlength, agreement ticked by default with its two links.
    await expect(page.getByPlaceholder('请输入短信验证码')).toHaveAttribute('maxlength', '6');
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeDisabled();
    await expect(page.getByRole('checkbox')).toBeChecked();
    await expect(page.getByRole('link', { name: '用户协议' })).toHaveAttribute('href', '/user-agreement');
    await expect(page.getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/privacy-policy');

    await loginViaUi(page, baseURL as string, FRESH.uiLogin);
    await expect(page).toHaveURL(/\/order\/index\?pageIndex=2&keyword=%E5%A5%BD$/);
    await expect(page.getByRole('heading', { name: '代发订单' })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  });

  test('a signed-out /login calls no API and loads no request code until the user asks for a code', async ({
    page,
  }) => {
    // The company config comes embedded in the page; the request code (`transport-<hash>.js`) loads
    // with the first request (the test above logs in through it).
    const loaded: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') || /\/assets\/transport-[\w-]{8}\.js$/.test(path)) loaded.push(path);
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loaded).toEqual([]);
  });

  test('a redirect to another origin is refused: the login lands on the home page', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/login?redirect=//evil.com');
    await loginViaUi(page, baseURL as string, FRESH.evilRedirect);
    await expect(page).toHaveURL(/\/dashboard\/index$/);
    expect(new URL(page.url()).origin).toBe(baseURL);
  });

  test('after login the app goes to the target in place: no second page load, the toast, the title', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/login?redirect=%2Fshop%2Fsetting%3FpageIndex%3D2');
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
    await expect(page).toHaveTitle(/^登录 - /);
    // No page load from here on: a marker on window survives the login.
    await page.evaluate(() => {
      (window as unknown as { loginMarker: number }).loginMarker = 42;
    });
    await loginViaUi(page, baseURL as string, FRESH.directLogin);
    await expect(page).toHaveURL(/\/shop\/setting\?pageIndex=2$/);
    await expect(page.getByRole('heading', { name: '店铺设置' })).toBeVisible();
    await expect(page).toHaveTitle(/^店铺设置 - /);
    expect(await page.evaluate(() => (window as unknown as { loginMarker?: number }).loginMarker)).toBe(42);
    // The app is live: its router navigates from the sidebar.
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '商品管理' }).click();
    await expect(page).toHaveURL(/\/shop\/goods/);
    await expect(page.getByRole('heading', { name: '商品管理' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { loginMarker?: number }).loginMarker)).toBe(42);
  });

  test('when the page code cannot load, the page says so and offers a reload', async ({ page }) => {
    // The login route's own chunk (`login-<hash>.js`; not `login-banners-<hash>.js`).
    const loginChunk = /\/assets\/login-[\w-]{8}\.js$/;
    await page.route(loginChunk, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('页面加载失败，请检查网络后重试。');
    await page.unroute(loginChunk);
    await alert.getByRole('button', { name: '重新加载' }).click();
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  });

  test('logout ends the session and the guard sends the visitor back to the login page', async ({
    browser,
    baseURL,
  }) => {
    const token = await apiLogin(baseURL as string, FRESH.logout);
    const context = await contextWithToken(browser, baseURL as string, token);
    const page = await context.newPage();
    await page.goto('/dashboard/index');
    await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
    await page.getByRole('button', { name: FRESH.logout }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    expect(await storedToken(page)).toBeNull();
    // The server forgot the token too.
    await expect(
      nodeApi(baseURL as string, token).call('/api/user/info', {}, { skipErrorHandler: true }),
    ).rejects.toThrow();
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
    await context.close();
  });

  test('a token revoked mid-session leads to the login page and back to the same page and query', async ({
    browser,
    baseURL,
    adminToken,
  }) => {
    // Both mobiles are members of the demo account (role 运营), added by its owner: the list they
    // return to has the demo orders, so page 3 is there.
    const owner = nodeApi(baseURL as string, adminToken);
    const [role] = (await owner.call('/api/team/role-index', { pageIndex: 1, pageSize: 1, keyword: '运营' }))
      .list;
    if (!role) throw new Error('the seeded role 运营 is missing');
    for (const mobile of [FRESH.revoked, FRESH.reLogin]) {
      await owner.call('/api/team/member-save', { mobile, nickname: '', role_id: role.id });
    }
    const token = await apiLogin(baseURL as string, FRESH.revoked);
    const context = await contextWithToken(browser, baseURL as string, token);
    const page = await context.newPage();
    await page.goto('/order/index?pageIndex=3&pageSize=10');
    await expect(page.getByRole('heading', { name: '代发订单' })).toBeVisible();
    // Another tab logs out: the token in this tab is no longer valid.
    await nodeApi(baseURL as string, token).call('/api/default/logout');
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/order/index?pageIndex=3&pageSize=10');
    expect(await storedToken(page)).toBeNull();
    await loginViaUi(page, baseURL as string, FRESH.reLogin);
    await expect(page).toHaveURL(/\/order\/index\?pageIndex=3&pageSize=10$/);
    await expect(page.locator('[data-slot=pagination] [aria-current=page]')).toHaveText('3');
    await context.close();
  });
});
