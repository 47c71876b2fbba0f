import type { Page } from '@playwright/test';
import { expect, nodeApi, test } from '../helpers';

/**
 * No silent overwrite and the operation log: the same product open in two tabs, saved in
 * one and then in the other; then 操作日志 shows the saved edit with its before and after.
 */

const STALE = '数据已被他人修改，请刷新后重试';

async function openGoods(page: Page, id: string) {
  await page.goto(`/shop/goods/detail?id=${id}`);
  await expect(page.getByRole('heading', { name: '商品编辑' })).toBeVisible();
  await expect(page.getByLabel('商品标题')).not.toHaveValue('');
}

test('a stale edit says so, keeps the input and reloads the current record; the log shows the saved edit', async ({
  adminPage: first,
}) => {
  await first.goto('/shop/goods');
  const row = first.locator('[data-slot=data-table-row]').nth(3);
  const id = (await row.getAttribute('data-row-id')) ?? '';
  expect(id).toMatch(/^\d+$/);

  // Two tabs read the same product.
  const second = await first.context().newPage();
  await openGoods(first, id);
  await openGoods(second, id);
  const original = await first.getByLabel('商品标题').inputValue();

  // The first saves.
  const firstTitle = `第一处的标题 ${Date.now() % 100000}`;
  await first.getByLabel('商品标题').fill(firstTitle);
  await first.getByRole('button', { name: '保存', exact: true }).click();
  await expect(first.getByText('商品已保存')).toBeVisible();

  // The second, from what it read before: refused, its input kept, and it can load the current record.
  const secondTitle = '第二处的标题';
  await second.getByLabel('商品标题').fill(secondTitle);
  await second.getByLabel('库存').fill('7');
  await second.getByRole('button', { name: '保存', exact: true }).click();
  const alert = second.getByRole('alert').filter({ hasText: STALE });
  await expect(alert).toBeVisible();
  await expect(second.getByLabel('商品标题')).toHaveValue(secondTitle);
  await expect(second.getByLabel('库存')).toHaveValue('7');
  await alert.getByRole('button', { name: '重新加载' }).click();
  await expect(second.getByLabel('商品标题')).toHaveValue(firstTitle);
  await expect(second.getByRole('alert').filter({ hasText: STALE })).toBeHidden();
  await second.close();

  // 操作日志 shows the saved edit, newest first, with the title before and after.
  await first.goto('/system/logs');
  await expect(first.getByRole('heading', { name: '操作日志' })).toBeVisible();
  await first.getByRole('combobox', { name: '操作' }).click();
  await first.getByRole('option', { name: '保存商品', exact: true }).click();
  await first.getByRole('button', { name: '查询' }).click();
  await expect(first).toHaveURL(/action=goods\.save/);
  const latest = first.locator('[data-slot=data-table-row]').first();
  await expect(latest).toContainText('保存商品');
  await expect(latest).toContainText(firstTitle);
  await expect(latest).toContainText('管理员');
  await latest.getByRole('button', { name: `查看 保存商品 ${firstTitle} 的变更` }).click();
  const dialog = first.getByRole('dialog', { name: '操作详情' });
  await expect(dialog).toBeVisible();
  const titleRow = dialog.getByRole('row', { name: /标题/ });
  await expect(titleRow.getByRole('cell').nth(0)).toHaveText(original);
  await expect(titleRow.getByRole('cell').nth(1)).toHaveText(firstTitle);
  // Only what changed: the stock and the rest are not listed.
  await expect(dialog.getByRole('row', { name: /库存/ })).toHaveCount(0);
  await first.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The list state lives in the address: a reload keeps the filter.
  await first.reload();
  await expect(first.locator('[data-slot=data-table-row]').first()).toContainText(firstTitle);
});

test('操作日志 reads a purchase in Chinese and yuan: 订单状态 待采购 → 已采购, 采购成本 ¥800.00', async ({
  adminPage: page,
  adminToken,
  baseURL,
}) => {
  const api = nodeApi(baseURL as string, adminToken);
  const { list } = await api.call('/api/order/index', { pageIndex: 1, pageSize: 20, status: 'pending' });
  // Not one 售后中: purchases refuse those.
  const order = list.find((row) => !row.after_sale);
  if (!order) throw new Error('the seed has no 待采购 order without an after-sale');
  await api.call('/api/order/purchase', {
    id: order.id,
    supplier: '1688 义乌好货源',
    supplier_order_no: 'CG-LOG-1',
    cost: 80000,
  });

  await page.goto('/system/logs?action=order.purchase');
  const entry = page.locator('[data-slot=data-table-row]').filter({ hasText: order.order_no }).first();
  await expect(entry).toContainText('订单');
  await entry.getByRole('button', { name: `查看 采购订单 ${order.order_no} 的变更` }).click();
  const changes = page.getByRole('dialog', { name: '操作详情' });
  const status = changes.getByRole('row', { name: /订单状态/ });
  await expect(status.getByRole('cell').nth(0)).toHaveText('待采购');
  await expect(status.getByRole('cell').nth(1)).toHaveText('已采购');
  await expect(
    changes
      .getByRole('row', { name: /采购成本/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('¥800.00');
  await expect(
    changes
      .getByRole('row', { name: /供应商订单号/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('CG-LOG-1');
});
