import type { Page } from '@playwright/test';
import { expect, test } from '../helpers';

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');
const currentPage = (page: Page) => page.locator('[data-slot=pagination] [aria-current=page]');

/** `YYYY-MM-DD` of `daysAgo` days before now, in Asia/Shanghai (the server's day). */
function shanghaiDay(daysAgo: number): string {
  return new Date(Date.now() + 8 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Waits until every row's cell `column` (0-based) matches `pattern`. On 代发订单 the owner's first
 * column is the row's selection checkbox (batch work), so its columns count from 1
 * (平台订单号, 订单号, 店铺, 平台, 商品, 买家, 金额, 物流回传, 状态 ...). The status cell may carry 售后中 /
 * 需拦截 after the status.
 */
async function expectEveryRow(page: Page, column: number, pattern: RegExp) {
  await expect(async () => {
    const texts = await rows(page)
      .locator(`td:nth-child(${column + 1})`)
      .allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(pattern);
  }).toPass();
}

/** Clicks 下一页 and waits until the table shows another first row. */
async function nextPage(page: Page) {
  const firstRow = rows(page).first();
  const before = await firstRow.getAttribute('data-row-id');
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(firstRow).not.toHaveAttribute('data-row-id', before ?? '');
}

test('代发订单: status tab, shop and dates filter the list, paging works, reload keeps it all', async ({
  adminPage: page,
}) => {
  await page.goto('/order/index');
  await expect(page.getByRole('heading', { name: '代发订单' })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
  await nextPage(page);
  await expect(page).toHaveURL(/pageIndex=2/);

  // Status tab: the address and every row follow.
  await page.getByRole('tab', { name: '已发货' }).click();
  await expect(page).toHaveURL(/[?&]status=shipped(&|$)/);
  await expectEveryRow(page, 9, /^已发货(\s|$)/);

  // Shop: pick the first shop of the list.
  await page.getByRole('combobox', { name: '店铺' }).click();
  const option = page.getByRole('option').nth(1);
  const shopName = ((await option.textContent()) ?? '').trim();
  await option.click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/[?&]shop_id=\d+/);
  await expectEveryRow(page, 3, new RegExp(`^${shopName}$`));
  await expectEveryRow(page, 9, /^已发货(\s|$)/);

  // Date range: every created time lies within it (the absolute time is the tooltip).
  await page.getByRole('tab', { name: '全部' }).click();
  await page.getByRole('combobox', { name: '店铺' }).click();
  await page.getByRole('option', { name: '全部店铺' }).click();
  const from = shanghaiDay(60);
  const to = shanghaiDay(20);
  // The design system's picker: typed days in its popover (the calendar and the presets are its own tests).
  const dates = page.getByRole('button', { name: /^下单时间/ });
  await dates.click();
  const picker = page.getByRole('dialog', { name: '下单时间' });
  await picker.getByRole('textbox', { name: '开始日期' }).fill(from);
  await picker.getByRole('textbox', { name: '结束日期' }).fill(to);
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();
  await expect(dates).toContainText(`${from} 至 ${to}`);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(new RegExp(`start_date=${from}&end_date=${to}`));
  await expect(async () => {
    const titles = await rows(page)
      .locator('time')
      .evaluateAll((els) => els.map((el) => el.title));
    expect(titles.length).toBe(20);
    for (const title of titles) {
      expect(title.slice(0, 10) >= from && title.slice(0, 10) <= to, title).toBe(true);
    }
  }).toPass();

  // Next page of the filtered list.
  await nextPage(page);
  await expect(currentPage(page)).toHaveText('2');
  await expect(page).toHaveURL(/pageIndex=2/);

  // Reload: the same page, filters and rows.
  const firstOnPage2 = await rows(page).first().getAttribute('data-row-id');
  await page.reload();
  await expect(currentPage(page)).toHaveText('2');
  await expect(page.getByRole('button', { name: /^下单时间/ })).toContainText(`${from} 至 ${to}`);
  await expect(rows(page).first()).toHaveAttribute('data-row-id', firstOnPage2 ?? '');
});

test('代发订单 at 1440 px with the sidebar open: the filters, 查询 and 重置 fit on one line', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/order/index');
  await expect(page.locator('[data-slot=sidebar]')).toHaveAttribute('data-state', 'expanded');
  const bar = page.locator('[data-slot=filter-bar]');
  const top = async (name: string) => (await bar.getByRole('button', { name }).boundingBox())?.y;
  const keywordTop = (await bar.getByRole('textbox').first().boundingBox())?.y ?? Number.NaN;
  const resetTop = (await top('重置')) ?? Number.NaN;
  expect(Math.abs(resetTop - keywordTop)).toBeLessThan(4);
  expect(Math.abs(((await top('查询')) ?? Number.NaN) - keywordTop)).toBeLessThan(4);
});

test('代发订单: the detail dialog shows the order, its receiver and goods', async ({ adminPage: page }) => {
  await page.goto('/order/index');
  const firstRow = rows(page).first();
  const orderNo = ((await firstRow.locator('td').first().textContent()) ?? '').trim();
  await firstRow.getByRole('button', { name: `查看订单 ${orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: '订单详情' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(orderNo);
  await expect(dialog).toContainText('收货信息');
  await expect(dialog.getByText(/\d{3}\*{4}\d{4}/)).toBeVisible();
  await expect(dialog.getByRole('region', { name: '商品明细' }).getByRole('listitem').first()).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toBeHidden();
});

test('代发订单: a keyword that matches nothing shows the empty state; a failed load offers a retry', async ({
  adminPage: page,
}) => {
  await page.goto('/order/index?keyword=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA%E8%AE%A2%E5%8D%95');
  await expect(page.getByText('暂无数据')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);

  let fail = true;
  await page.route('**/api/order/index', (route) => (fail ? route.abort('failed') : route.fallback()));
  await page.goto('/order/index?status=pending');
  // The loader fails, the page still renders the list with its error state and a retry.
  await expect(page.getByText('加载失败，请稍后重试。')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: '重试' }).click();
  await expect(rows(page)).toHaveCount(20);
  await expectEveryRow(page, 9, /^待采购(\s|$)/);
});

test('售后订单: status tab and keyword filter, paging and reload, detail dialog', async ({
  adminPage: page,
}) => {
  // The columns: 平台订单号, 订单号, 店铺, 平台, 商品, 售后类型, 退款金额, 状态, 申请时间.
  const ORDER_NO = 1;
  const TYPE = 5;
  const STATUS = 7;
  await page.goto('/order/after-sale');
  await expect(page.getByRole('heading', { name: '售后订单' })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await page.getByRole('tab', { name: '处理中' }).click();
  await expect(page).toHaveURL(/status=processing/);
  await expectEveryRow(page, STATUS, /^处理中$/);
  await page.getByRole('tab', { name: '处理中' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: '已完成' })).toBeFocused();
  await expect(page).toHaveURL(/status=finished/);
  await expectEveryRow(page, STATUS, /^已完成$/);

  await page.locator('[data-slot=pagination]').getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/pageIndex=2/);
  await expect(currentPage(page)).toHaveText('2');
  await page.reload();
  await expect(currentPage(page)).toHaveText('2');
  await expect(page.getByRole('tab', { name: '已完成' })).toHaveAttribute('aria-selected', 'true');
  await expectEveryRow(page, STATUS, /^已完成$/);

  // The type picker narrows it further (and goes back to page 1).
  await page.getByRole('combobox', { name: '售后类型' }).click();
  await page.getByRole('option', { name: '换货' }).click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/type=exchange/);
  await expect(currentPage(page)).toHaveText('1');
  await expectEveryRow(page, TYPE, /^换货$/);
  await expectEveryRow(page, STATUS, /^已完成$/);

  const orderNo = ((await rows(page).first().locator('td').nth(ORDER_NO).textContent()) ?? '').trim();
  expect(orderNo).toMatch(/^DD\d+/);
  await rows(page)
    .first()
    .locator('td')
    .nth(ORDER_NO + 1)
    .click();
  const dialog = page.getByRole('dialog', { name: '售后详情' });
  await expect(dialog).toContainText(orderNo);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('售后订单: each status tab counts the requests of the current filters, each count the tab’s total', async ({
  adminPage: page,
}) => {
  // A filter that leaves several statuses: one type.
  await page.goto('/order/after-sale?type=refund');
  const tabs = page.getByRole('tab');
  const countOf = async (index: number) =>
    Number(await tabs.nth(index).locator('[data-slot=tab-count]').textContent());
  await expect(tabs.first().locator('[data-slot=tab-count]')).toHaveText(/^\d+$/);
  const names = await tabs.evaluateAll((els) => els.map((el) => (el.firstChild?.textContent ?? '').trim()));
  expect(names).toEqual(['全部', '待处理', '处理中', '已完成', '已拒绝']);
  const total = page.locator('[data-slot=pagination-total]');
  let sum = 0;
  for (const [index, name] of names.entries()) {
    const count = await countOf(index);
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expect(total, name).toHaveText(`共 ${count} 条`);
    if (index > 0) sum += count;
    else expect(count).toBeGreaterThan(0);
  }
  const all = await countOf(0);
  expect(sum).toBe(all);

  // The filter bar changes the counts, not only the tabs: every type is more than one type.
  await page.goto('/order/after-sale');
  await expect(total).toHaveText(/^共 \d+ 条$/);
  await expect.poll(() => countOf(0)).toBeGreaterThan(all);
  await expect(total).toHaveText(`共 ${await countOf(0)} 条`);
});
