import type { Page } from '@playwright/test';
import { expect, FRESH, loginViaUi, nodeApi, test } from '../helpers';

/** Seller accounts (docs/design.md#seller-accounts-permissions-and-the-operation-log): a new seller signs up into an empty workspace of their own. */

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');

test('a second seller signs up, lands on 新手指引, sees an empty workspace and cannot open the demo goods', async ({
  page,
  baseURL,
  adminToken,
}) => {
  // A product of the demo account (the seeded admin owns it).
  const demo = await nodeApi(baseURL as string, adminToken).call('/api/goods/index', {
    pageIndex: 1,
    pageSize: 1,
  });
  const demoGoods = demo.list[0];
  if (!demoGoods) throw new Error('the demo account has no goods');

  await page.goto('/login');
  await loginViaUi(page, baseURL as string, FRESH.signUp);
  await expect(page).toHaveURL(/\/dashboard\/guide$/);
  await expect(page.getByRole('button', { name: FRESH.signUp })).toBeVisible();

  await page.goto('/order/index');
  await expect(page.getByRole('heading', { name: '代发订单' })).toBeVisible();
  await expect(page.getByText('暂无数据')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  await page.goto(`/shop/goods/detail?id=${demoGoods.id}`);
  await expect(page.getByText('商品不存在或已删除。')).toBeVisible();
  await expect(page.getByText(demoGoods.title)).toHaveCount(0);
  await expect(page.locator(`input[value="${demoGoods.title}"]`)).toHaveCount(0);
});

test('用户中心: from the user menu a new seller sets their nickname (the header shows it) and the account name, which 卖家管理 shows', async ({
  page,
  baseURL,
  adminPage,
}) => {
  await page.goto('/login');
  await loginViaUi(page, baseURL as string, FRESH.userCenter);
  await page.getByRole('button', { name: FRESH.userCenter }).click();
  await page.getByRole('menuitem', { name: '用户中心' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: '用户中心' })).toBeVisible();

  const nickname = page.getByRole('form', { name: '昵称' });
  await nickname.getByRole('textbox', { name: '昵称' }).fill('新店小李');
  await nickname.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('button', { name: '新店小李' })).toBeVisible();

  const account = page.getByRole('form', { name: '账号名称' });
  // Named by the owner's mobile until renamed; an empty name is refused in the page.
  await expect(account.getByRole('textbox', { name: '账号名称' })).toHaveValue(FRESH.userCenter);
  await account.getByRole('textbox', { name: '账号名称' }).fill(' ');
  await account.getByRole('button', { name: '保存' }).click();
  await expect(account.getByText('请输入账号名称')).toBeVisible();
  await account.getByRole('textbox', { name: '账号名称' }).fill('小李代发工作室');
  await account.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('账号名称已保存')).toBeVisible();

  await adminPage.goto(`/user/seller?keyword=${FRESH.userCenter}`);
  await expect(rows(adminPage)).toHaveCount(1);
  await expect(rows(adminPage).first()).toContainText('小李代发工作室');
  await expect(rows(adminPage).first()).not.toContainText(FRESH.userCenter);
});
