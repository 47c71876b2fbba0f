import type { Page } from '@playwright/test';
import { apiLogin, contextWithToken, expect, test } from '../helpers';

/**
 * Connecting the seller's 1688 buyer account in 代发设置, against the 1688 sandbox the server mounts
 * outside production (its app registered at start): 连接1688账号 → 1688's authorisation page →
 * 同意授权 → back on the callback route → 已连接 with the account and its date; 拒绝 → the reason.
 */

async function newSellerPage(
  browser: import('@playwright/test').Browser,
  baseURL: string,
  mobile: string,
): Promise<Page> {
  const token = await apiLogin(baseURL, mobile);
  const context = await contextWithToken(browser, baseURL, token);
  return context.newPage();
}

const card = (page: Page) => page.getByRole('region', { name: '1688采购账号' });

test('a seller connects the sandbox 1688 account in 代发设置', async ({ browser, baseURL }) => {
  const page = await newSellerPage(browser, baseURL as string, '13700000061');
  await page.goto('/system/setting');
  await expect(card(page)).toContainText('未连接');
  await card(page).getByRole('button', { name: '连接1688账号' }).click();

  await expect(page.getByRole('heading', { name: '1688沙箱 · 采购账号授权' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/__sandbox/alibaba/oauth/authorize');
  await page.getByLabel(/沙箱采购账号/).check();
  await page.getByRole('button', { name: '同意授权' }).click();

  await expect(page.getByText('1688账号“沙箱采购账号”已连接')).toBeVisible();
  await expect(page).toHaveURL(/\/system\/setting$/);
  await expect(card(page)).toContainText('已连接');
  await expect(card(page)).toContainText('账号：沙箱采购账号');
  await expect(card(page)).toContainText(/授权有效期至 \d{4}-\d{2}-\d{2}/);
  await expect(card(page).getByRole('button', { name: '重新授权' })).toBeVisible();
  await page.screenshot({ path: 'test-results/supplier-account-card.png', fullPage: true });
  await page.context().close();
});

test('拒绝 on 1688 connects nothing, says why, and leads back', async ({ browser, baseURL }) => {
  const page = await newSellerPage(browser, baseURL as string, '13700000062');
  await page.goto('/system/setting');
  await card(page).getByRole('button', { name: '连接1688账号' }).click();
  await page.getByRole('button', { name: '拒绝' }).click();
  await expect(page).toHaveURL(/\/supplier\/authorised\?.*error=access_denied/);
  await expect(page.getByRole('alert')).toContainText('你在1688授权页选择了拒绝，1688账号未连接。');
  await page.getByRole('link', { name: '返回代发设置' }).click();
  await expect(page).toHaveURL(/\/system\/setting$/);
  await expect(card(page)).toContainText('未连接');
  await page.context().close();
});
