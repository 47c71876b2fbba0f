import type { Page } from '@playwright/test';
import { expect, nodeApi, test } from '../helpers';

/**
 * The back office on a phone (390 px wide): 代发订单 is a list of cards headed by the 平台订单号, each
 * with its row's actions; the filters open in a sheet and still write the address; and no menu page
 * scrolls sideways (a wide table scrolls inside its own box, the page does not).
 */

const PHONE = { width: 390, height: 844 };

/** How far the page is wider than the window (0: it does not scroll sideways). */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    // The shell scrolls the page in its content box (the document itself does not scroll); the header
    // has to fit as it is.
    const boxes = [
      document.documentElement,
      document.querySelector('[data-slot=content-scroll]'),
      document.querySelector('header'),
    ];
    return Math.max(...boxes.map((box) => (box ? box.scrollWidth - box.clientWidth : 0)));
  });

test('on a 390 px phone 代发订单 is cards with their actions, filters in a sheet; no page scrolls sideways', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  await page.setViewportSize(PHONE);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // A platform order (typed in with its 平台订单号, as 手工建单 takes it): pending, so it offers 采购.
  const api = nodeApi(baseURL as string, adminToken);
  const shopId = (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1 })).list[0]?.shop_id;
  if (!shopId) throw new Error('the demo has no order');
  const platformOrderNo = `PHONE${Date.now()}`;
  const created = await api.call('/api/order/create', {
    shop_id: shopId,
    platform_order_no: platformOrderNo,
    items: [{ title: '手机卡片测试商品', sku: '黑色 XL', quantity: 2, price: 1990 }],
    amount: 3980,
    receiver: { name: '卡片', mobile: '13912345678', address: '浙江省杭州市西湖区文三路 1 号' },
  });

  await page.goto('/order/index');
  const cards = page.locator('[data-slot=list-card]');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('[data-slot=data-table]')).toHaveCount(0);

  // The keyword box stays on the page; the card leads with the 平台订单号, copied by its button.
  await page.getByRole('textbox', { name: '关键词' }).fill(platformOrderNo);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.locator('[data-slot=list-card-number]')).toHaveText(platformOrderNo);
  await expect(card.locator('[data-slot=status-badge]')).toHaveText('待采购');
  const goods = card.locator('[data-slot=order-goods]');
  for (const text of ['手机卡片测试商品', '规格：黑色 XL', '× 2']) await expect(goods).toContainText(text);
  await expect(goods.locator('img, [aria-hidden=true]').first()).toBeVisible();
  await expect(card).toContainText('¥39.80');
  await card.getByRole('button', { name: '复制平台订单号' }).click();
  await expect(page.getByText(`已复制 ${platformOrderNo}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(platformOrderNo);

  // The row's 操作 on the card: 采购 opens the order at its form, in the address.
  const actions = card.locator('[data-slot=order-row-actions]').getByRole('button');
  await expect(actions).toHaveText(['采购', '一键采购', '取消']);
  await actions.filter({ hasText: /^采购$/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]order=${created.id}(&|$)`));
  const dialog = page.getByRole('dialog', { name: '订单详情' });
  await expect(dialog.getByRole('form', { name: '采购' })).toBeVisible();
  expect(await overflowOf(page)).toBe(0);
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toHaveCount(0);

  // 筛选 opens the sheet: a platform picked there is in the address and filters the cards.
  await page.getByRole('textbox', { name: '关键词' }).clear();
  await page.locator('[data-slot=filter-sheet-open]').click();
  const sheet = page.getByRole('dialog', { name: '筛选' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('combobox', { name: '平台' }).click();
  await page.getByRole('option', { name: '抖店' }).click();
  await sheet.getByRole('button', { name: '查询' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]platform=douyin(&|$)/);
  await expect(page.locator('[data-slot=filter-sheet-open]')).toHaveText(/筛选（1）/);
  await expect(cards.first()).toBeVisible();
  for (const shop of await cards.locator('dd').filter({ hasText: ' · ' }).allTextContents()) {
    expect(shop).toContain('抖店');
  }

  // Every page of the menu (the 菜单导航 grid lists them) fits the phone.
  await page.goto('/dashboard/index');
  const menu = page.locator('[data-slot=menu-card]');
  await expect(menu.first()).toBeVisible();
  const paths = new Set(
    await menu.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
  );
  expect(paths.size).toBeGreaterThan(15);
  const wide: string[] = [];
  for (const path of ['/dashboard/index', ...paths]) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    // Not 'networkidle': a signed-in page holds its live stream open.
    await page.waitForLoadState('load');
    const over = await overflowOf(page);
    if (over > 0) wide.push(`${path} +${over}px`);
  }
  expect(wide).toEqual([]);
});

test('on a 390 px phone 复制记录 is cards: the copied goods, its status and each shop’s 铺货 with 重新发布; nothing scrolls sideways', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  await page.setViewportSize(PHONE);
  // A copied goods published to a demo 拼多多 shop, whose platform authorisation the demo does not hold:
  // the 铺货 fails with why (the real publish job), and offers 重新发布.
  const api = nodeApi(baseURL as string, adminToken);
  const shop = (await api.call('/api/shop/index', { pageIndex: 1, pageSize: 100 })).list.find(
    (s) => s.platform === 'pinduoduo' && s.auth_status === 'authorized',
  );
  const record = (
    await api.call('/api/copy/index', { pageIndex: 1, pageSize: 50, status: 'succeeded' })
  ).list.find((r) => r.goods_id && r.goods_title && r.listings.length === 0);
  if (!shop || !record?.goods_id || !record.goods_title) throw new Error('the demo has no copy to publish');
  await api.call('/api/goods/publish', { goods_ids: [record.goods_id], shop_ids: [shop.id] });

  await page.goto(`/shop/copy/list?status=succeeded&keyword=${encodeURIComponent(record.source_url)}`);
  await expect(page.locator('[data-slot=data-table]')).toHaveCount(0);
  const card = page
    .locator('[data-slot=list-card]')
    .filter({ hasText: record.goods_title })
    .filter({ hasText: shop.name });
  await expect(card.locator('[data-slot=copy-goods]')).toContainText(record.goods_title);
  await expect(card.locator('[data-slot=status-badge]').first()).toHaveText('成功');
  const listing = card.locator('[data-slot=listing]').filter({ hasText: shop.name });
  await expect(listing).toContainText('发布失败');
  await expect(listing).toContainText('店铺未授权或授权已过期');
  expect(await overflowOf(page)).toBe(0);

  // 重新发布 from the card: the dialog for that shop, which queues the listing again.
  await listing.getByRole('button', { name: `重新发布到 ${shop.name}` }).click();
  const dialog = page.getByRole('dialog', { name: '重新发布' });
  await expect(dialog).toContainText(`重新发布到 ${shop.name}`);
  expect(await overflowOf(page)).toBe(0);
  await dialog.getByRole('button', { name: '重新发布', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('已重新提交发布')).toBeVisible();
  await expect(listing).toContainText('发布失败');
});

test('on a 390 px phone 帮助中心 reads: the header’s 帮助 opens the page’s article, the contents open another, nothing scrolls sideways', async ({
  adminPage: page,
}) => {
  await page.setViewportSize(PHONE);
  /** The article is on screen, within the window's width, and none of its lines is cut off. */
  const readable = async (title: string) => {
    const article = page.getByRole('article', { name: title });
    await expect(article).toBeInViewport();
    await expect(article.locator('p').first()).toBeVisible();
    const box = await article.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${title} fits`).toBe(true);
    const clipped = await article
      .locator('h2, p, nav')
      .evaluateAll((parts) => parts.filter((part) => part.scrollWidth > part.clientWidth).length);
    expect(clipped, `${title} has no cut-off line`).toBe(0);
    expect(await overflowOf(page)).toBe(0);
  };

  // From a page: the header's 帮助 opens that page's article (its route's staticData.help).
  for (const [path, anchor, title] of [
    ['/order/index', 'order-sync', '订单如何同步'],
    ['/dashboard/download', 'export', '如何导出订单'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.getByRole('button', { name: '帮助' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/help#${anchor}$`));
    await expect(page.getByRole('heading', { name: '帮助中心', level: 1 })).toBeVisible();
    await readable(title);
  }

  // 帮助中心 from its top: the search fits, and the contents open another article.
  await page.goto('/dashboard/help');
  const search = page.getByRole('searchbox', { name: '搜索帮助' });
  await expect(search).toBeInViewport({ ratio: 1 });
  expect(await overflowOf(page)).toBe(0);
  await page
    .getByRole('navigation', { name: '目录' })
    .getByRole('link', { name: '如何导入快递单号' })
    .click();
  await readable('如何导入快递单号');
});
