import type { Page } from '@playwright/test';
import { expect, nodeApi, test } from '../helpers';

/**
 * 代发订单 as a list of work: each row's 操作 takes the step its order allows (采购, then 发货) without
 * hunting for it in the detail; each order has an address of its own (`?order=`) that survives a
 * reload and keeps the list's filters when closed; the status tabs count the orders of the current
 * filters, each count the list's total on that tab.
 */

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');
const dialogOf = (page: Page) => page.getByRole('dialog', { name: '订单详情' });
const listTotal = (page: Page) => page.locator('[data-slot=pagination-total]');

test('a row’s 采购 and then its 发货 open the order at that step; closing keeps the filters', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  // A pending order far down the list (other specs work on the first pages).
  const pending = await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
    pageIndex: 3,
    pageSize: 20,
    status: 'pending',
  });
  // Not one 售后中: it offers no 采购.
  const order = pending.list.slice(5).find((row) => !row.after_sale);
  if (!order) throw new Error('no pending order without an after-sale on the third page');
  await page.goto(`/order/index?keyword=${order.order_no}`);
  const row = rows(page).filter({ hasText: order.order_no });
  await expect(row).toHaveCount(1);
  // A pending order: 采购, 一键采购 and 取消, nothing else.
  const actions = row.locator('[data-slot=order-row-actions]').getByRole('button');
  await expect(actions).toHaveText(['采购', '一键采购', '取消']);

  await actions.filter({ hasText: /^采购$/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]order=${order.id}(&|$)`));
  const dialog = dialogOf(page);
  const purchase = dialog.getByRole('form', { name: '采购' });
  await expect(purchase).toBeVisible();
  await purchase.getByRole('textbox', { name: '供应商', exact: true }).fill('1688 行内采购');
  await purchase.getByRole('textbox', { name: '供应商订单号' }).fill('CG-ROW-0001');
  await purchase.getByRole('textbox', { name: '采购成本（元）' }).fill('12.30');
  await purchase.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已采购');
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`\\?keyword=${order.order_no}$`));

  // The list refreshed: the row now offers 发货 (and 取消).
  await expect(actions).toHaveText(['发货', '取消']);
  await actions.filter({ hasText: '发货' }).click();
  const ship = dialog.getByRole('form', { name: '发货' });
  await expect(ship).toBeVisible();
  await ship.getByRole('combobox', { name: '快递公司' }).click();
  await page.getByRole('option', { name: '顺丰速运' }).click();
  await ship.getByRole('textbox', { name: '运单号' }).fill('SF7654321098765');
  await expect(ship.getByRole('combobox', { name: '发货地址' })).toContainText('云仓发货组');
  await ship.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已发货');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(actions).toHaveText(['完成']);
  await expect(row.getByText('已发货')).toBeVisible();
});

test('an order opens from its address, after a reload too; an unknown or malformed one says so', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const shipped = await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
    pageIndex: 2,
    pageSize: 20,
    status: 'shipped',
  });
  const order = shipped.list[3];
  if (!order) throw new Error('no shipped order on the second page');
  // The order is not on the list's first page: the dialog loads it by its id.
  await page.goto(`/order/index?status=shipped&order=${order.id}`);
  const dialog = dialogOf(page);
  await expect(dialog).toContainText(order.order_no);
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已发货');
  await page.reload();
  await expect(dialog).toContainText(order.order_no);
  await expect(dialog.getByRole('region', { name: '处理记录' })).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/order\/index\?status=shipped$/);
  await expect(page.getByRole('tab', { name: '已发货' })).toHaveAttribute('aria-selected', 'true');

  // Back reopens it (each opening is a history entry).
  await rows(page)
    .first()
    .getByRole('button', { name: /^查看订单/ })
    .click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toHaveCount(0);

  // No such order in this account: said in the dialog, the list and its filters stay.
  await page.goto('/order/index?status=shipped&order=999999');
  await expect(dialog.getByRole('alert')).toHaveText(
    '找不到编号为 999999 的订单：它不存在，或不属于当前账号',
  );
  await expect(rows(page).first()).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(page).toHaveURL(/\/order\/index\?status=shipped$/);

  await page.goto('/order/index?status=shipped&order=12ab');
  await expect(dialog.getByRole('alert')).toHaveText('订单链接无效：地址中的订单编号不正确');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/order\/index\?status=shipped$/);
});

test('the status tabs count the orders of the current filters; each count is the list’s total', async ({
  adminPage: page,
}) => {
  // A filter that leaves several statuses: one platform, a keyword of the goods or buyers.
  await page.goto('/order/index?platform=pinduoduo');
  const tabs = page.getByRole('tab');
  await expect(tabs.first().locator('[data-slot=tab-count]')).toHaveText(/^\d+$/);
  const names = await tabs.evaluateAll((els) => els.map((el) => (el.firstChild?.textContent ?? '').trim()));
  expect(names).toEqual(['全部', '待采购', '已采购', '已发货', '已完成', '已取消']);
  let sum = 0;
  for (const [index, name] of names.entries()) {
    const count = Number(await tabs.nth(index).locator('[data-slot=tab-count]').textContent());
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expect(listTotal(page), name).toHaveText(`共 ${count} 条`);
    if (index > 0) sum += count;
    else expect(count).toBeGreaterThan(0);
  }
  const all = Number(await tabs.first().locator('[data-slot=tab-count]').textContent());
  expect(sum).toBe(all);

  // Another filter, other counts: the counts follow the filter bar, not just the tabs.
  await page.goto('/order/index?platform=pinduoduo&blacklisted=1');
  const blacklisted = Number(await tabs.first().locator('[data-slot=tab-count]').textContent());
  await expect(listTotal(page)).toHaveText(`共 ${blacklisted} 条`);
  expect(blacklisted).toBeLessThan(all);
});
