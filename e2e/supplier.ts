import type { Page } from '@playwright/test';
import { type RunningServer, startServer } from '../apps/api-server/src/server';
import { chooseFirstOption, expect, loginViaUi } from './helpers';

/**
 * The steps the 1688 specs share (goods-copy, one-click-purchase, purchase-loop): a server of a spec's
 * own with the 拼多多 and 1688 sandboxes (so that the spec holds them), a new seller with a sender
 * address, a 拼多多 shop and a 1688 buyer account authorised on the sandboxes' pages, 拼多多 orders
 * placed and synced, and 商品复制 of a 1688 offer.
 */

export const PDD_SHOP_ID = '900001';
export const PDD_SHOP_NAME = '沙箱拼多多旗舰店';
/** The sandbox's T恤: 白色,L at 代发价 18.50 is its first spec in stock. */
export const T_SHIRT_OFFER = '610000000001';

/** A server with the sandboxes, syncing, writing back and following the supplier's parcels quickly. */
export function startSupplierServer(): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    exportWorker: false,
    platformSandbox: { demoEveryMs: false },
    shopSync: { everySeconds: 60, pollMs: 1_000 },
    writebackJobs: { pollMs: 500, retryBaseMs: 1_000 },
    // The supplier's logistics looked at every second (the default is every 10 minutes).
    purchaseJobs: { pollMs: 500, followEveryMs: 1_000, retryBaseMs: 1_000 },
  });
}

export function sandboxesOf(server: RunningServer) {
  const found = server.sandboxes;
  if (!found) throw new Error('the server serves no sandboxes');
  return found;
}

/** Connects (or re-authorises) the signed-in account's 1688 buyer account in 代发设置. */
export async function connect1688(page: Page) {
  await page.goto('/system/setting');
  const card = page.getByRole('region', { name: '1688采购账号' });
  await card.getByRole('button', { name: /连接1688账号|重新授权/ }).click();
  await page.getByLabel(/沙箱采购账号/).check();
  await page.getByRole('button', { name: '同意授权' }).click();
  await expect(page.getByText('1688账号“沙箱采购账号”已连接')).toBeVisible();
}

/** 代发设置's 自动付款 on: the 1688 orders are paid by 免密支付 (open on the sandbox), so the supplier ships. */
export async function turnOnAutoPay(page: Page) {
  await page.goto('/system/setting');
  const autoPay = page.getByRole('switch', { name: '自动付款（免密支付）' });
  await autoPay.click();
  await expect(autoPay).toBeChecked();
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('代发设置已保存')).toBeVisible();
}

/**
 * A new seller signed up through the login page of `url`, with a sender address (shipping, here by the
 * supplier's logistics, needs one), the sandbox 拼多多 shop authorised, the 1688 account connected and
 * 自动付款 on (the sandbox's supplier ships only paid orders).
 */
export async function newSellerWithShopAnd1688(page: Page, url: string, mobile: string) {
  await page.goto('/login');
  await loginViaUi(page, url, mobile);
  await expect(page).toHaveURL(/\/dashboard\/guide$/);
  await page.goto('/system/address');
  const senders = page.getByRole('region', { name: '发货地址列表' });
  await senders.getByRole('button', { name: '新增发货地址' }).click();
  const addressDialog = page.getByRole('dialog', { name: '新增发货地址' });
  await addressDialog.getByRole('textbox', { name: '联系人' }).fill('一键采购发货仓');
  await addressDialog.getByRole('textbox', { name: '手机号' }).fill('13800000009');
  await addressDialog.getByRole('textbox', { name: '省 / 市 / 区' }).fill('浙江省 金华市 义乌市');
  await addressDialog.getByRole('textbox', { name: '详细地址' }).fill('福田街道 商城大道 1 号');
  await addressDialog.getByRole('button', { name: '确定' }).click();
  await expect(senders.locator('[data-slot=data-table-row]')).toHaveCount(1);

  await page.goto('/shop/setting');
  await page.getByRole('button', { name: '添加店铺' }).click();
  await page.getByRole('button', { name: '授权拼多多店铺' }).click();
  await page.getByLabel(new RegExp(PDD_SHOP_NAME)).check();
  await page.getByRole('button', { name: '同意授权' }).click();
  await expect(page.getByText(`店铺“${PDD_SHOP_NAME}”授权成功`)).toBeVisible();
  await connect1688(page);
  await turnOnAutoPay(page);
}

/** A buyer's 拼多多 order of one item, as the platform would hold one paid 4 minutes ago. */
export function placePddOrder(
  server: RunningServer,
  item: { goodsId: string; skuId: string; name: string; spec: string; priceFen: number },
) {
  return sandboxesOf(server).pdd.placeOrder(PDD_SHOP_ID, {
    createdAt: Math.floor(Date.now() / 1000) - 240,
    items: [{ ...item, quantity: 1, outerSkuId: '', outerGoodsId: '' }],
  });
}

/** 立即同步, then the order list (filtered on the platform's order number) once the sync brought it. */
export async function syncUntilListed(page: Page, platformOrderNo: string) {
  await page.goto('/shop/setting');
  await page
    .locator('[data-slot=data-table-row]')
    .filter({ hasText: PDD_SHOP_NAME })
    .getByRole('button', { name: `立即同步 ${PDD_SHOP_NAME}` })
    .click();
  await page.goto(`/order/index?keyword=${platformOrderNo}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: /^查看订单 / })).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 240_000, intervals: [3_000] });
}

/**
 * 商品复制 of a 1688 offer into the first shop of the list: the newest copy job ends 成功 by itself;
 * its draft goods page is left open.
 */
export async function copyOffer(page: Page, offerId: string) {
  await page.goto('/shop/copy');
  await page.getByLabel('商品链接').fill(`https://detail.1688.com/offer/${offerId}.html`);
  await chooseFirstOption(page, page.getByRole('combobox', { name: '目标店铺' }));
  await page.getByRole('button', { name: '开始复制' }).click();
  await expect(page.getByText('已创建 1 个复制任务')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/copy\/list$/);
  const job = page.locator('[data-slot=data-table-row]').first();
  await expect(job).toContainText(offerId);
  await expect(job).toContainText('成功');
  await job.getByRole('link', { name: '查看商品' }).click();
  await expect(page).toHaveURL(/\/shop\/goods\/detail\?id=\d+$/);
}
