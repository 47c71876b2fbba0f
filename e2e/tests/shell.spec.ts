import { ADMIN, expect, nodeApi, test, USER } from '../helpers';

/** Every route of docs/product.md#screens-and-routes with its title (the document title is `{title} - {short_name}`). */
/** Every route of docs/product.md#screens-and-routes with its title (the document title is `{title} - {short_name}`). */
const SHELL_TITLES: ReadonlyArray<readonly [path: string, title: string]> = [
  ['/account', '用户中心'],
  ['/dashboard/index', '工作台'],
  ['/dashboard/guide', '新手指引'],
  ['/dashboard/help', '帮助中心'],
  ['/dashboard/tools', '常用工具'],
  ['/order/index', '代发订单'],
  ['/order/after-sale', '售后订单'],
  ['/shop/setting', '店铺设置'],
  ['/shop/setting/group', '店铺分组'],
  ['/shop/copy', '商品复制'],
  ['/shop/copy/list', '复制记录'],
  ['/shop/goods', '商品管理'],
  ['/shop/goods/detail', '商品编辑'],
  ['/system/global', '全局设置'],
  ['/system/setting', '代发设置'],
  ['/system/logs', '操作日志'],
  ['/dashboard/download', '下载中心'],
  ['/user/seller', '卖家管理'],
  ['/user/account', '子账号'],
  ['/user/permission', '权限管理'],
  ['/user/buyer', '买家管理'],
  ['/user/black-list', '黑名单'],
  ['/user/address', '地址管理'],
  ['/order/pre-sale', '预售订单'],
  ['/shop/help', '平台精选'],
  // 充值异常 (operators)
  ['/finance/payment-issues/topups', '异常充值'],
  ['/finance/payment-issues/notices', '被拒通知'],
];

const REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/', '/dashboard/index'],
  ['/dashboard', '/dashboard/index'],
  ['/order', '/order/index'],
  ['/shop', '/shop/setting'],
  ['/system', '/system/global'],
];

test('every page of the shell has its title', async ({ adminPage: page, shortName }) => {
  expect(shortName).not.toBe('');
  for (const [path, title] of SHELL_TITLES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} - ${shortName}`);
    await expect(page.locator('main'), path).toContainText(title);
  }
});

test('the group paths redirect to their first page', async ({ adminPage: page }) => {
  for (const [from, to] of REDIRECTS) {
    await page.goto(from);
    await expect(page, from).toHaveURL(new RegExp(`${to}$`));
  }
});

test('the public pages have their titles too', async ({ page, shortName }) => {
  for (const [path, title] of [
    ['/login', '登录'],
    ['/privacy-policy', '隐私政策'],
    ['/user-agreement', '用户协议'],
    ['/403', '无权限'],
    ['/500', '服务器错误'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} - ${shortName}`);
  }
  // The legal pages are readable documents, marked as a template to adapt.
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
  expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('note')).toContainText('模板');
});

test('the breadcrumb shows only when more than one titled route is active', async ({ adminPage: page }) => {
  const breadcrumb = page.getByRole('navigation', { name: '面包屑' });
  await page.goto('/dashboard/index');
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
  await expect(breadcrumb).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: '用户中心' })).toBeVisible();
  await expect(breadcrumb).toHaveCount(0);
  await page.goto('/order/index');
  await expect(breadcrumb).toBeVisible();
  await expect(breadcrumb).toContainText('订单管理');
  await expect(breadcrumb).toContainText('代发订单');
  await page.goto('/shop/setting/group');
  await expect(breadcrumb.getByRole('listitem')).toHaveText([/店铺管理/, /店铺设置/, /店铺分组/]);
});

test('the sidebar is 208 px wide, 60 px collapsed, and its theme survives a reload', async ({
  adminPage: page,
}) => {
  await page.goto('/dashboard/index');
  const sidebar = page.locator('[data-slot=sidebar]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(208);
  await page.getByRole('button', { name: '折叠菜单' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(60);
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(208);

  const theme = page.getByRole('switch', { name: '暗色菜单' });
  const before = await sidebar.getAttribute('data-theme');
  const after = before === 'dark' ? 'light' : 'dark';
  await theme.click();
  await expect(sidebar).toHaveAttribute('data-theme', after);
  expect(await page.evaluate(() => window.localStorage.getItem('sideMenuTheme'))).toContain(after);
  await page.reload();
  await expect(page.locator('[data-slot=sidebar]')).toHaveAttribute('data-theme', after);
});

test('the header clock ticks every second', async ({ adminPage: page }) => {
  await page.goto('/dashboard/index');
  const clock = page.locator('[data-slot=header-clock]');
  await expect(clock).toContainText(/\d{2}:\d{2}:\d{2}/);
  await expect(clock).toContainText(/星期[一二三四五六日]/);
  await expect(clock).toContainText(/\d{4}-\d{2}-\d{2}/);
  const first = await clock.textContent();
  await expect.poll(() => clock.textContent()).not.toBe(first);
});

test('the header: 充值, 帮助, 消息通知 with the unread count, and the administrator nickname', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  await page.goto('/dashboard/index');
  const header = page.locator('header');
  await expect(header.getByRole('button', { name: '充值' })).toBeVisible();
  await expect(header.getByRole('button', { name: '帮助' })).toBeVisible();
  // The seeded shops' expired authorisations are unread notifications of the demo account.
  const { unread } = await nodeApi(baseURL as string, adminToken).call('/api/notification/unread-count');
  expect(unread).toBeGreaterThan(0);
  const badge = unread > 99 ? '99+' : String(unread);
  await expect(header.getByRole('button', { name: `消息通知 ${badge}` })).toContainText(badge);
  await expect(header.getByRole('button', { name: ADMIN.nickname })).toBeVisible();
});

test('the administrator sees 全局设置 in the menu and the shortcut grid', async ({ adminPage: page }) => {
  await page.goto('/dashboard/index');
  const nav = page.locator('aside nav');
  await nav.getByRole('button', { name: '系统设置' }).click();
  await expect(nav.getByRole('link', { name: '全局设置' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '代发设置' })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: '全局设置' })).toBeVisible();
  // Each group of the grid is headed by its menu icon and title.
  const heading = page.locator('main').getByRole('heading', { name: '系统设置' });
  await expect(heading.locator('svg')).toHaveCount(1);
  await page.locator('main').getByRole('link', { name: '全局设置' }).click();
  await expect(page).toHaveURL(/\/system\/global$/);
  await expect(page.getByRole('heading', { name: '全局设置' })).toBeVisible();
});

test('a normal user does not see 全局设置, still sees 代发设置, and the header shows the mobile', async ({
  userPage: page,
}) => {
  await page.goto('/dashboard/index');
  await expect(page.locator('header').getByRole('button', { name: USER.mobile })).toBeVisible();
  const nav = page.locator('aside nav');
  await nav.getByRole('button', { name: '系统设置' }).click();
  await expect(nav.getByRole('link', { name: '代发设置' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '全局设置' })).toHaveCount(0);
  await expect(page.locator('main').getByRole('link', { name: '全局设置' })).toHaveCount(0);
  await expect(page.locator('main').getByRole('link', { name: '代发设置' })).toBeVisible();
});
