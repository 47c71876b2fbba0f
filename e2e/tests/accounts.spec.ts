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
