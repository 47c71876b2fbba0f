import type { Browser, Page } from '@playwright/test';
import { type RunningServer, startServer } from '../../apps/api-server/src/server';
import type { SandboxCore } from '../../packages/platform-sandboxes/src/core';
import { expect, loginViaUi, test } from '../helpers';

/**
 * The whole loop of a shop on a real platform, for 拼多多 and for 抖店, in the browser: a new seller
 * signs up, authorises a sandbox shop in 店铺设置, a buyer places an order on the platform, the sync
 * brings it into 代发订单, the seller purchases (采购) and ships (发货) it, and the platform's own order
 * page shows the tracking number written back. On 抖店 the buyer first asks for a refund, so the platform
 * refuses the writeback (回传失败); once the refund is withdrawn, 重新回传 lands it.
 *
 * This spec starts a server of its own (the built admin app and the API, as `npm start` serves them,
 * with the sandboxes mounted) so that it holds the sandboxes: it places orders through their own API
 * (`placeOrder`, what the demo does) and never writes the database. The demo's own orders every 20 s
 * are off, so the seller's list holds what the test placed and the shop's first orders.
 */

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    copyWorker: false,
    exportWorker: false,
    platformSandbox: { demoEveryMs: false },
    // As `npm start` with the sandboxes: every shop syncs each minute (立即同步 has the same floor).
    shopSync: { everySeconds: 60, pollMs: 1_000 },
    writebackJobs: { pollMs: 500, retryBaseMs: 1_000 },
  });
});

test.afterAll(async () => {
  await server?.close();
});

const LOOPS = [
  {
    platform: '拼多多',
    code: 'pinduoduo',
    mount: '/__sandbox/pdd',
    mobile: '13700000061',
    shopId: '900001',
    shopName: '沙箱拼多多旗舰店',
    goods: '闭环测试 手摇磨豆机（拼多多）',
    trackingNo: 'SF7000000000061',
    carrier: '顺丰快递',
    refusedFirst: false,
  },
  {
    platform: '抖店',
    code: 'douyin',
    mount: '/__sandbox/doudian',
    mobile: '13700000062',
    shopId: '77001',
    shopName: '沙箱抖店旗舰店',
    goods: '闭环测试 陶瓷马克杯（抖店）',
    trackingNo: 'SF7000000000062',
    carrier: '顺丰速运',
    refusedFirst: true,
  },
] as const;

async function newSeller(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await page.goto('/login');
  await loginViaUi(page, server.url, mobile);
  await expect(page).toHaveURL(/\/dashboard\/guide$/);
  // 发货 needs a sender address: the seller's first one is the default.
  await page.goto('/system/address');
  const senders = page.getByRole('region', { name: '发货地址列表' });
  await senders.getByRole('button', { name: '新增发货地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增发货地址' });
  await dialog.getByRole('textbox', { name: '联系人' }).fill('闭环发货仓');
  await dialog.getByRole('textbox', { name: '手机号' }).fill('13800000009');
  await dialog.getByRole('textbox', { name: '省 / 市 / 区' }).fill('浙江省 金华市 义乌市');
  await dialog.getByRole('textbox', { name: '详细地址' }).fill('福田街道 商城大道 1 号');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(senders.locator('[data-slot=data-table-row]')).toHaveCount(1);
  return page;
}

function sandboxOf(code: 'pinduoduo' | 'douyin'): SandboxCore {
  const sandboxes = server.sandboxes;
  if (!sandboxes) throw new Error('the server serves no sandboxes');
  return code === 'pinduoduo' ? sandboxes.pdd : sandboxes.doudian;
}

for (const loop of LOOPS) {
  test(`${loop.platform}: a new seller's shop from authorisation to the tracking number on the platform`, async ({
    browser,
  }) => {
    // Two syncs of a minute's floor and a writeback on a shared machine: generous, never a bound.
    test.setTimeout(360_000);
    const sandbox = sandboxOf(loop.code);
    const page = await newSeller(browser, loop.mobile);

    // 店铺设置 → 添加店铺 → the platform's page → 同意授权.
    await page.goto('/shop/setting');
    await expect(page.getByText('暂无数据')).toBeVisible();
    await page.getByRole('button', { name: '添加店铺' }).click();
    await page.getByRole('button', { name: `授权${loop.platform}店铺` }).click();
    await expect(page.getByRole('heading', { name: `${loop.platform}沙箱 · 店铺授权` })).toBeVisible();
    await page.getByLabel(new RegExp(loop.shopName)).check();
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page.getByText(`店铺“${loop.shopName}”授权成功`)).toBeVisible();

    // A buyer places an order on the platform. The sync reads up to 3 minutes before now (the
    // platforms' advice, so that it misses nothing still being written), so the order is placed as
    // the platform would hold one paid 4 minutes ago: the next sync must bring it.
    const placed = sandbox.placeOrder(loop.shopId, {
      createdAt: Math.floor(Date.now() / 1000) - 240,
      items: [
        {
          goodsId: '3059001',
          skuId: '30590011',
          name: loop.goods,
          spec: '黑色',
          quantity: 1,
          priceFen: 8800,
          outerSkuId: 'SKU-LOOP-1',
          outerGoodsId: 'SPU-LOOP',
        },
      ],
    });

    // 立即同步 tells its result once its run has finished; then 代发订单 shows the order.
    await page
      .locator('[data-slot=data-table-row]')
      .filter({ hasText: loop.shopName })
      .getByRole('button', { name: `立即同步 ${loop.shopName}` })
      .click();
    // (How many it adds depends on whether an earlier run or a push brought the order first.)
    await expect(
      page.getByText(new RegExp(`${loop.shopName} 同步完成：新增 \\d+ 单，更新 \\d+ 单`)),
    ).toBeVisible({
      timeout: 150_000,
    });
    await page.goto(`/order/index?keyword=${encodeURIComponent(loop.goods)}`);
    const view = page.getByRole('button', { name: /^查看订单 / });
    await expect(async () => {
      await page.reload();
      await expect(view).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 240_000, intervals: [3_000] });

    await view.click();
    const dialog = page.getByRole('dialog', { name: '订单详情' });
    await expect(dialog).toContainText(placed.orderNo);
    await expect(dialog.locator('[data-slot=order-status]')).toHaveText('待采购');

    // 采购.
    await dialog.getByRole('button', { name: '采购', exact: true }).click();
    await dialog.getByRole('textbox', { name: '供应商', exact: true }).fill('1688 义乌好货源');
    await dialog.getByRole('textbox', { name: '供应商订单号' }).fill(`CG-LOOP-${loop.shopId}`);
    await dialog.getByRole('textbox', { name: '采购成本（元）' }).fill('52.00');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已采购');

    // The buyer asks for a refund on 抖店 before the seller ships: the platform refuses to ship it.
    if (loop.refusedFirst) sandbox.refundOrder(placed.orderNo, 'in_progress');

    // 发货.
    await dialog.getByRole('button', { name: '发货', exact: true }).click();
    await dialog.getByRole('combobox', { name: '快递公司' }).click();
    await page.getByRole('option', { name: '顺丰速运' }).click();
    await dialog.getByRole('textbox', { name: '运单号' }).fill(loop.trackingNo);
    await expect(dialog.getByRole('combobox', { name: '发货地址' })).toContainText('闭环发货仓');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.locator('[data-slot=order-status]')).toHaveText('已发货');

    const writeback = dialog.getByRole('region', { name: '物流回传' });
    if (loop.refusedFirst) {
      await expect(writeback.locator('[data-slot=writeback-status]')).toHaveText('回传失败');
      await expect(writeback.locator('[data-slot=writeback-message]')).toHaveText(
        `${loop.platform}拒绝了此操作：订单售后中，不能发货`,
      );
      // The buyer withdraws the refund on the platform; 重新回传.
      sandbox.refundOrder(placed.orderNo, 'none');
      await writeback.getByRole('button', { name: '重新回传' }).click();
    }
    await expect(writeback.locator('[data-slot=writeback-status]')).toHaveText('已回传');

    // The platform's own order page (the sandbox's, in the browser) shows the tracking number.
    await page.goto(`${loop.mount}/orders?shop=${loop.shopId}`);
    await expect(
      page.getByRole('heading', { name: `${loop.platform}沙箱 · ${loop.shopName}的订单` }),
    ).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: placed.orderNo });
    await expect(row.getByRole('cell').nth(1)).toHaveText('已发货');
    await expect(row.getByRole('cell').nth(4)).toHaveText(loop.carrier);
    await expect(row.getByRole('cell').nth(5)).toHaveText(loop.trackingNo);
    // Written back once.
    expect(
      sandbox.calls.filter(
        (call) =>
          call.error === null &&
          call.method === (loop.code === 'pinduoduo' ? 'pdd.logistics.online.send' : 'order.logisticsAdd'),
      ),
    ).toHaveLength(1);
    await page.context().close();
  });
}
