import type { RunningServer } from '../../apps/api-server/src/server';
import { expect, test } from '../helpers';
import {
  newSellerWithShopAnd1688,
  T_SHIRT_OFFER as OFFER,
  placePddOrder,
  PDD_SHOP_ID as SHOP_ID,
  sandboxesOf,
  startSupplierServer,
  syncUntilListed,
} from '../supplier';

/**
 * 一键采购 and 关联货源 in the browser, against the 拼多多 and 1688 sandboxes of a server of its own (so
 * that the test holds them): a seller authorises a 拼多多 shop and connects 1688; a buyer's order is
 * synced; its line is linked to a 1688 offer with 关联货源; 一键采购 shows 1688's price and, confirmed,
 * buys it (the order becomes 已采购 with the supplier's order); the 1688 sandbox ships it, the logistics
 * follow-up ships the order in Consign (已发货) and the 拼多多 sandbox's page shows the tracking number.
 * Then the supplier raises the price beyond the seller's limit: a 批量一键采购 of the next order of the
 * same item (matched by the link the first one made) queues it, the purchase job refuses it, and the
 * order stays 待采购 with the reason in words, which the next preview shows too.
 */

let server: RunningServer;

test.beforeAll(async () => {
  server = await startSupplierServer();
});

test.afterAll(async () => {
  await server?.close();
});

const GOODS = '一键采购 纯棉短袖T恤';

/** A buyer's 拼多多 order of the T恤. */
const placeOrder = () =>
  placePddOrder(server, {
    goodsId: '3059101',
    skuId: '30591011',
    name: GOODS,
    spec: '白色 L',
    priceFen: 5900,
  });

test('关联货源, 一键采购, the supplier ships, the tracking number reaches 拼多多; a price beyond the limit is refused', async ({
  browser,
}) => {
  // Two syncs of a minute's floor, a purchase, the follow-up and a writeback on a shared machine:
  // generous, never a bound.
  test.setTimeout(600_000);
  const { pdd, alibaba } = sandboxesOf(server);
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await newSellerWithShopAnd1688(page, server.url, '13700000071');

  const first = placeOrder();
  await syncUntilListed(page, first.orderNo);
  await page.getByRole('button', { name: /^查看订单 / }).click();
  const dialog = page.getByRole('dialog', { name: '订单详情' });
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('待采购');
  const line = dialog.locator('[data-slot=line-source]');
  await expect(line).toHaveAttribute('data-linked', 'no');
  await expect(line).toContainText('未关联货源');

  // 一键采购 before the line has a 货源: the preview says which line lacks one.
  await dialog.getByRole('button', { name: '一键采购' }).click();
  await expect(dialog.locator('[data-slot=step-problem]')).toContainText('未关联货源');
  await expect(dialog.getByRole('button', { name: '确认采购' })).toBeDisabled();
  await dialog.getByRole('button', { name: '返回' }).click();

  // 关联货源 → 粘贴1688商品链接 → read the sandbox offer, its first spec in stock (白色 L), 1 per unit.
  await line.getByRole('button', { name: '关联货源' }).click();
  await page
    .getByRole('dialog', { name: '关联货源' })
    .getByRole('button', { name: '粘贴1688商品链接' })
    .click();
  const offerDialog = page.getByRole('dialog', { name: '关联1688货源' });
  await offerDialog
    .getByRole('textbox', { name: '1688商品链接或ID' })
    .fill(`https://detail.1688.com/offer/${OFFER}.html`);
  await offerDialog.getByRole('button', { name: '读取商品' }).click();
  await expect(offerDialog.getByRole('radio', { name: /^白色,L：代发价 ¥18\.50/ })).toBeChecked();
  await offerDialog.getByRole('button', { name: '使用此货源' }).click();
  await expect(page.getByText('已关联货源')).toBeVisible();
  await expect(line).toHaveAttribute('data-linked', 'yes');
  await expect(line).toContainText(`1688商品 ${OFFER}`);
  await expect(line).toContainText('每件采购 1 件');

  // 一键采购: 1688's price (18.50 + freight 6.00), then 确认采购; the job buys it.
  await dialog.getByRole('button', { name: '一键采购' }).click();
  await expect(dialog.locator('[data-slot=preview-goods]')).toHaveText('¥18.50');
  await expect(dialog.locator('[data-slot=preview-freight]')).toHaveText('¥6.00');
  await expect(dialog.locator('[data-slot=preview-total]')).toHaveText('¥24.50');
  await expect(dialog.locator('[data-slot=preview-limit]')).toHaveAttribute('data-within', 'yes');
  await dialog.getByRole('button', { name: '确认采购' }).click();
  const status = dialog.locator('[data-slot=purchase-status]');
  await expect(status).toHaveAttribute('data-status', 'placed');
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已采购');
  const bought = [...alibaba.purchases.values()];
  expect(bought).toHaveLength(1);
  const supplierOrder = bought[0]?.orderId ?? '';
  await expect(status).toContainText(`1688订单号 ${supplierOrder}`);
  await expect(dialog.getByRole('region', { name: '采购与物流' })).toContainText('¥24.50');

  // The supplier ships: the follow-up ships the order with 1688's carrier and bill, written back.
  // (A placed purchase is not polled by the page: shipping takes the supplier hours; reload it.)
  alibaba.ship(supplierOrder);
  const trackingNo = bought[0]?.billNo ?? '';
  expect(trackingNo).not.toBe('');
  // The open order is in the address (?order=), so a reload reopens its dialog.
  await expect(page).toHaveURL(/[?&]order=\d+/);
  await expect(async () => {
    await page.reload();
    await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已发货', { timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(dialog.locator('[data-slot=purchase-status]')).toHaveAttribute('data-status', 'shipped');
  await expect(dialog.getByRole('region', { name: '采购与物流' })).toContainText(trackingNo);
  await expect(
    dialog.getByRole('region', { name: '物流回传' }).locator('[data-slot=writeback-status]'),
  ).toHaveText('已回传', { timeout: 120_000 });
  await dialog.getByRole('button', { name: '关闭' }).first().click();

  // The second order of the same item is matched by the first one's link; the supplier's price then
  // more than doubles, beyond any allowed rise (at most 100 %).
  const second = placeOrder();
  await syncUntilListed(page, second.orderNo);
  alibaba.reprice(OFFER, 5000, bought[0]?.cargo[0]?.specId);

  // 批量一键采购 of the selected order: queued (成功 in the result), then refused by the purchase job.
  await page.getByRole('checkbox', { name: /^选择订单 / }).check();
  await page.locator('[data-slot=order-batch-bar]').getByRole('button', { name: '批量一键采购' }).click();
  await page.getByRole('dialog', { name: '批量一键采购' }).getByRole('button', { name: '开始采购' }).click();
  const result = page.locator('[data-slot=batch-result]');
  await expect(result).toContainText('成功 1 单，失败 0 单');
  await result.getByRole('button', { name: '关闭' }).first().click();

  await page.getByRole('button', { name: /^查看订单 / }).click();
  await expect(dialog.locator('[data-slot=purchase-status]')).toHaveAttribute('data-status', 'failed', {
    timeout: 120_000,
  });
  await expect(dialog.locator('[data-slot=purchase-message]')).toContainText(
    /1688采购价 ¥50\.00 比货源价 ¥18\.50 上涨超过 \d+%（代发设置的允许采购价上浮），未采购/,
  );
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('待采购');
  // The next preview says so before anything is sent.
  await dialog.getByRole('button', { name: '一键采购' }).click();
  await expect(dialog.locator('[data-slot=preview-goods]')).toHaveText('¥50.00');
  await expect(dialog.locator('[data-slot=preview-limit]')).toHaveAttribute('data-within', 'no');
  await expect(dialog.getByRole('button', { name: '确认采购' })).toBeDisabled();
  // Nothing was bought for it on 1688.
  expect(alibaba.purchases.size).toBe(1);
  // 操作日志 records the failed 一键采购 as 失败, with the reason (its own server: the only failure).
  await page.goto('/system/logs?action=purchase.start');
  await expect(page.locator('[data-slot=data-table-row]').filter({ hasText: '失败' })).toContainText(
    /一键采购.*上涨超过/,
  );

  // 拼多多's own order page shows the first order shipped with the supplier's tracking number.
  await page.goto(`/__sandbox/pdd/orders?shop=${SHOP_ID}`);
  const row = page.getByRole('row').filter({ hasText: first.orderNo });
  await expect(row.getByRole('cell').nth(1)).toHaveText('已发货');
  await expect(row.getByRole('cell').nth(5)).toHaveText(trackingNo);
  expect(
    pdd.calls.filter((call) => call.error === null && call.method === 'pdd.logistics.online.send'),
  ).toHaveLength(1);
  await context.close();
});
