import type { Page } from '@playwright/test';
import { apiLogin, contextWithToken, expect, test } from '../helpers';

/**
 * Authorising shops on 拼多多 and 抖店 in 店铺设置, against the sandboxes the server mounts outside
 * production (their apps registered at start): 添加店铺 → the platform's authorisation page →
 * 同意授权 → back on the callback route → listed; 拒绝 → the reason in words; 重新授权 of an expired shop.
 */

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');

/** A new seller (their own empty account) with a signed-in page. */
async function newSellerPage(
  browser: import('@playwright/test').Browser,
  baseURL: string,
  mobile: string,
): Promise<Page> {
  const token = await apiLogin(baseURL, mobile);
  const context = await contextWithToken(browser, baseURL, token);
  return context.newPage();
}

/** 添加店铺 → the platform's button → the sandbox's authorisation page. */
async function toPlatformPage(page: Page, platform: '拼多多' | '抖店') {
  await page.goto('/shop/setting');
  await expect(page.getByRole('heading', { name: '店铺设置' })).toBeVisible();
  await page.getByRole('button', { name: '添加店铺' }).click();
  await page.getByRole('button', { name: `授权${platform}店铺` }).click();
  await expect(page.getByRole('heading', { name: `${platform}沙箱 · 店铺授权` })).toBeVisible();
}

for (const [platform, mobile, shopName, sandboxPath] of [
  ['拼多多', '13700000051', '沙箱拼多多旗舰店', '/__sandbox/pdd/service-market/auth'],
  ['抖店', '13700000052', '沙箱抖店旗舰店', '/__sandbox/doudian/authorize'],
] as const) {
  test(`a new seller authorises a ${platform} sandbox shop and sees it listed`, async ({
    browser,
    baseURL,
  }) => {
    const page = await newSellerPage(browser, baseURL as string, mobile);
    await page.goto('/shop/setting');
    await expect(page.getByText('暂无数据')).toBeVisible();
    await toPlatformPage(page, platform);
    expect(new URL(page.url()).pathname).toBe(sandboxPath);
    await page.getByLabel(new RegExp(shopName)).check();
    await page.getByRole('button', { name: '同意授权' }).click();

    await expect(page.getByText(`店铺“${shopName}”授权成功`)).toBeVisible();
    await expect(page).toHaveURL(/\/shop\/setting$/);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row).toContainText(shopName);
    await expect(row).toContainText('正常');
    await expect(row.getByRole('button', { name: `停用店铺 ${shopName}` })).toBeVisible();

    if (platform === '拼多多') {
      // 停用 / 启用.
      await row.getByRole('button', { name: `停用店铺 ${shopName}` }).click();
      await expect(page.getByText(`已停用“${shopName}”，不再同步订单`)).toBeVisible();
      await expect(row).toContainText('已停用');
      await row.getByRole('button', { name: `启用店铺 ${shopName}` }).click();
      await expect(row).toContainText('正常');
      // The page with the new column and the 添加店铺 dialog, for a look.
      await page.getByRole('button', { name: '添加店铺' }).click();
      await expect(page.getByRole('button', { name: '授权抖店店铺' })).toBeVisible();
      await page.screenshot({ path: 'test-results/shop-authorise-dialog.png' });
    }
    await page.context().close();
  });
}

test('a refused authorisation (拒绝) shows why, with a way back', async ({ browser, baseURL }) => {
  const page = await newSellerPage(browser, baseURL as string, '13700000053');
  await toPlatformPage(page, '拼多多');
  await page.getByRole('button', { name: '拒绝' }).click();
  await expect(page).toHaveURL(/\/shop\/authorised\/pinduoduo\?.*error=access_denied/);
  await expect(page.getByRole('alert')).toContainText('你在拼多多授权页选择了拒绝，店铺未添加。');
  await page.getByRole('link', { name: '返回店铺设置' }).click();
  await expect(page).toHaveURL(/\/shop\/setting$/);
  await expect(page.getByText('暂无数据')).toBeVisible();
  await page.context().close();
});

test('重新授权 of an expired shop makes it 正常 again', async ({ adminPage: page }) => {
  // The status column over the demo account's shops, for a look.
  await page.goto('/shop/setting');
  await expect(rows(page)).toHaveCount(20);
  await page.screenshot({ path: 'test-results/shop-authorise-list.png', fullPage: true });
  // The demo account's expired 拼多多 shops (typed in, never authorised on the platform).
  await page.goto('/shop/setting?auth_status=expired&platform=pinduoduo');
  const row = rows(page).first();
  await expect(row).toContainText('授权已过期');
  const name = ((await row.locator('td').first().textContent()) ?? '').trim();
  await row.getByRole('button', { name: `重新授权店铺 ${name}` }).click();
  await expect(page.getByRole('heading', { name: '拼多多沙箱 · 店铺授权' })).toBeVisible();
  await page.getByLabel(/沙箱拼多多二店/).check();
  await page.getByRole('button', { name: '同意授权' }).click();

  await expect(page.getByText('店铺“沙箱拼多多二店”授权成功')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/setting$/);
  await page.goto('/shop/setting?keyword=沙箱拼多多二店');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('正常');
  await expect(
    rows(page)
      .first()
      .getByRole('button', { name: /重新授权/ }),
  ).toHaveCount(0);
});
