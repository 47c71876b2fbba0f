import type { Page, Request } from '@playwright/test';
import { expect, test } from '../helpers';

function listRequest(page: Page, path: string): Promise<Request> {
  return page.waitForRequest((request) => request.url().endsWith(path) && request.method() === 'POST');
}

const currentPage = (page: Page) => page.locator('[data-slot=pagination] [aria-current=page]');

test('list state comes from the address: page and size as numbers, filters as strings', async ({
  adminPage: page,
}) => {
  let request = listRequest(page, '/api/order/index');
  await page.goto('/order/index?pageIndex=2&pageSize=10');
  expect((await request).postDataJSON()).toMatchObject({ pageIndex: 2, pageSize: 10 });
  await expect(currentPage(page)).toHaveText('2');
  await expect(page.locator('[data-slot=data-table-row]')).toHaveCount(10);

  request = listRequest(page, '/api/order/index');
  await page.goto('/order/index?keyword=%E5%BA%97&pageSize=50');
  expect((await request).postDataJSON()).toMatchObject({ pageIndex: 1, pageSize: 50, keyword: '店' });
  await expect(page.getByLabel('关键词')).toHaveValue('店');
});

test('nonsense page values fall back to page 1 and 20 rows', async ({ adminPage: page }) => {
  const request = listRequest(page, '/api/goods/index');
  await page.goto('/shop/goods?pageIndex=abc&pageSize=-5&keyword[]=x&status[a][b]=1');
  expect((await request).postDataJSON()).toMatchObject({ pageIndex: 1, pageSize: 20 });
  await expect(currentPage(page)).toHaveText('1');
  await expect(page.locator('[data-slot=data-table-row]')).toHaveCount(20);
});

test('thousands of junk parameters do not break the page', async ({ adminPage: page }) => {
  const junk = Array.from({ length: 2000 }, (_, i) => `${i}`).join('&');
  const request = listRequest(page, '/api/order/index');
  await page.goto(`/order/index?pageIndex=3&${junk}`);
  expect((await request).postDataJSON()).toMatchObject({ pageIndex: 3, pageSize: 20 });
  await expect(page.getByRole('heading', { name: '代发订单' })).toBeVisible();
  await expect(currentPage(page)).toHaveText('3');
});

test('paging writes the address, and a new filter goes back to page 1', async ({ adminPage: page }) => {
  await page.goto('/shop/goods');
  await expect(currentPage(page)).toHaveText('1');
  await page.locator('[data-slot=pagination]').getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\/shop\/goods\?pageIndex=2$/);
  await expect(currentPage(page)).toHaveText('2');
  await page.getByLabel('关键词').fill('商品');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/\/shop\/goods\?keyword=%E5%95%86%E5%93%81$/);
  await expect(currentPage(page)).toHaveText('1');
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\/goods\?pageIndex=2$/);
});

test('a new page size keeps the first row of the page in view', async ({ adminPage: page }) => {
  const rows = page.locator('[data-slot=data-table-row]');
  const pageSize = page.locator('[data-slot=pagination]').getByRole('combobox', { name: '每页条数' });
  // Page 3 at 20 rows a page starts with row 41.
  await page.goto('/order/index?pageIndex=3');
  await expect(currentPage(page)).toHaveText('3');
  const row41 = await rows.first().getAttribute('data-row-id');
  expect(row41).toBeTruthy();

  // 10 a page: row 41 opens page 5.
  let request = listRequest(page, '/api/order/index');
  await pageSize.selectOption('10 条/页');
  expect((await request).postDataJSON()).toMatchObject({ pageIndex: 5, pageSize: 10 });
  await expect(page).toHaveURL(/\/order\/index\?pageIndex=5&pageSize=10$/);
  await expect(currentPage(page)).toHaveText('5');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute('data-row-id', row41 ?? '');

  // 50 a page: row 41 is on page 1, the 41st row (page 1 is the default, so the address leaves it out).
  request = listRequest(page, '/api/order/index');
  await pageSize.selectOption('50 条/页');
  expect((await request).postDataJSON()).toMatchObject({ pageIndex: 1, pageSize: 50 });
  await expect(page).toHaveURL(/\/order\/index\?pageSize=50$/);
  await expect(currentPage(page)).toHaveText('1');
  await expect(rows).toHaveCount(50);
  await expect(rows.nth(40)).toHaveAttribute('data-row-id', row41 ?? '');

  // Back returns to the previous page and size.
  await page.goBack();
  await expect(page).toHaveURL(/\/order\/index\?pageIndex=5&pageSize=10$/);
  await expect(rows.first()).toHaveAttribute('data-row-id', row41 ?? '');
});
