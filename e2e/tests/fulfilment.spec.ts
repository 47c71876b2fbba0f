import type { Order } from '@consign/api-client';
import type { Page } from '@playwright/test';
import { expect, nodeApi, test } from '../helpers';

/**
 * Order fulfilment as a seller does it: an order through 采购, 发货 and 完成 in its detail
 * dialog (the timeline shows each step), a 批量发货 of three orders one of which may not ship (the
 * result lists each order's result), and a refund of an after-sale.
 */

const dialogOf = (page: Page) => page.getByRole('dialog', { name: '订单详情' });

/** A page of the demo account's orders, as the list shows it. */
async function ordersOnPage(baseURL: string, token: string, params: Record<string, string | number>) {
  return (await nodeApi(baseURL, token).call('/api/order/index', { pageIndex: 1, pageSize: 100, ...params }))
    .list;
}

test('an order is purchased, shipped and completed in its detail; the timeline shows each step', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const [order] = (await ordersOnPage(baseURL as string, adminToken, { status: 'pending' })).slice(
    -1,
  ) as Order[];
  if (!order) throw new Error('no pending order');
  await page.goto(`/order/index?status=pending&keyword=${order.order_no}`);
  await page.getByRole('button', { name: `查看订单 ${order.order_no}` }).click();
  const dialog = dialogOf(page);
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('待采购');
  await expect(dialog.getByText('暂无处理记录')).toBeVisible();

  await dialog.getByRole('button', { name: '采购', exact: true }).click();
  await dialog.getByRole('textbox', { name: '供应商', exact: true }).fill('1688 义乌好货源');
  await dialog.getByRole('textbox', { name: '供应商订单号' }).fill('CG-E2E-0001');
  await dialog.getByRole('textbox', { name: '采购成本（元）' }).fill('35.50');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已采购');

  await dialog.getByRole('button', { name: '发货', exact: true }).click();
  await dialog.getByRole('combobox', { name: '快递公司' }).click();
  await page.getByRole('option', { name: '顺丰速运' }).click();
  // A number in another carrier's format is caught before sending.
  await dialog.getByRole('textbox', { name: '运单号' }).fill('YT1234567890123');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText(/运单号格式与顺丰速运不符/)).toBeVisible();
  await dialog.getByRole('textbox', { name: '运单号' }).fill('SF1234567890123');
  // The default sender address is preselected.
  await expect(dialog.getByRole('combobox', { name: '发货地址' })).toContainText('云仓发货组');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已发货');

  await dialog.getByRole('button', { name: '完成', exact: true }).click();
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已完成');
  const timeline = dialog.getByRole('region', { name: '处理记录' }).getByRole('listitem');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('采购');
  await expect(timeline.nth(0)).toContainText('管理员');
  await expect(timeline.nth(0)).toContainText('CG-E2E-0001');
  await expect(timeline.nth(1)).toContainText('SF1234567890123');
  await expect(timeline.nth(2)).toContainText('完成');
  await expect(dialog.getByRole('button', { name: '完成', exact: true })).toHaveCount(0);

  // Closing the detail keeps the list where it was.
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(page).toHaveURL(/[?&]status=pending(&|$)/);
});

test('批量发货 of three orders, one of which may not ship: two ok, one refused with its reason', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const list = await ordersOnPage(baseURL as string, adminToken, {});
  const purchased = list.filter((o) => o.status === 'purchased').slice(0, 2);
  const pending = list.find((o) => o.status === 'pending');
  if (purchased.length < 2 || !pending)
    throw new Error('the first 100 orders lack two purchased and a pending one');
  await page.goto('/order/index?pageSize=100');
  for (const order of [...purchased, pending]) {
    await page.getByRole('checkbox', { name: `选择订单 ${order.order_no}` }).click();
  }
  await expect(page.getByText('已选 3 单')).toBeVisible();
  await page.getByRole('button', { name: '批量发货' }).click();
  const dialog = page.getByRole('dialog', { name: '批量发货' });
  await dialog.getByRole('combobox', { name: '快递公司' }).click();
  await page.getByRole('option', { name: '中通快递' }).click();
  for (const [i, order] of [...purchased, pending].entries()) {
    await dialog.getByLabel(`运单号 ${order.order_no}`).fill(`7812345678900${i}`);
  }
  await dialog.getByRole('button', { name: '确定' }).click();

  const result = page.getByRole('dialog', { name: '批量处理结果' });
  await expect(result).toContainText('成功 2 单，失败 1 单');
  for (const order of purchased) {
    await expect(result.getByRole('row', { name: new RegExp(order.order_no) })).toContainText('成功');
  }
  await expect(result.getByRole('row', { name: new RegExp(pending.order_no) })).toContainText(
    '订单当前状态为「待采购」，不能发货',
  );
  await result.getByRole('button', { name: '关闭' }).first().click();
  // The list shows the shipped orders as 已发货.
  await expect(page.getByRole('row', { name: new RegExp(purchased[0]?.order_no ?? '-') })).toContainText(
    '已发货',
  );
});

test('同意退款 answers a pending refund; its status becomes 已完成', async ({ adminPage: page }) => {
  await page.goto('/order/after-sale?status=pending&type=refund');
  const firstRow = page.locator('[data-slot=data-table-row]').first();
  // The columns lead with 平台订单号, then our 订单号.
  const orderNo = ((await firstRow.locator('td').nth(1).textContent()) ?? '').trim();
  await firstRow.getByRole('button', { name: `查看订单 ${orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: '售后详情' });
  await dialog.getByRole('button', { name: '同意退款' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '同意退款' }).click();
  await expect(dialog.locator('[data-slot=after-sale-status]')).toHaveText('已完成');
  await expect(dialog.getByRole('button', { name: '同意退款' })).toHaveCount(0);
  // 处理记录: the request, then the answer with who gave it (read back from the server).
  const timeline = dialog.locator('[data-slot=after-sale-timeline] li');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText('买家申请售后');
  await expect(timeline.nth(1)).toContainText('同意退款 · 管理员');
  // The link leads to the order in 代发订单.
  await dialog.getByRole('link', { name: `前往订单 ${orderNo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/index\\?.*keyword=${orderNo}`));
  await expect(page.locator('[data-slot=data-table-row]')).toHaveCount(1);
  await expect(page.locator('[data-slot=data-table-row]').first()).toContainText(orderNo);
});

test('发货地址: a new return address made the default takes the default from the old one', async ({
  adminPage: page,
}) => {
  await page.goto('/system/address');
  await expect(page.getByRole('heading', { name: '发货地址', exact: true })).toBeVisible();
  const returns = page.getByRole('region', { name: '退货地址列表' });
  await expect(returns.locator('[data-slot=data-table-row]')).toHaveCount(1);
  await returns.getByRole('button', { name: '新增退货地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增退货地址' });
  await dialog.getByRole('textbox', { name: '联系人' }).fill('杭州退货点');
  await dialog.getByRole('textbox', { name: '手机号' }).fill('13800000003');
  await dialog.getByRole('textbox', { name: '省 / 市 / 区' }).fill('浙江省 杭州市 西湖区');
  await dialog.getByRole('textbox', { name: '详细地址' }).fill('文三路 90 号');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(returns.locator('[data-slot=data-table-row]')).toHaveCount(2);
  await returns.getByRole('button', { name: '把 杭州退货点 设为默认' }).click();
  await expect(
    returns.getByRole('row', { name: /杭州退货点/ }).locator('[data-slot=default-badge]'),
  ).toBeVisible();
  await expect(
    returns.getByRole('row', { name: /云仓售后组/ }).locator('[data-slot=default-badge]'),
  ).toHaveCount(0);
});

test('批量取消 of every order matching the filter says how many the user saw: a changed count is refused, nothing done', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const api = nodeApi(baseURL as string, adminToken);
  // A buyer with at least three 待采购 orders: the filter of the list is their name and 待采购.
  const pending = await ordersOnPage(baseURL as string, adminToken, { status: 'pending' });
  const names = [...new Set(pending.map((o) => o.buyer_name))];
  let keyword = '';
  let matching: Order[] = [];
  for (const name of names) {
    const found = (
      await api.call('/api/order/index', { pageIndex: 1, pageSize: 100, status: 'pending', keyword: name })
    ).list;
    if (found.length >= 3) {
      keyword = name;
      matching = found;
      break;
    }
  }
  const [first, second] = matching;
  if (!first || !second) throw new Error('no buyer with three 待采购 orders in the seed');
  const seen = matching.length;
  const selectAll = async (order: Order, count: number) => {
    await page.goto(`/order/index?status=pending&keyword=${encodeURIComponent(keyword)}`);
    await page.getByRole('checkbox', { name: `选择订单 ${order.order_no}` }).click();
    await page.getByRole('button', { name: `选择全部符合筛选的 ${count} 单` }).click();
    await expect(page.getByText(`已选全部符合筛选的 ${count} 单`)).toBeVisible();
    await page.getByRole('button', { name: '批量取消' }).click();
    const dialog = page.getByRole('dialog', { name: '批量取消' });
    await dialog.getByRole('textbox', { name: '取消原因' }).fill('店铺停业');
    await dialog.getByRole('button', { name: '确定' }).click();
    return dialog;
  };

  // Another member cancels one of them after the list was read, and this page has not heard of it (its
  // live stream cut: a live page would read the list again and show the new count): the batch is
  // refused, nothing done.
  await page.route('**/api/live/stream', (route) => route.abort());
  await page.goto(`/order/index?status=pending&keyword=${encodeURIComponent(keyword)}`);
  await expect(page.getByRole('checkbox', { name: `选择订单 ${first.order_no}` })).toBeVisible();
  await page.getByRole('checkbox', { name: `选择订单 ${second.order_no}` }).click();
  await page.getByRole('button', { name: `选择全部符合筛选的 ${seen} 单` }).click();
  await api.call('/api/order/cancel', { id: first.id, reason: '买家取消' });
  // 批量采购 asks each order's own cost: only selected rows, never the whole filter.
  await expect(page.getByRole('button', { name: '批量采购' })).toBeDisabled();
  await page.getByRole('button', { name: '批量取消' }).click();
  const refused = page.getByRole('dialog', { name: '批量取消' });
  await refused.getByRole('textbox', { name: '取消原因' }).fill('店铺停业');
  await refused.getByRole('button', { name: '确定' }).click();
  await expect(refused.getByRole('alert')).toHaveText(
    `订单数量已变化（您看到 ${seen} 单，现有 ${seen - 1} 单），请刷新后重试`,
  );
  const left = await api.call('/api/order/index', {
    pageIndex: 1,
    pageSize: 100,
    status: 'pending',
    keyword,
  });
  expect(left.total).toBe(seen - 1);

  // Read again, the batch acts on the orders now shown.
  await page.unroute('**/api/live/stream');
  await selectAll(second, seen - 1);
  await expect(page.getByRole('dialog', { name: '批量处理结果' })).toContainText(
    `成功 ${seen - 1} 单，失败 0 单`,
  );
});
