import type { Browser } from '@playwright/test';
import { PddConnector } from '../../apps/api-server/src/platforms/pdd';
import { type RunningServer, startServer } from '../../apps/api-server/src/server';
import { authorisedShop, purchasedPlatformOrders } from '../../apps/api-server/test/writeback-helpers';
import { type ServedSandbox, serveSandbox } from '../../packages/platform-sandboxes/src/core';
import { PDD_SANDBOX_APP, PddSandbox } from '../../packages/platform-sandboxes/src/pdd';
import { ADMIN, apiLogin, contextWithToken, expect, nodeApi, test } from '../helpers';

/**
 * 发货回传 in the browser: a 拼多多 order whose buyer asked for a refund on the platform is shipped in
 * its detail; the platform refuses the writeback, and the order shows 回传失败 with the platform's
 * message. The refund is closed on the platform (the sandbox's own state), 重新回传 is clicked, and the
 * order shows 已回传 while the sandbox has the shipment.
 *
 * The shop authorisation and the order sync are other pages' business: this spec starts a server of
 * its own (the built admin app and the API, as `npm start` serves them) beside a 拼多多 sandbox it holds,
 * and writes the authorised shop and the synced order into that server's database the way they would.
 */

let sandbox: PddSandbox;
let served: ServedSandbox;
let server: RunningServer;
let order: { id: number; orderNo: string; platformOrderNo: string };
/** The authorised 拼多多 shop of account 1. */
let shopId: number;
/** The admin's token on this server: one sign-in (one SMS per mobile per 60 s). */
let token: string;

test.beforeAll(async () => {
  sandbox = new PddSandbox({ apps: [PDD_SANDBOX_APP] });
  served = await serveSandbox(sandbox);
  const connector = new PddConnector({ app: PDD_SANDBOX_APP, endpoints: PddSandbox.endpoints(served.url) });
  server = await startServer({
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    copyWorker: false,
    exportWorker: false,
    platformConnector: async (platform) => (platform === 'pinduoduo' ? connector : null),
    writebackJobs: { pollMs: 200, retryBaseMs: 500 },
  });
  const now = Math.floor(Date.now() / 1000);
  shopId = await authorisedShop(server.db, connector, sandbox, {
    accountId: 1,
    clientId: PDD_SANDBOX_APP.clientId,
    platformShopId: '900001',
    now,
  });
  const [placed] = await purchasedPlatformOrders(server.db, sandbox, {
    accountId: 1,
    shopId,
    platformShopId: '900001',
    count: 1,
    now,
  });
  if (!placed) throw new Error('no order');
  order = placed;
  token = await apiLogin(server.url, ADMIN.mobile);
});

test.afterAll(async () => {
  await server?.close();
  await served?.close();
});

async function adminPage(browser: Browser) {
  const context = await contextWithToken(browser, server.url, token);
  return { context, page: await context.newPage() };
}

test('a writeback the platform refuses shows 回传失败 with its message, and lands on 重新回传', async ({
  browser,
}) => {
  // The buyer asked for a refund on 拼多多: the platform refuses to ship the order.
  sandbox.refundOrder(order.platformOrderNo);
  const { context, page } = await adminPage(browser);
  try {
    await page.goto(`/order/index?keyword=${order.orderNo}`);
    await page.getByRole('button', { name: `查看订单 ${order.orderNo}` }).click();
    const dialog = page.getByRole('dialog', { name: '订单详情' });
    await dialog.getByRole('button', { name: '发货', exact: true }).click();
    await dialog.getByRole('combobox', { name: '快递公司' }).click();
    await page.getByRole('option', { name: '顺丰速运' }).click();
    await dialog.getByRole('textbox', { name: '运单号' }).fill('SF7000000000001');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已发货');

    const writeback = dialog.getByRole('region', { name: '物流回传' });
    await expect(writeback.locator('[data-slot=writeback-status]')).toHaveText('回传失败');
    await expect(writeback.locator('[data-slot=writeback-message]')).toHaveText(
      '拼多多拒绝了此操作：订单售后中，不能发货',
    );
    expect(sandbox.shipments).toEqual([]);

    // The refund is closed on the platform; 重新回传.
    const placed = sandbox.orders.get(order.platformOrderNo);
    if (!placed) throw new Error('no sandbox order');
    placed.refund = 'none';
    await writeback.getByRole('button', { name: '重新回传' }).click();
    await expect(writeback.locator('[data-slot=writeback-status]')).toHaveText('已回传');
    await expect(writeback.getByRole('button', { name: '重新回传' })).toHaveCount(0);
    expect(sandbox.shipments).toEqual([
      expect.objectContaining({
        orderNo: order.platformOrderNo,
        carrierCode: 'SF',
        trackingNo: 'SF7000000000001',
      }),
    ]);

    // The list shows it too.
    await dialog.getByRole('button', { name: '关闭' }).first().click();
    await page.reload();
    await expect(page.locator('[data-slot=writeback-status]')).toHaveText('已回传');
  } finally {
    await context.close();
  }
});

test('查看完整收货信息 shows the receiver as the platform decrypts it', async ({ browser }) => {
  const placed = sandbox.orders.get(order.platformOrderNo);
  if (!placed) throw new Error('no sandbox order');
  const { context, page } = await adminPage(browser);
  try {
    await page.goto(`/order/index?keyword=${order.orderNo}`);
    await page.getByRole('button', { name: `查看订单 ${order.orderNo}` }).click();
    const dialog = page.getByRole('dialog', { name: '订单详情' });
    // Masked until asked.
    await expect(dialog.getByText(placed.receiver.mobile)).toHaveCount(0);
    await dialog.getByRole('button', { name: '查看完整收货信息' }).click();
    await expect(dialog.locator('[data-slot=receiver-plain]')).toHaveText(
      `${placed.receiver.name} ${placed.receiver.mobile} ${placed.receiver.address}`,
    );
  } finally {
    await context.close();
  }
});

test('异常订单: the 回传失败 view counts the order, shows the platform’s reason and 批量重新回传 lands it', async ({
  browser,
}) => {
  const [failing] = await purchasedPlatformOrders(server.db, sandbox, {
    accountId: 1,
    shopId,
    platformShopId: '900001',
    count: 1,
    now: Math.floor(Date.now() / 1000),
  });
  if (!failing) throw new Error('no order');
  // The buyer asked for a refund: the platform refuses the shipment's writeback.
  sandbox.refundOrder(failing.platformOrderNo);
  const api = nodeApi(server.url, token);
  const [sender] = await api.call('/api/address/index', { kind: 'sender' });
  if (!sender) throw new Error('no sender address');
  await api.call('/api/order/ship', {
    id: failing.id,
    carrier: 'SF',
    tracking_no: 'SF7000000000002',
    sender_address_id: sender.id,
  });
  await expect
    .poll(async () => (await api.call('/api/order/exception-counts', {})).counts.writeback_failed)
    .toBe(1);
  const { context, page } = await adminPage(browser);
  try {
    await page.goto('/order/index');
    const views = page.getByRole('group', { name: '异常订单' });
    const view = views.getByRole('button', { name: /回传失败/ });
    await expect(view.locator('[data-slot=exception-count]')).toHaveText('1');
    await view.click();
    await expect(page).toHaveURL(/exception=writeback_failed/);
    await expect(page.locator('[data-slot=exception-reason]')).toHaveText(
      '拼多多拒绝了此操作：订单售后中，不能发货',
    );
    // The refund is closed on the platform; the order is selected and retried from the view.
    const placed = sandbox.orders.get(failing.platformOrderNo);
    if (!placed) throw new Error('no sandbox order');
    placed.refund = 'none';
    await page.getByRole('checkbox', { name: new RegExp(failing.orderNo) }).check();
    await page.getByRole('button', { name: '批量重新回传' }).click();
    const result = page.getByRole('dialog', { name: '批量处理结果' });
    await expect(result).toContainText('成功 1 单，失败 0 单');
    await expect(result).toContainText(failing.orderNo);
    await result.getByRole('button', { name: '关闭' }).first().click();
    // Landed: the view is empty, and stays so on reload (the view is in the address).
    await expect.poll(() => sandbox.shipments.some((s) => s.orderNo === failing.platformOrderNo)).toBe(true);
    await page.reload();
    await expect(view.locator('[data-slot=exception-count]')).toHaveText('0');
    await expect(view).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await context.close();
  }
});
