import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect, nodeApi, test } from '../helpers';

/**
 * 导出 and 下载中心: a seller exports the filtered 代发订单 list, watches the job in
 * 下载中心 and downloads the file, which holds exactly the orders the list showed.
 */

const rows = (page: import('@playwright/test').Page) => page.locator('[data-slot=data-table-row]');

/** The order numbers of the list with these filters, as the API pages them (newest first). */
async function listedOrderNos(baseURL: string, token: string, filters: Record<string, string>) {
  const api = nodeApi(baseURL, token);
  const all: string[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await api.call('/api/order/index', { ...filters, pageIndex, pageSize: 100 });
    all.push(...page.list.map((order) => order.order_no));
    if (all.length >= page.total || page.list.length === 0) return all;
  }
}

test('export the filtered orders as CSV and download them from 下载中心', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  await page.goto('/order/index?status=shipped');
  await expect(page.getByRole('tab', { name: '已发货' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page).first()).toBeVisible();

  await page.getByRole('button', { name: '导出' }).click();
  await page.screenshot({ path: test.info().outputPath('order-export-menu.png') });
  const created = page.waitForResponse((res) => res.url().endsWith('/api/export/create'));
  await page.getByRole('menuitem', { name: '导出为 CSV' }).click();
  expect((await created).request().postDataJSON()).toMatchObject({ format: 'csv', status: 'shipped' });
  await expect(page.getByText('导出任务已创建，可在下载中心查看进度并下载')).toBeVisible();
  await page.getByRole('button', { name: '前往下载中心' }).click();

  await expect(page).toHaveURL(/\/dashboard\/download$/);
  await expect(page.getByRole('heading', { name: '下载中心' })).toBeVisible();
  const row = rows(page).first();
  await expect(row).toContainText('状态：已发货');
  await expect(row).toContainText('CSV');
  // The list refreshes itself until the job is done.
  await expect(row).toContainText('已完成');
  const name = ((await row.locator('td').first().textContent()) ?? '').trim();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `下载 ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.csv`);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...data] = parse(text.slice(1)) as string[][];
  expect(header?.slice(0, 2)).toEqual(['平台订单号', '订单号']);
  const expected = await listedOrderNos(baseURL as string, adminToken, { status: 'shipped' });
  expect(expected.length).toBeGreaterThan(0);
  expect(data.map((cells) => cells[1])).toEqual(expected);
  const status = header?.indexOf('状态') ?? -1;
  expect(new Set(data.map((cells) => cells[status]))).toEqual(new Set(['已发货']));
  await expect(row).toContainText(`${expected.length} 行`);
  await page.screenshot({ path: test.info().outputPath('download-center.png'), fullPage: true });
});

test('an Excel export of a keyword holds the same orders as the list', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  await page.goto('/order/index?keyword=%E4%BF%9D%E6%B8%A9%E6%9D%AF');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: '导出为 Excel' }).click();
  await expect(page.getByText('导出任务已创建，可在下载中心查看进度并下载')).toBeVisible();

  await page.goto('/dashboard/download');
  const row = rows(page).filter({ hasText: '关键词：保温杯' }).first();
  await expect(row).toContainText('Excel');
  await expect(row).toContainText('已完成');
  const name = ((await row.locator('td').first().textContent()) ?? '').trim();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `下载 ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const orderNos: string[] = [];
  workbook.worksheets[0]?.eachRow((r, n) => {
    if (n > 1) orderNos.push(String(r.getCell(2).value));
  });
  expect(orderNos).toEqual(await listedOrderNos(baseURL as string, adminToken, { keyword: '保温杯' }));
});

/**
 * 导出 on the list as it is, as CSV: the job is found by the name the server gave it in 下载中心, and
 * the downloaded file's order numbers are answered, with the job's row.
 */
async function exportCsv(page: import('@playwright/test').Page) {
  const created = page.waitForResponse((res) => res.url().endsWith('/api/export/create'));
  await page.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: '导出为 CSV' }).click();
  const { data: job } = (await (await created).json()) as { data: { name: string } };
  await expect(page.getByText('导出任务已创建，可在下载中心查看进度并下载')).toBeVisible();

  await page.goto('/dashboard/download');
  const row = rows(page).filter({ hasText: job.name });
  await expect(row).toContainText('已完成');
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `下载 ${job.name}` }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  const [header, ...data] = parse(text.slice(1)) as string[][];
  expect(header?.slice(0, 2)).toEqual(['平台订单号', '订单号']);
  return { row, orderNos: data.map((cells) => cells[1]) };
}

test('导出 from 买家管理 查看订单 writes exactly that buyer’s orders', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  // Two buyers share this name in the seed (apps/api-server/src/db/seed.ts): the file holds one.
  await page.goto(`/user/buyer?keyword=${encodeURIComponent('周婷婷')}`);
  const buyers = rows(page);
  await expect(buyers).toHaveCount(2);
  await buyers.first().getByRole('link', { name: '查看周婷婷的订单' }).click();
  await expect(page).toHaveURL(/\/order\/index\?buyer_id=\d+/);
  const buyerId = new URL(page.url()).searchParams.get('buyer_id') ?? '';
  await expect(page.getByText(/仅显示买家 周婷婷/)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();

  const { row, orderNos } = await exportCsv(page);
  const expected = await listedOrderNos(baseURL as string, adminToken, { buyer_id: buyerId });
  const all = await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
    pageIndex: 1,
    pageSize: 1,
  });
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(all.total);
  expect(orderNos).toEqual(expected);
  await expect(row).toContainText('指定买家');
});

test('导出 with the 黑名单 filter writes exactly the blacklisted buyers’ orders', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  await page.goto('/order/index');
  await page.getByRole('combobox', { name: '黑名单' }).click();
  await page.getByRole('option', { name: '仅黑名单买家' }).click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/[?&]blacklisted=1(&|$)/);
  await expect(rows(page).first()).toContainText('黑名单');

  const { row, orderNos } = await exportCsv(page);
  const expected = await listedOrderNos(baseURL as string, adminToken, { blacklisted: '1' });
  const all = await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
    pageIndex: 1,
    pageSize: 1,
  });
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(all.total);
  expect(orderNos).toEqual(expected);
  await expect(row).toContainText('仅黑名单买家');
  await page.screenshot({ path: test.info().outputPath('download-center-blacklist.png'), fullPage: true });
});

test('选择导出列: the chosen columns go in the file (平台订单号 first), remembered, and 下载中心 names them', async ({
  adminPage: page,
}) => {
  await page.goto('/order/index?status=completed');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: '选择导出列（21/21）' }).click();
  const dialog = page.getByRole('dialog', { name: '选择导出列' });
  await dialog.getByRole('button', { name: '全不选' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请至少选择一列');
  await dialog.getByLabel('订单号', { exact: true }).check();
  await dialog.getByLabel('平台订单号').check();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: '导出' }).click();
  const created = page.waitForResponse((res) => res.url().endsWith('/api/export/create'));
  await page.getByRole('menuitem', { name: '导出为 CSV' }).click();
  expect((await created).request().postDataJSON()).toMatchObject({
    columns: ['platform_order_no', 'order_no'],
  });
  await page.getByRole('button', { name: '前往下载中心' }).click();
  const row = rows(page).first();
  await expect(row).toContainText('导出列：平台订单号、订单号（2/21 列）');
  await expect(row).toContainText('已完成');
  const name = ((await row.locator('td').first().textContent()) ?? '').trim();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `下载 ${name}` }).click();
  const text = await readFile(await (await downloading).path(), 'utf8');
  const [header, first] = parse(text.slice(1)) as string[][];
  expect(header).toEqual(['平台订单号', '订单号']);
  expect(first).toHaveLength(2);
});
