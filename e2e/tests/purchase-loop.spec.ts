import type { RunningServer } from '../../apps/api-server/src/server';
import { expect, test } from '../helpers';
import {
  copyOffer,
  newSellerWithShopAnd1688,
  PDD_SHOP_ID,
  placePddOrder,
  sandboxesOf,
  startSupplierServer,
  syncUntilListed,
  T_SHIRT_OFFER,
} from '../supplier';

/**
 * The whole 1688 loop in the browser, on a server of its own with the 拼多多 and 1688 sandboxes: a new
 * seller copies the sandbox's T恤 offer with 商品复制 (a draft whose SKUs carry their 货源), sells it in
 * the sandbox 拼多多 shop, links the synced order's line to the copied goods' 白色,L SKU (关联货源 → an
 * existing SKU), buys it with 一键采购 (1688 places one order for it), the supplier ships in the
 * sandbox, the logistics follow-up ships the order in Consign (已发货, written back) and the 拼多多
 * sandbox's own order page shows the supplier's tracking number.
 */

let server: RunningServer;

test.beforeAll(async () => {
  server = await startSupplierServer();
});

test.afterAll(async () => {
  await server?.close();
});

const COPIED_TITLE = '纯棉宽松短袖T恤 男女同款 夏季新款';

test('商品复制 of a 1688 offer, 关联货源 to its SKU, 一键采购, the supplier ships, the tracking number reaches 拼多多', async ({
  browser,
}) => {
  // A copy job, a sync of a minute's floor, a purchase, the follow-up and a writeback on a shared
  // machine: generous, never a bound.
  test.setTimeout(600_000);
  const { pdd, alibaba } = sandboxesOf(server);
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await newSellerWithShopAnd1688(page, server.url, '13700000072');

  // 商品复制: the draft of the offer, its 白色,L SKU bought from the offer's spec at 代发价 18.50.
  await copyOffer(page, T_SHIRT_OFFER);
  await expect(page.getByLabel('商品标题')).toHaveValue(COPIED_TITLE);
  const firstSku = page.locator('[data-slot=sku-row]').first();
  await expect(firstSku.getByLabel('规格', { exact: true })).toHaveValue('白色,L');
  await expect(firstSku.locator('[data-slot=sku-source]')).toContainText(
    `1688商品 ${T_SHIRT_OFFER} × 1，代发价 ¥18.50`,
  );

  // A buyer orders it on 拼多多 under the shop's own listing (its own SKU id, no 商家编码).
  const sold = placePddOrder(server, {
    goodsId: '3059201',
    skuId: '30592011',
    name: '夏季纯棉T恤 宽松',
    spec: '白色 L',
    priceFen: 5900,
  });
  await syncUntilListed(page, sold.orderNo);
  await page.getByRole('button', { name: /^查看订单 / }).click();
  const dialog = page.getByRole('dialog', { name: '订单详情' });
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('待采购');
  const line = dialog.locator('[data-slot=line-source]');
  await expect(line).toHaveAttribute('data-linked', 'no');

  // 关联货源 → the copied goods' 白色,L SKU, found by its title.
  await line.getByRole('button', { name: '关联货源' }).click();
  const linkDialog = page.getByRole('dialog', { name: '关联货源' });
  await linkDialog.getByRole('textbox', { name: /搜索/ }).fill('纯棉宽松');
  await linkDialog.getByRole('button', { name: `关联 ${COPIED_TITLE} 白色,L` }).click();
  await expect(page.getByText('已关联货源')).toBeVisible();
  await expect(line).toHaveAttribute('data-linked', 'yes');
  await expect(line).toContainText(`1688商品 ${T_SHIRT_OFFER}`);
  await expect(line).toContainText('每件采购 1 件');

  // 一键采购: 1688's price of the copied 货源 (18.50 + freight 6.00), confirmed; the job buys it once.
  await dialog.getByRole('button', { name: '一键采购' }).click();
  await expect(dialog.locator('[data-slot=preview-goods]')).toHaveText('¥18.50');
  await expect(dialog.locator('[data-slot=preview-total]')).toHaveText('¥24.50');
  await expect(dialog.locator('[data-slot=preview-limit]')).toHaveAttribute('data-within', 'yes');
  await dialog.getByRole('button', { name: '确认采购' }).click();
  const status = dialog.locator('[data-slot=purchase-status]');
  await expect(status).toHaveAttribute('data-status', 'placed');
  await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已采购');
  const bought = [...alibaba.purchases.values()];
  expect(bought).toHaveLength(1);
  const [purchase] = bought;
  if (!purchase) throw new Error('nothing bought on 1688');
  // The copied SKU's 货源: the offer's 白色,L spec, one per unit sold.
  expect(purchase.cargo).toEqual([
    expect.objectContaining({ offerId: T_SHIRT_OFFER, quantity: 1, unitPriceFen: 1850 }),
  ]);
  await expect(status).toContainText(`1688订单号 ${purchase.orderId}`);

  // The supplier ships: the follow-up ships the order with 1688's carrier and bill, written back.
  alibaba.ship(purchase.orderId);
  await expect(page).toHaveURL(/[?&]order=\d+/);
  await expect(async () => {
    await page.reload();
    await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已发货', { timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await expect(dialog.getByRole('region', { name: '采购与物流' })).toContainText(purchase.billNo);
  await expect(
    dialog.getByRole('region', { name: '物流回传' }).locator('[data-slot=writeback-status]'),
  ).toHaveText('已回传', { timeout: 120_000 });

  // 拼多多's own order page: shipped, with the supplier's tracking number.
  await page.goto(`/__sandbox/pdd/orders?shop=${PDD_SHOP_ID}`);
  const row = page.getByRole('row').filter({ hasText: sold.orderNo });
  await expect(row.getByRole('cell').nth(1)).toHaveText('已发货');
  await expect(row.getByRole('cell').nth(5)).toHaveText(purchase.billNo);
  expect(
    pdd.calls.filter((call) => call.error === null && call.method === 'pdd.logistics.online.send'),
  ).toHaveLength(1);
  await context.close();
});
