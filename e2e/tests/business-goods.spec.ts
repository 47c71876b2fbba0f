import type { Page } from '@playwright/test';
import { expect, test } from '../helpers';

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');
const currentPage = (page: Page) => page.locator('[data-slot=pagination] [aria-current=page]');

/** `column` counts the data columns: the first column (0) is the one after the selection checkbox. */
async function expectEveryRow(page: Page, column: number, pattern: RegExp) {
  await expect(async () => {
    const texts = await rows(page)
      .locator(`td:nth-child(${column + 2})`)
      .allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(pattern);
  }).toPass();
}

test('商品管理: status tab and shop filter, paging, reload keeps the state', async ({ adminPage: page }) => {
  await page.goto('/shop/goods');
  await expect(page.getByRole('heading', { name: '商品管理' })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await page.getByRole('tab', { name: '在售' }).click();
  await expect(page).toHaveURL(/status=on_sale/);
  await expectEveryRow(page, 4, /^在售$/);

  await page.getByRole('combobox', { name: '店铺' }).click();
  const option = page.getByRole('option').nth(1);
  const shopName = ((await option.textContent()) ?? '').trim();
  await option.click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/shop_id=\d+/);
  await expectEveryRow(page, 1, new RegExp(`^${shopName}$`));
  await expectEveryRow(page, 4, /^在售$/);

  await page.getByRole('button', { name: '重置' }).click();
  await page.locator('[data-slot=pagination]').getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\/shop\/goods\?pageIndex=2$/);
  const first = await rows(page).first().getAttribute('data-row-id');
  await page.reload();
  await expect(currentPage(page)).toHaveText('2');
  await expect(rows(page).first()).toHaveAttribute('data-row-id', first ?? '');
});

test('商品编辑: validation, a warning before unsaved changes are lost, a failed save keeps the input, save', async ({
  adminPage: page,
}) => {
  await page.goto('/shop/goods');
  // The first cell is the selection checkbox (发布到店铺), the title the next.
  const title = ((await rows(page).first().locator('td').nth(1).textContent()) ?? '').trim();
  await page.getByRole('link', { name: `编辑商品 ${title}` }).click();
  await expect(page).toHaveURL(/\/shop\/goods\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '商品编辑' })).toBeVisible();
  await expect(page.getByLabel('商品标题')).toHaveValue(title);
  // 规格与货源: a seeded product has no SKUs.
  const skus = page.getByRole('region', { name: '规格与货源' });
  await expect(skus).toContainText('还没有规格');

  // Validation: nothing is sent while a field is wrong.
  const newTitle = `E2E 改名商品 ${Date.now() % 100000}`;
  await page.getByLabel('商品标题').fill(newTitle);
  await page.getByLabel('售价').fill('12.345');
  await page.getByLabel('库存').fill('-1');
  let saves = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/goods/save')) saves += 1;
  });
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('请输入大于 0 且不超过 1,000,000 的价格（最多两位小数）')).toBeVisible();
  await expect(page.getByText('请输入 0-1,000,000 之间的整数')).toBeVisible();
  expect(saves).toBe(0);
  await page.getByLabel('售价').fill('12.3');
  await page.getByLabel('库存').fill('0');

  // Leaving asks first; staying keeps the edits.
  await page.getByRole('link', { name: '返回商品管理' }).click();
  const ask = page.getByRole('alertdialog', { name: '放弃未保存的修改？' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/shop\/goods\/detail\?id=\d+$/);
  await expect(page.getByLabel('商品标题')).toHaveValue(newTitle);

  // A failed save keeps what was typed.
  await page.route('**/api/goods/save', (route) => route.abort('failed'), { times: 1 });
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeEnabled();
  await expect(page.getByLabel('商品标题')).toHaveValue(newTitle);
  await expect(page.getByLabel('售价')).toHaveValue('12.3');

  // Save: a toast, then leaving no longer asks and the list shows the product first.
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('商品已保存')).toBeVisible();
  await expect(page.getByLabel('售价')).toHaveValue('12.30');
  await expect(skus).toContainText('还没有规格');
  await page.getByRole('link', { name: '返回商品管理' }).click();
  await expect(page).toHaveURL(/\/shop\/goods$/);
  await expect(rows(page).first()).toContainText(newTitle);
  await expect(rows(page).first()).toContainText('¥12.30');
});

test('商品编辑: a product that does not exist says so', async ({ adminPage: page }) => {
  await page.goto('/shop/goods/detail?id=999999');
  await expect(page.getByText('商品不存在或已删除。')).toBeVisible();
});
