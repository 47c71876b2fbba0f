import type { Page } from '@playwright/test';
import { apiLogin, contextWithToken, expect, FRESH, nodeApi, test } from '../helpers';

/**
 * Teams (docs/design.md#seller-accounts-permissions-and-the-operation-log): the owner of the demo account builds a role in 权限管理 and adds a member
 * with it in 子账号; the member's menu, route guards and API follow the role; a member the owner
 * disables is signed out on their next request; a stale role edit says so and keeps the input.
 */

const STALE = '数据已被他人修改，请刷新后重试';

/** Opens 权限管理 and creates a role with exactly `permissions` (their labels), through the dialog. */
async function createRole(page: Page, name: string, permissionLabels: string[]) {
  await page.goto('/user/permission');
  await expect(page.getByRole('heading', { name: '权限管理' })).toBeVisible();
  await page.getByRole('button', { name: '新增角色' }).click();
  const dialog = page.getByRole('dialog', { name: '新增角色' });
  await dialog.getByLabel('角色名称').fill(name);
  for (const label of permissionLabels) {
    await dialog.getByRole('checkbox', { name: label }).check();
  }
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已保存角色「${name}」`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
}

/**
 * Opens 子账号 and adds `mobile` with the role `roleName`, through the dialog; with `oneShop`, limited
 * to the first shop of 店铺权限 (answers its name).
 */
async function addMember(page: Page, mobile: string, nickname: string, roleName: string, oneShop = false) {
  await page.goto('/user/account');
  await expect(page.getByRole('heading', { name: '子账号' })).toBeVisible();
  await page.getByRole('button', { name: '添加子账号' }).click();
  const dialog = page.getByRole('dialog', { name: '添加子账号' });
  await dialog.getByLabel('手机号').fill(mobile);
  await dialog.getByLabel('姓名').fill(nickname);
  await dialog.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: roleName }).click();
  const shops = dialog.getByRole('group', { name: '店铺权限' });
  await expect(shops.getByRole('checkbox', { name: '全部店铺' })).toBeChecked();
  let shopName = '';
  if (oneShop) {
    const first = shops.getByRole('checkbox').nth(1);
    await first.check();
    await expect(shops.getByRole('checkbox', { name: '全部店铺' })).not.toBeChecked();
    shopName = (await shops.locator('label').nth(1).textContent()) ?? '';
  }
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已添加子账号 ${mobile}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: mobile });
  await expect(row).toContainText(roleName);
  await expect(row).toContainText(oneShop ? shopName : '全部店铺');
  return shopName;
}

test('a member without order:view gets /403 on 代发订单 and has no 代发订单 in the menu, 售后订单 stays', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  await createRole(adminPage, '售后客服', ['处理售后订单', '管理商品']);
  // 店铺权限: limited to one shop, the member's goods are that shop's only.
  const shopName = await addMember(adminPage, FRESH.teamMember, '小售', '售后客服', true);

  const token = await apiLogin(baseURL as string, FRESH.teamMember);
  const goods = await nodeApi(baseURL as string, token).call('/api/goods/index', {
    pageIndex: 1,
    pageSize: 100,
  });
  expect(goods.total).toBeGreaterThan(0);
  expect(new Set(goods.list.map((g) => g.shop_name))).toEqual(new Set([shopName]));
  const context = await contextWithToken(browser, baseURL as string, token);
  const page = await context.newPage();
  await page.goto('/order/index');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText('抱歉，您没有权限访问此页面。')).toBeVisible();

  await page.goto('/order/after-sale');
  await expect(page.getByRole('heading', { name: '售后订单' })).toBeVisible();
  const nav = page.locator('aside nav');
  await expect(nav.getByRole('link', { name: '售后订单' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '代发订单' })).toHaveCount(0);
  // 预售订单 lists orders (order:view) and goes too; pages of other missing permissions go.
  await expect(nav.getByRole('link', { name: '预售订单' })).toHaveCount(0);
  // Every page of 用户管理 needs what this role lacks (买家管理, 黑名单 and 地址管理 read the orders:
  // order:view; 子账号 team:manage; 卖家管理 an operator), so the group goes.
  await expect(nav.getByRole('button', { name: '用户管理' })).toHaveCount(0);
  await page.goto('/user/address');
  await expect(page).toHaveURL(/\/403$/);
  await page.goto('/order/after-sale');
  // The shortcut grid of 菜单导航 follows the same rules.
  await page.goto('/dashboard/index');
  const grid = page.locator('main');
  await expect(grid.getByRole('link', { name: '售后订单' })).toBeVisible();
  await expect(grid.getByRole('link', { name: '代发订单' })).toHaveCount(0);
  // The API refuses too.
  await expect(
    nodeApi(baseURL as string, token).call(
      '/api/order/index',
      { pageIndex: 1, pageSize: 1 },
      { skipErrorHandler: true },
    ),
  ).rejects.toMatchObject({ status: 403 });
  await context.close();
});

test('money is a permission: a member without 查看余额与利润 sees no cost, profit, 余额明细, 利润报表 or 充值', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  await createRole(adminPage, '订单客服', ['查看代发订单', '处理代发订单']);
  await addMember(adminPage, FRESH.orderClerk, '小单', '订单客服');

  const token = await apiLogin(baseURL as string, FRESH.orderClerk);
  const context = await contextWithToken(browser, baseURL as string, token);
  const page = await context.newPage();
  await page.goto('/order/index?profit_columns=1');
  await expect(page.getByRole('heading', { name: '代发订单' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // No 成本 / 利润 columns (even asked by the address), no switch for them, no 利润 filter.
  await expect(page.getByRole('columnheader', { name: '成本' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: '利润' })).toHaveCount(0);
  await expect(page.getByLabel('显示成本与利润')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: '利润', exact: true })).toHaveCount(0);
  // No 充值 in the header; 余额明细 and 利润报表 are not in the menu, and their addresses are 403.
  await expect(page.getByRole('button', { name: '帮助' })).toBeVisible();
  await expect(page.getByRole('button', { name: '充值' })).toHaveCount(0);
  const nav = page.locator('aside nav');
  await expect(nav.getByRole('link', { name: '代发订单' })).toBeVisible();
  await expect(nav.getByRole('button', { name: '财务' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: '利润报表' })).toHaveCount(0);
  await page.goto('/finance/balance');
  await expect(page).toHaveURL(/\/403$/);
  await page.goto('/dashboard/profit');
  await expect(page).toHaveURL(/\/403$/);
  await context.close();

  // The owner holds every permission: the same page has them.
  await adminPage.goto('/order/index?profit_columns=1');
  await expect(adminPage.getByRole('columnheader', { name: '成本' })).toBeVisible();
  await expect(adminPage.getByRole('combobox', { name: '利润', exact: true })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: '充值' })).toBeVisible();
});

test('a member the owner disables is signed out on their next request', async ({
  adminPage,
  browser,
  baseURL,
  adminToken,
}) => {
  const owner = nodeApi(baseURL as string, adminToken);
  const [role] = (await owner.call('/api/team/role-index', { pageIndex: 1, pageSize: 1, keyword: '运营' }))
    .list;
  if (!role) throw new Error('the seeded role 运营 is missing');
  await owner.call('/api/team/member-save', {
    mobile: FRESH.disabledMember,
    nickname: '待停用',
    role_id: role.id,
  });

  const token = await apiLogin(baseURL as string, FRESH.disabledMember);
  const context = await contextWithToken(browser, baseURL as string, token);
  const member = await context.newPage();
  await member.goto('/order/index');
  await expect(member.getByRole('heading', { name: '代发订单' })).toBeVisible();

  // The owner disables the member in 子账号 (another browser context).
  await adminPage.goto(`/user/account?keyword=${FRESH.disabledMember}`);
  const row = adminPage.getByRole('row').filter({ hasText: FRESH.disabledMember });
  await row.getByRole('button', { name: `停用子账号 ${FRESH.disabledMember}` }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: '停用子账号' });
  await confirm.getByRole('button', { name: '停用' }).click();
  await expect(adminPage.getByText(`已停用 ${FRESH.disabledMember}`)).toBeVisible();
  await expect(row).toContainText('已停用');

  // The member's next request (a page change in the menu) ends on the login page.
  await member.locator('aside nav').getByRole('link', { name: '售后订单' }).click();
  await expect(member).toHaveURL(/\/login\?redirect=/);
  await context.close();
});

test('a stale role edit shows the 409 message, keeps the input and reloads the current role', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const owner = nodeApi(baseURL as string, adminToken);
  const role = await owner.call('/api/team/role-save', {
    name: '两处编辑的角色',
    permissions: ['order:view'],
  });

  await page.goto('/user/permission');
  await page.getByRole('button', { name: '编辑角色 两处编辑的角色' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑角色' });
  await expect(dialog.getByLabel('角色名称')).toHaveValue('两处编辑的角色');

  // Someone else saves the role first (another tab) ...
  await owner.call('/api/team/role-save', { ...role, name: '第一处的角色' });

  // ... then this dialog, from what it read: refused, the input kept, and 重新加载 loads the current role.
  await dialog.getByLabel('角色名称').fill('第二处的角色');
  await dialog.getByRole('checkbox', { name: '查看操作日志' }).check();
  await dialog.getByRole('button', { name: '确定' }).click();
  const alert = dialog.getByRole('alert').filter({ hasText: STALE });
  await expect(alert).toBeVisible();
  await expect(dialog.getByLabel('角色名称')).toHaveValue('第二处的角色');
  await expect(dialog.getByRole('checkbox', { name: '查看操作日志' })).toBeChecked();
  await alert.getByRole('button', { name: '重新加载' }).click();
  await expect(dialog.getByLabel('角色名称')).toHaveValue('第一处的角色');
  await expect(dialog.getByRole('checkbox', { name: '查看操作日志' })).not.toBeChecked();
  await expect(dialog.getByRole('alert').filter({ hasText: STALE })).toBeHidden();

  // Saved now from the current version.
  await dialog.getByLabel('角色名称').fill('第二处的角色');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已保存角色「第二处的角色」')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('disabling a member someone changed meanwhile says so in the confirmation; after 重新加载 it goes through', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const owner = nodeApi(baseURL as string, adminToken);
  const [role] = (await owner.call('/api/team/role-index', { pageIndex: 1, pageSize: 1, keyword: '运营' }))
    .list;
  if (!role) throw new Error('the seeded role 运营 is missing');
  const member = await owner.call('/api/team/member-save', {
    mobile: FRESH.staleMember,
    nickname: '甲',
    role_id: role.id,
  });

  await page.goto(`/user/account?keyword=${FRESH.staleMember}`);
  const row = page.getByRole('row').filter({ hasText: FRESH.staleMember });
  await row.getByRole('button', { name: `停用子账号 ${FRESH.staleMember}` }).click();
  const confirm = page.getByRole('alertdialog', { name: '停用子账号' });

  // Someone renames the member while the confirmation is open.
  await owner.call('/api/team/member-save', {
    id: member.id,
    nickname: '乙',
    role_id: role.id,
    version: member.version,
  });

  await confirm.getByRole('button', { name: '停用' }).click();
  const alert = confirm.getByRole('alert').filter({ hasText: STALE });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: '重新加载' }).click();
  await expect(confirm.getByRole('alert').filter({ hasText: STALE })).toBeHidden();
  await confirm.getByRole('button', { name: '停用' }).click();
  await expect(page.getByText(`已停用 ${FRESH.staleMember}`)).toBeVisible();
  await expect(confirm).toBeHidden();
  // The row shows the member as they are now: the other rename, and disabled.
  await expect(row).toContainText('乙');
  await expect(row).toContainText('已停用');
});

test('卖家管理 lists the seller accounts for operators, with the owner mobile masked', async ({
  adminPage: page,
}) => {
  await page.goto('/user/seller');
  await expect(page.getByRole('heading', { name: '卖家管理' })).toBeVisible();
  const demo = page.getByRole('row').filter({ hasText: '云仓演示店' });
  await expect(demo).toContainText('138****0000');
  // 订单数: the 480 seeded orders, and more from the specs that type in or import orders before
  // this one; then its balance (¥, two decimals) and the status.
  const cells = demo.getByRole('cell');
  expect(Number(await cells.nth(4).textContent())).toBeGreaterThanOrEqual(480);
  await expect(cells.nth(5)).toHaveText(/^¥[\d,]+\.\d{2}$/);
  await expect(cells.nth(6)).toHaveText('正常');
  await expect(page.getByText('13800000000')).toHaveCount(0);
  // The operator works in the demo account: no 停用 there (the server would refuse it).
  await expect(demo).toContainText('当前账号');
  await expect(demo.getByRole('button', { name: /停用/ })).toHaveCount(0);
  // Nor 调整余额: another operator adjusts the balance of the account an operator works in.
  await expect(demo.getByRole('button')).toHaveCount(0);
});

test('a member who manages the team is offered only what lies within their own permissions', async ({
  adminPage,
  browser,
  baseURL,
}) => {
  await createRole(adminPage, '团队管理员', ['子账号与权限管理']);
  await addMember(adminPage, FRESH.teamManager, '小管', '团队管理员');
  await addMember(adminPage, FRESH.managedMember, '小组员', '团队管理员');

  const token = await apiLogin(baseURL as string, FRESH.teamManager);
  const context = await contextWithToken(browser, baseURL as string, token);
  const page = await context.newPage();
  await page.goto('/user/account');
  // Their own row and the row of a member whose role holds more (运营) offer nothing ...
  for (const mobile of [FRESH.teamManager, '13900000000']) {
    await expect(page.getByRole('row').filter({ hasText: mobile })).toBeVisible();
    for (const action of ['编辑', '停用', '删除']) {
      await expect(page.getByRole('button', { name: `${action}子账号 ${mobile}` })).toHaveCount(0);
    }
  }
  // ... a member on a role within theirs keeps every action, and the dialog offers only such roles.
  await expect(page.getByRole('button', { name: `停用子账号 ${FRESH.managedMember}` })).toBeVisible();
  await page.getByRole('button', { name: `编辑子账号 ${FRESH.managedMember}` }).click();
  const dialog = page.getByRole('dialog', { name: '编辑子账号' });
  await dialog.getByRole('combobox', { name: '角色' }).click();
  await expect(page.getByRole('option', { name: '团队管理员' })).toBeEnabled();
  await expect(page.getByRole('option', { name: '运营' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // 权限管理: no edit or delete on a role holding more, and only their own permission to tick.
  await page.goto('/user/permission');
  await expect(page.getByRole('row').filter({ hasText: '运营' })).toBeVisible();
  await expect(page.getByRole('button', { name: '编辑角色 运营' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '删除角色 运营' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '编辑角色 团队管理员' })).toBeVisible();
  await page.getByRole('button', { name: '新增角色' }).click();
  const roleDialog = page.getByRole('dialog', { name: '新增角色' });
  await expect(roleDialog.getByRole('checkbox', { name: '子账号与权限管理' })).toBeEnabled();
  await expect(roleDialog.getByRole('checkbox', { name: '查看代发订单' })).toBeDisabled();
  await context.close();
});

test('a member managing the team for some shops only: no actions on a member reaching more shops, and no 全部店铺 to give', async ({
  adminToken,
  browser,
  baseURL,
}) => {
  const owner = nodeApi(baseURL as string, adminToken);
  const [shop] = (await owner.call('/api/shop/index', { pageIndex: 1, pageSize: 1 })).list;
  if (!shop) throw new Error('the demo account has no shop');
  const role = await owner.call('/api/team/role-save', {
    name: '店铺团队管理',
    permissions: ['team:manage'],
  });
  const add = (mobile: string, shopIds: number[]) =>
    owner.call('/api/team/member-save', { mobile, nickname: '', role_id: role.id, shop_ids: shopIds });
  await add(FRESH.shopManager, [shop.id]);
  await add(FRESH.everyShopMember, []);
  await add(FRESH.oneShopMember, [shop.id]);

  const token = await apiLogin(baseURL as string, FRESH.shopManager);
  const context = await contextWithToken(browser, baseURL as string, token);
  const page = await context.newPage();
  await page.goto('/user/account');
  // A member on the same role but reaching every shop: the server refuses any change, so nothing is offered.
  const everyShop = page.getByRole('row').filter({ hasText: FRESH.everyShopMember });
  await expect(everyShop).toBeVisible();
  await expect(everyShop.getByTitle('该子账号的店铺权限超出您的店铺，不能修改、停用或删除')).toBeVisible();
  for (const action of ['编辑', '停用', '删除']) {
    await expect(page.getByRole('button', { name: `${action}子账号 ${FRESH.everyShopMember}` })).toHaveCount(
      0,
    );
  }
  // One within their shop keeps its actions.
  await expect(page.getByRole('button', { name: `编辑子账号 ${FRESH.oneShopMember}` })).toBeVisible();
  // Adding: only their own shop to tick, never 全部店铺.
  await page.getByRole('button', { name: '添加子账号' }).click();
  const shops = page.getByRole('dialog', { name: '添加子账号' }).getByRole('group', { name: '店铺权限' });
  await expect(shops.getByRole('checkbox', { name: '全部店铺' })).toBeDisabled();
  await expect(shops.getByRole('checkbox', { name: shop.name })).toBeEnabled();
  await context.close();
});

test('the member form offers every shop of an owner with more than 100 (page after page), and finds one by name', async ({
  browser,
  baseURL,
}) => {
  // The shop list answered as for an owner of 150 shops (authorising 150 shops on the sandboxes would
  // load the shared server with their demo orders); the form must read past the first page of 100.
  const TOTAL = 150;
  const token = await apiLogin(baseURL as string, FRESH.manyShopsOwner);
  const context = await contextWithToken(browser, baseURL as string, token);
  const page = await context.newPage();
  await page.route('**/api/shop/index', async (route) => {
    const { pageIndex, pageSize } = route.request().postDataJSON() as { pageIndex: number; pageSize: number };
    const first = (pageIndex - 1) * pageSize + 1;
    const count = Math.max(0, Math.min(pageSize, TOTAL - first + 1));
    const list = Array.from({ length: count }, (_, i) => ({
      id: 90_000 + first + i,
      name: `批量店铺${first + i}`,
      platform: 'pinduoduo',
      platform_shop_id: null,
      group_id: null,
      group_name: '',
      auth_status: 'authorized',
      auth_expires_at: null,
      authorised_until: null,
      disabled_at: null,
      state: 'normal',
      goods_count: 0,
      created_at: 1_700_000_000,
      version: 1,
    }));
    await route.fulfill({ json: { errorCode: 0, msg: '', data: { list, total: TOTAL } } });
  });
  await page.goto('/user/account');
  await page.getByRole('button', { name: '添加子账号' }).click();
  const shops = page.getByRole('dialog', { name: '添加子账号' }).getByRole('group', { name: '店铺权限' });
  // 全部店铺 and the 150 shops.
  await expect(shops.getByRole('checkbox')).toHaveCount(TOTAL + 1);
  await shops.getByLabel('按名称搜索店铺').fill('批量店铺150');
  await expect(shops.getByRole('checkbox', { name: '批量店铺150' })).toBeVisible();
  await expect(shops.getByRole('checkbox')).toHaveCount(2);
  await context.close();
});
