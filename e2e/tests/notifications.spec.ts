import { expect, nodeApi, test } from '../helpers';

/**
 * 消息通知: the seeded shop whose authorisation runs out in 5 days is swept into a notification at
 * start; the bell shows the unread count, its panel lists it, and clicking it marks it read and opens
 * 店铺设置 on that shop. Screenshots of the open panel: light and dark menu, and a narrow window.
 */

test('the bell shows an expiring authorisation and clicking it opens the shop', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const api = nodeApi(baseURL as string, adminToken);
  const { unread } = await api.call('/api/notification/unread-count');
  const { list } = await api.call('/api/notification/index', { pageIndex: 1, pageSize: 100 });
  const expiring = list.find((n) => n.title === '店铺授权即将过期' && !n.read);
  if (!expiring) throw new Error('no unread 店铺授权即将过期 notification in the demo account');
  const shopName = /「(.+?)」/.exec(expiring.body)?.[1] ?? '';
  expect(shopName).not.toBe('');

  await page.goto('/dashboard/index');
  const badge = unread > 99 ? '99+' : String(unread);
  const bell = page.locator('header').getByRole('button', { name: `消息通知 ${badge}` });
  await expect(bell).toContainText(badge);
  await bell.click();
  const panel = page.getByRole('dialog', { name: '消息通知' });
  const item = panel.getByRole('button', { name: new RegExp(`店铺授权即将过期.*${shopName}`) });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(panel.getByRole('button', { name: '全部已读' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('bell-open-light.png') });

  await item.click();
  await expect(page).toHaveURL(/\/shop\/setting\?keyword=/);
  await expect(page.getByRole('heading', { name: '店铺设置' })).toBeVisible();
  await expect(
    page
      .locator('main')
      .getByRole('row', { name: new RegExp(shopName) })
      .first(),
  ).toBeVisible();
  // Read now: the badge counts one less, and the server agrees.
  const after = unread - 1;
  await expect(
    page.locator('header').getByRole('button', { name: after > 99 ? '消息通知 99+' : `消息通知 ${after}` }),
  ).toBeVisible();
  expect((await api.call('/api/notification/unread-count')).unread).toBe(after);
});

test('the open bell in the dark menu and in a narrow window', async ({ adminPage: page }) => {
  await page.goto('/dashboard/index');
  await page.getByRole('switch', { name: '暗色菜单' }).click();
  await page
    .locator('header')
    .getByRole('button', { name: /^消息通知/ })
    .click();
  const panel = page.getByRole('dialog', { name: '消息通知' });
  await expect(panel.getByRole('list', { name: '消息通知' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bell-open-dark.png') });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.setViewportSize({ width: 390, height: 800 });
  await page
    .locator('header')
    .getByRole('button', { name: /^消息通知/ })
    .click();
  await expect(panel.getByRole('list', { name: '消息通知' })).toBeVisible();
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: test.info().outputPath('bell-open-narrow.png') });
});
