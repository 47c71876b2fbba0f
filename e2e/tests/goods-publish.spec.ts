import type { Page } from '@playwright/test';
import { type RunningServer, startServer } from '../../apps/api-server/src/server';
import { chooseFirstOption, expect, test } from '../helpers';
import {
  newSellerWithShopAnd1688,
  PDD_SHOP_ID,
  PDD_SHOP_NAME,
  sandboxesOf,
  T_SHIRT_OFFER,
} from '../supplier';

/**
 * 铺货 in the browser, on a server of its own with the 拼多多 and 1688 sandboxes: 商品复制 of the
 * sandbox T恤 with the sandbox 拼多多 shop chosen (category T恤 picked in the shop's authorised
 * categories) publishes it once copied: 复制记录 shows 审核中, then 已发布 with the platform's goods id.
 * The cup copied into 保温杯 without its required 容量 shows 发布失败 with the reason; 重新发布 with
 * 容量 filled publishes it. 商品管理 then shows each goods' listing with its 货源监控 state.
 */

let server: RunningServer;
/** The goods' images are on 1688's CDN, out of reach here: the publish job reads this 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const CUP_OFFER = '610000000002';

test.beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    exportWorker: false,
    platformSandbox: { demoEveryMs: false },
    shopSync: false,
    writebackJobs: false,
    purchaseJobs: false,
    publishJobs: {
      idlePollMs: 300,
      reviewPollMs: 500,
      fetchImage: async () => ({ bytes: PNG, type: 'image/png' }),
    },
  });
  // Reviews last until the spec ends them (finishReviews).
  sandboxesOf(server).pdd.publishing.reviewMs = 3_600_000;
});

test.afterAll(async () => {
  await server?.close();
});

/** 商品复制 of `offerId` into the first shop, published to the sandbox shop in category `path`. */
async function copyAndPublish(page: Page, offerId: string, path: [string, string]) {
  await page.goto('/shop/copy');
  await page.getByLabel('商品链接').fill(`https://detail.1688.com/offer/${offerId}.html`);
  await chooseFirstOption(page, page.getByRole('combobox', { name: '目标店铺' }));
  await page.getByRole('checkbox', { name: PDD_SHOP_NAME }).check();
  const shop = page.getByRole('region', { name: PDD_SHOP_NAME });
  await shop.getByRole('button', { name: `类目 ${PDD_SHOP_NAME}` }).click();
  await page.getByRole('button', { name: `展开类目 ${path[0]}` }).click();
  await page.getByRole('button', { name: `选择类目 ${path[1]}` }).click();
  await expect(shop.getByRole('button', { name: `类目 ${PDD_SHOP_NAME}` })).toHaveText(
    `已选：${path.join(' > ')}`,
  );
  await page.getByRole('button', { name: '开始复制' }).click();
  await expect(page).toHaveURL(/\/shop\/copy\/list$/);
}

test('商品复制 publishes to the chosen 拼多多 shop: 审核中, 已发布 with the goods id; 发布失败 says why, 重新发布 works', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const { pdd } = sandboxesOf(server);
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await newSellerWithShopAnd1688(page, server.url, '13700000083');

  await copyAndPublish(page, T_SHIRT_OFFER, ['男装', 'T恤']);
  const shirt = page.locator('[data-slot=data-table-row]').first();
  await expect(shirt).toContainText(T_SHIRT_OFFER);
  const shirtListing = shirt.locator('[data-slot=listing]');
  await expect(shirtListing).toContainText(PDD_SHOP_NAME);
  await expect(shirtListing).toContainText('审核中');
  await expect(shirtListing).toContainText('类目：男装 > T恤');
  pdd.publishing.finishReviews();
  await expect(shirtListing).toContainText('已发布');
  const [listed] = pdd.publishing.goodsOf(PDD_SHOP_ID);
  await expect(shirtListing.getByRole('link', { name: `商品ID ${listed?.goodsId}` })).toHaveAttribute(
    'href',
    `https://mobile.yangkeduo.com/goods.html?goods_id=${listed?.goodsId}`,
  );

  // The cup in 保温杯 lacks 容量 (its offer does not name one): 发布失败 with the reason.
  await copyAndPublish(page, CUP_OFFER, ['家居生活', '保温杯']);
  const cup = page.locator('[data-slot=data-table-row]').first();
  await expect(cup).toContainText(CUP_OFFER);
  const cupListing = cup.locator('[data-slot=listing]');
  await expect(cupListing).toContainText('发布失败');
  await expect(cupListing).toContainText('类目属性「容量」需要填写');
  await expect(cupListing).toContainText('类目：家居生活 > 保温杯');

  // 重新发布 opens with the previous choices (the category, by name), 容量 filled.
  await cupListing.getByRole('button', { name: `重新发布到 ${PDD_SHOP_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: '重新发布' });
  await expect(dialog.getByRole('button', { name: `类目 ${PDD_SHOP_NAME}` })).toHaveText(
    '已选：家居生活 > 保温杯',
  );
  await dialog.getByLabel('容量').fill('500ml');
  await dialog.getByRole('button', { name: '重新发布', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cupListing).toContainText('审核中');
  pdd.publishing.finishReviews();
  await expect(cupListing).toContainText('已发布');
  expect(pdd.publishing.goodsOf(PDD_SHOP_ID).map((goods) => goods.catId)).toEqual([9813, 9901]);

  // 商品管理 shows each goods' listing: the shop, 已发布 and 货源监控's state; the popover has each shop's line.
  await page.goto('/shop/goods');
  const listings = page.locator('[data-slot=goods-listings]');
  await expect(listings).toHaveCount(2);
  await expect(listings.first()).toContainText(PDD_SHOP_NAME);
  await expect(listings.first()).toContainText('已发布');
  await expect(listings.first()).toContainText(/监控中 · 最近检查|等待首次检查/);
  await listings.first().click();
  await expect(page.locator('[data-slot=goods-listing]')).toContainText(PDD_SHOP_NAME);

  await context.close();
});
