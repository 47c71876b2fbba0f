import type { Browser } from '@playwright/test';
import { SANDBOX_MOUNT } from '../../apps/api-server/src/sandboxes';
import type { RunningServer } from '../../apps/api-server/src/server';
import { CUP, connectSupplier, pendingOrders, sourcedSku } from '../../apps/api-server/test/purchase-helpers';
import { AFTER_SALE_PURCHASE_REFUSAL } from '../../packages/api-client/src/index.ts';
import { ADMIN, apiLogin, contextWithToken, expect, nodeApi, test } from '../helpers';
import { sandboxesOf, startSupplierServer } from '../supplier';

/**
 * 代发订单's purchase exceptions in the browser, on a server of this spec's own with the 1688 sandbox:
 * an order 售后中 offers no 采购/一键采购 and 批量一键采购 of it reports the server's refusal; an order
 * bought by 一键采购 while 免密支付 is not open on 1688 shows in the 待付款 view with its reason, and
 * 批量付款 opens the sandbox's cashier, where paying it empties the view.
 */

let server: RunningServer;
/** The seeded admin's token on this server (account 1, with the demo's orders). */
let token: string;
/** The sandbox 1688 member account 1 connects. */
const MEMBER = 'b2b-2206600001';
const nowS = () => Math.floor(Date.now() / 1000);

test.beforeAll(async () => {
  server = await startSupplierServer();
  token = await apiLogin(server.url, ADMIN.mobile);
});

test.afterAll(async () => {
  await server?.close();
});

async function adminPage(browser: Browser) {
  const context = await contextWithToken(browser, server.url, token);
  return { context, page: await context.newPage() };
}

test('售后中: the row offers no 采购, and 批量一键采购 of it reports the server’s refusal', async ({
  browser,
}) => {
  const api = nodeApi(server.url, token);
  let order: { id: number; order_no: string } | undefined;
  for (let pageIndex = 1; !order && pageIndex <= 10; pageIndex++) {
    const { list } = await api.call('/api/order/index', { pageIndex, pageSize: 20, status: 'pending' });
    if (list.length === 0) break;
    order = list.find((row) => row.after_sale);
  }
  if (!order) throw new Error('the seed has no 待采购 order 售后中');
  const { context, page } = await adminPage(browser);
  try {
    await page.goto(`/order/index?keyword=${order.order_no}`);
    const row = page.locator('[data-slot=data-table-row]').filter({ hasText: order.order_no });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('售后中')).toBeVisible();
    const actions = row.locator('[data-slot=order-row-actions]').getByRole('button');
    await expect(actions.filter({ hasText: /^(采购|一键采购)$/ })).toHaveCount(0);

    await row.getByRole('checkbox', { name: /^选择订单 / }).check();
    await page.locator('[data-slot=order-batch-bar]').getByRole('button', { name: '批量一键采购' }).click();
    await page
      .getByRole('dialog', { name: '批量一键采购' })
      .getByRole('button', { name: '开始采购' })
      .click();
    const result = page.locator('[data-slot=batch-result]');
    await expect(result).toContainText('成功 0 单，失败 1 单');
    await expect(result).toContainText(order.order_no);
    await expect(result).toContainText(AFTER_SALE_PURCHASE_REFUSAL);
    const detail = await api.call('/api/order/detail', { id: order.id });
    expect(detail.status).toBe('pending');
  } finally {
    await context.close();
  }
});

test('待付款: the view counts a 1688 order placed unpaid with its reason; 批量付款 opens the cashier, paying empties it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { alibaba } = sandboxesOf(server);
  // 自动付款 is on (the demo's setting), but 免密支付 is not open for the member: placed, left unpaid.
  alibaba.protocolClosed.add(MEMBER);
  await connectSupplier(
    server.db,
    alibaba,
    sandboxesOf(server).alibabaEndpoints(`${server.url}${SANDBOX_MOUNT}`),
    {
      accountId: 1,
      nowS: nowS(),
    },
  );
  await sourcedSku(server.db, {
    accountId: 1,
    shopId: 1,
    outerSkuId: 'E2E-UNPAID-1',
    source: CUP,
    nowS: nowS(),
  });
  const [order] = await pendingOrders(server.db, {
    accountId: 1,
    shopId: 1,
    outerSkuId: 'E2E-UNPAID-1',
    count: 1,
    nowS: nowS(),
    prefix: 'E2E-UNPAID-',
  });
  if (!order) throw new Error('no order');
  const api = nodeApi(server.url, token);
  const before = (await api.call('/api/order/exception-counts', {})).counts.unpaid;
  // 一键采购 (as the row's button sends it, confirmed).
  await api.call('/api/purchase/start', { ids: [order.id] });
  await expect
    .poll(async () => (await api.call('/api/purchase/items', { id: order.id })).purchase?.pay_message ?? '', {
      timeout: 60_000,
    })
    .toContain('未开通免密支付');
  const [bought] = alibaba.ordersFor(String(order.id));
  if (!bought) throw new Error('not bought on 1688');
  expect(bought.paid).toBe(false);

  const { context, page } = await adminPage(browser);
  try {
    await page.goto('/order/index');
    const view = page.getByRole('group', { name: '异常订单' }).getByRole('button', { name: /待付款/ });
    await expect(view.locator('[data-slot=exception-count]')).toHaveText(String(before + 1));
    await view.click();
    await expect(page).toHaveURL(/exception=unpaid/);
    const row = page.locator('[data-slot=data-table-row]').filter({ hasText: order.orderNo });
    await expect(row.locator('[data-slot=exception-reason]')).toHaveText(
      `1688采购单 ${bought.orderId} 未付款：${(await api.call('/api/purchase/items', { id: order.id })).purchase?.pay_message}`,
    );

    // 批量付款: the sandbox's cashier of that 1688 order in a new tab; 付款 there pays it.
    await row.getByRole('checkbox', { name: new RegExp(order.orderNo) }).check();
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: '批量付款' }).click();
    const cashier = await opened;
    await expect(cashier).toHaveURL(new RegExp(`/cashier\\.htm\\?orderId=${bought.orderId}$`));
    await expect(cashier.getByText(`订单 ${bought.orderId}`)).toContainText('待付款');
    await expect(page.getByText('已在新标签页打开1688收银台（1 笔采购单）')).toBeVisible();
    await cashier.getByRole('button', { name: '付款' }).click();
    await expect(cashier.getByRole('heading', { name: '付款成功' })).toBeVisible();
    expect(bought.paid).toBe(true);

    // The follow-up sees the payment: the view's count drops on reload.
    await expect(async () => {
      await page.reload();
      await expect(view.locator('[data-slot=exception-count]')).toHaveText(String(before), {
        timeout: 3_000,
      });
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await expect(row).toHaveCount(0);
  } finally {
    alibaba.protocolClosed.delete(MEMBER);
    await context.close();
  }
});
