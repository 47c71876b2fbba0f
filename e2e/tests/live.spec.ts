import { notify } from '../../apps/api-server/src/db/notifications';
import { type RunningServer, startServer } from '../../apps/api-server/src/server';
import { ADMIN, apiLogin, contextWithToken, expect, nodeApi, test } from '../helpers';

/**
 * Live pages (docs/design.md#live-pages): an open 代发订单 page follows what a colleague does without a
 * reload, and the bell its count. On a server of this spec's own (its notifications can be read and
 * raised without touching another spec's), with the demo's own orders off. The bell reads its count
 * every minute anyway and the list not at all: each change here must show well within that.
 */

let server: RunningServer;
let token: string;
/** Well under the bell's one-minute poll: a change seen this fast came by the live stream. */
const LIVE = { timeout: 15_000 };

test.beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    copyWorker: false,
    exportWorker: false,
    shopSync: false,
    platformSandbox: { demoEveryMs: false },
  });
  token = await apiLogin(server.url, ADMIN.mobile);
});

test.afterAll(async () => {
  await server?.close();
});

test('代发订单 and the bell follow a colleague’s writes without a reload', async ({ browser }) => {
  const colleague = nodeApi(server.url, token);
  const pending = await colleague.call('/api/order/index', { pageIndex: 1, pageSize: 20, status: 'pending' });
  const order = pending.list.find((row) => !row.after_sale);
  if (!order) throw new Error('no pending order without an after-sale in the demo account');
  const [{ account_id: accountId } = { account_id: 0 }] = await server.db.query<{ account_id: number }>(
    'SELECT account_id FROM users WHERE mobile = $1',
    [ADMIN.mobile],
  );

  const context = await contextWithToken(browser, server.url, token);
  const page = await context.newPage();
  await page.goto(`/order/index?keyword=${order.order_no}`);
  const row = page.locator('[data-slot=data-table-row]').filter({ hasText: order.order_no });
  const actions = row.locator('[data-slot=order-row-actions]').getByRole('button');
  await expect(actions).toHaveText(['采购', '一键采购', '取消']);
  const unread = (await colleague.call('/api/notification/unread-count')).unread;
  const bell = (count: number) =>
    page
      .locator('header')
      .getByRole('button', { name: count ? `消息通知 ${count > 99 ? '99+' : count}` : '消息通知' });
  await expect(bell(unread)).toBeVisible();
  // Any reload would lose this mark.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  // A colleague cancels the order: the row says 已取消 and offers nothing more.
  await colleague.call('/api/order/cancel', { id: order.id, reason: '实时更新测试' });
  await expect(row.getByText('已取消')).toBeVisible(LIVE);
  await expect(actions).toHaveCount(0);

  // A notification arrives (as the background work raises one): the bell counts it.
  await notify(server.db, {
    accountId,
    kind: 'shop_auth',
    key: `live-e2e:${Date.now()}`,
    title: '实时更新测试',
    body: '',
    link: '',
  });
  await expect(bell(unread + 1)).toBeVisible(LIVE);
  // The colleague reads them all: the count goes.
  await colleague.call('/api/notification/read-all');
  await expect(bell(0)).toBeVisible(LIVE);

  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await context.close();
});

test('代发订单 keeps the ticked orders across a colleague’s write; one that leaves the list is unticked', async ({
  browser,
}) => {
  const colleague = nodeApi(server.url, token);
  const pending = await colleague.call('/api/order/index', { pageIndex: 1, pageSize: 20, status: 'pending' });
  const [a, b, c] = pending.list.filter((row) => !row.after_sale);
  if (!a || !b || !c) throw new Error('fewer than three pending orders without an after-sale in the demo');

  const context = await contextWithToken(browser, server.url, token);
  const page = await context.newPage();
  await page.goto('/order/index?status=pending');
  const box = (order: { order_no: string }) =>
    page.getByRole('checkbox', { name: `选择订单 ${order.order_no}` });
  const rowOf = (order: { order_no: string }) =>
    page.locator('[data-slot=data-table-row]').filter({ hasText: order.order_no });
  await box(a).click();
  await box(b).click();
  await expect(page.getByText('已选 2 单')).toBeVisible();

  // A colleague cancels another order of the page: it leaves 待采购, the ticks stay.
  await colleague.call('/api/order/cancel', { id: c.id, reason: '实时更新测试' });
  await expect(rowOf(c)).toHaveCount(0, LIVE);
  await expect(box(a)).toBeChecked();
  await expect(box(b)).toBeChecked();
  await expect(page.getByText('已选 2 单')).toBeVisible();

  // They cancel a ticked one: it leaves the list and the selection, the other stays.
  await colleague.call('/api/order/cancel', { id: b.id, reason: '实时更新测试' });
  await expect(rowOf(b)).toHaveCount(0, LIVE);
  await expect(box(a)).toBeChecked();
  await expect(page.getByText('已选 1 单')).toBeVisible();
  await context.close();
});
