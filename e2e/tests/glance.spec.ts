import type { Locator, Page } from '@playwright/test';
import type { DashboardSummary } from '../../packages/api-client/src/index.ts';
import { apiLogin, contextWithToken, expect, FRESH, nodeApi, test } from '../helpers';

/**
 * 工作台: each count above 全部功能's grid opens the list with its filter, and the number on the card
 * is that list's total (共 N 条). The 30 days are drawn (two chartist bar charts) and readable as a
 * table. The balance and 新手指引's checklist (ticked from the account's state), at 1440 and 390 px.
 */

const CARDS = [
  { label: '待采购', url: /\/order\/index\?status=pending/ },
  { label: '待发货', url: /\/order\/index\?status=purchased/ },
  { label: '售后待处理', url: /\/order\/after-sale\?status=pending/ },
  { label: '今日订单', url: /\/order\/index\?.*start_date=/ },
  { label: '需重新授权', url: /\/shop\/setting\?attention=reauthorise/ },
] as const;

test('工作台: 工作概览 says what it counts: what waits now, whatever the day, apart from today', async ({
  adminPage: page,
}) => {
  await page.goto('/dashboard/index');
  await expect(page.getByRole('heading', { name: '工作概览' })).toBeVisible();
  const backlog = page.getByRole('region', { name: '当前待处理（不限下单日期）' });
  await expect(backlog.getByRole('link')).toHaveText([/^待采购/, /^待发货/, /^售后待处理/]);
  const today = page.getByRole('region', { name: /^今日 \d{4}-\d{2}-\d{2}$/ });
  await expect(today.getByRole('link')).toHaveText([/^今日订单/, /^今日销售额/]);
});

for (const card of CARDS) {
  test(`工作台: ${card.label} opens its filtered list, whose total is the count`, async ({
    adminPage: page,
  }) => {
    await page.goto('/dashboard/index');
    const link = page.getByRole('link', { name: new RegExp(`^${card.label}`) });
    const count = (await link.locator('[data-slot=glance-value]').textContent())?.trim() ?? '';
    expect(count).toMatch(/^\d+$/);
    await link.click();
    await expect(page).toHaveURL(card.url);
    await expect(page.locator('[data-slot=pagination]').getByText(`共 ${count} 条`)).toBeVisible();
  });
}

test('工作台: 工作概览 keeps its size while the summary loads (the grid below it does not jump)', async ({
  adminPage: page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/dashboard/summary', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/index');
  const glance = page.locator('[data-slot=glance]');
  await expect(page.locator('[data-slot=menu-card]').first()).toBeVisible();
  await expect(glance).toHaveAttribute('aria-busy', 'true');
  await expect(glance.locator('[data-slot=glance-value]').first()).toHaveText('—');
  const size = async () => {
    const box = await glance.boundingBox();
    return { width: box?.width, height: box?.height };
  };
  const before = await size();
  release();
  await expect(glance).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('[data-slot=days-chart][data-series=sales] svg')).toBeVisible();
  // (新手指引's checklist above it opens once the summary says steps are left: that move is wanted.)
  expect(await size()).toEqual(before);
});

test("工作台: the last 30 days are drawn between the counts and the grid, and are a table screen readers read, with the API's values", async ({
  adminPage: page,
}) => {
  // The values the page itself received, so that the test compares what the API answered that visit.
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/dashboard/summary'));
  await page.goto('/dashboard/index');
  const { days } = ((await (await answer).json()) as { data: DashboardSummary }).data;
  expect(days).toHaveLength(30);

  // Two bar charts (loaded after the first paint), one bar per day, each bar the API's value.
  const charts = page.locator('[data-slot=glance-chart]');
  await expect(charts).toHaveAttribute('aria-hidden', 'true');
  const barValues = (series: 'orders' | 'sales') =>
    page
      .locator(`[data-slot=days-chart][data-series=${series}] .ct-bar`)
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('ct:value'))));
  for (const series of ['orders', 'sales'] as const) {
    await expect(page.locator(`[data-slot=days-chart][data-series=${series}] svg`)).toBeVisible();
    await expect(page.locator(`[data-slot=days-chart][data-series=${series}] .ct-bar`)).toHaveCount(30);
  }
  expect(await barValues('orders')).toEqual(days.map((day) => day.orders));
  expect((await barValues('sales')).map((yuan) => Math.round(yuan * 100))).toEqual(
    days.map((day) => day.sales),
  );

  // Below the count cards, above 菜单导航's grid.
  const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
  const cardsBottom = await page
    .locator('[data-slot=glance-count]')
    .last()
    .evaluate((card) => card.getBoundingClientRect().bottom);
  expect(await top(charts)).toBeGreaterThanOrEqual(cardsBottom);
  expect(await top(charts)).toBeLessThan(await top(page.locator('[data-slot=menu-card]').first()));

  // The table: 30 rows after the header, each the API's day, orders and sales (as shown, in yuan).
  const table = page.getByRole('table', { name: '近 30 天订单数与销售额' });
  await expect(table.getByRole('row')).toHaveCount(31);
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
  expect(
    rows.map(([date, orders, sales]) => ({
      date,
      orders: Number(orders),
      sales: Math.round(Number(sales?.replace(/[¥,]/g, '')) * 100),
    })),
  ).toEqual(days.map(({ date, orders, sales }) => ({ date, orders, sales })));
  await expect(page.locator('[data-slot=menu-card]').first()).toBeVisible();
});

test('地址管理: an address (and mobile) corrected before shipping shows in the timeline, a stale correction keeps the input and reloads; a shipped order offers no correction', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const api = nodeApi(baseURL as string, adminToken);
  const [order] = (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, status: 'purchased' }))
    .list;
  if (!order) throw new Error('no purchased order');
  await page.goto(`/order/index?status=purchased&keyword=${order.order_no}`);
  await page.getByRole('button', { name: `查看订单 ${order.order_no}` }).click();
  const dialog = page.getByRole('dialog', { name: '订单详情' });
  await dialog.getByRole('button', { name: '修改收货地址' }).click();
  const form = dialog.getByRole('form', { name: '修改收货地址' });
  await expect(form.getByRole('textbox', { name: '收货地址' })).toHaveValue(order.receiver.address);
  await form.getByRole('textbox', { name: '收货地址' }).fill('浙江省杭州市西湖区文三路 99 号');
  // The mobile: staff see it masked, so the field starts empty (empty keeps it); a bad one is caught.
  const mobile = form.getByRole('textbox', { name: '收货手机号' });
  await expect(mobile).toHaveValue('');
  await mobile.fill('1234');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form.getByText('请输入正确的手机号')).toBeVisible();
  await mobile.fill('136 2222 9999');
  // Another member corrects the same order meanwhile: the save is refused (409), what was typed stays,
  // and 重新加载 brings the current receiver into the form.
  const { version } = await api.call('/api/order/detail', { id: order.id });
  await api.call('/api/order/address', {
    id: order.id,
    name: order.receiver.name,
    address: '上海市浦东新区另一路 1 号',
    version,
  });
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form.getByText('数据已被他人修改，请刷新后重试')).toBeVisible();
  await expect(form.getByRole('textbox', { name: '收货地址' })).toHaveValue('浙江省杭州市西湖区文三路 99 号');
  await expect(mobile).toHaveValue('136 2222 9999');
  await form.getByRole('button', { name: '重新加载' }).click();
  await expect(form.getByRole('textbox', { name: '收货地址' })).toHaveValue('上海市浦东新区另一路 1 号');
  await expect(form.getByText('数据已被他人修改，请刷新后重试')).toHaveCount(0);
  await form.getByRole('textbox', { name: '收货地址' }).fill('浙江省杭州市西湖区文三路 99 号');
  await mobile.fill('136 2222 9999');
  await form.getByRole('button', { name: '确定' }).click();
  const timeline = dialog.locator('[data-slot=order-timeline] li').last();
  await expect(timeline).toContainText('修改收货地址');
  await expect(timeline).toContainText('浙江省杭州市西湖区文三路 99 号');
  await expect(timeline).toContainText('136****9999');
  await expect(dialog.getByText('浙江省杭州市西湖区文三路 99 号').first()).toBeVisible();
  // The open dialog's receiver is the corrected one, without closing it.
  await expect(dialog.locator('dt:text-is("收货信息") + dd')).toHaveText(
    `${order.receiver.name} 136****9999 浙江省杭州市西湖区文三路 99 号`,
  );

  // 地址管理 lists the corrected address among the buyers' receiving addresses.
  await page.goto('/user/address?keyword=文三路 99 号');
  await expect(page.locator('[data-slot=data-table-row]')).toHaveCount(1);
  await expect(page.locator('[data-slot=data-table-row]')).toContainText('浙江省杭州市西湖区文三路 99 号');

  const [shipped] = (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, status: 'shipped' }))
    .list;
  if (!shipped) throw new Error('no shipped order');
  await page.goto(`/order/index?status=shipped&keyword=${shipped.order_no}`);
  await page.getByRole('button', { name: `查看订单 ${shipped.order_no}` }).click();
  await expect(page.getByRole('dialog', { name: '订单详情' }).locator('[data-slot=order-status]')).toHaveText(
    '已发货',
  );
  await expect(page.getByRole('button', { name: '修改收货地址' })).toHaveCount(0);
});

for (const width of [1440, 390]) {
  test(`工作台 at ${width} px: the balance with 充值, the cards, and 新手指引's checklist ticked from the account`, async ({
    adminPage: page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/index');
    await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
    const balance = page.getByRole('region', { name: '账户余额' });
    await expect(balance.locator('[data-slot=glance-value]')).toHaveText(/^¥[\d,]+\.\d{2}$/);
    await expect(balance.getByRole('link', { name: '充值' })).toHaveAttribute(
      'href',
      '/finance/balance?topup=1',
    );
    // The demo account: shops and sender addresses, no 1688 account, no money yet.
    const checklist = page.getByRole('region', { name: '开店准备' });
    await expect(checklist.locator('[data-slot=setup-step]')).toHaveCount(5);
    await expect(checklist.locator('[data-slot=setup-step][data-done=true]')).toHaveCount(3);
    await expect(checklist.getByRole('link', { name: '去连接' })).toHaveAttribute('href', '/system/setting');
    // Nothing wider than the window; at 390 px the cards stack (one column of steps, the balance full width).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const steps = await checklist
      .locator('[data-slot=setup-step]')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
    expect(new Set(steps).size).toBe(width === 390 ? 1 : 5);

    // A new seller: nothing done; a 发货地址 saved ticks its step, and the others stay open.
    const mobile = width === 390 ? FRESH.workbenchNarrow : FRESH.workbenchWide;
    const token = await apiLogin(baseURL as string, mobile);
    await nodeApi(baseURL as string, token).call('/api/address/save', {
      kind: 'sender',
      name: '张三',
      mobile: '13611112222',
      region: '浙江省 杭州市',
      address: '发货路 1 号',
    });
    const context = await contextWithToken(browser, baseURL as string, token);
    const fresh = await context.newPage();
    await fresh.setViewportSize({ width, height: 900 });
    await fresh.goto('/dashboard/index');
    const freshList = fresh.getByRole('region', { name: '开店准备' });
    await expect(freshList.locator('[data-slot=setup-step][data-done=true]')).toHaveText([/设置发货地址/]);
    await expect(freshList.getByText('已完成 1/5')).toBeVisible();
    await context.close();
  });
}

/** The number on a 工作台 card. */
const glanceValue = (page: Page, label: string) =>
  page.getByRole('link', { name: new RegExp(`^${label}`) }).locator('[data-slot=glance-value]');

async function glanceCount(page: Page, label: string): Promise<number> {
  await expect(glanceValue(page, label)).toHaveText(/^\d+$/);
  return Number(await glanceValue(page, label).textContent());
}

// The summary stays fresh for 30 s in the cache: unless a write says it is stale (lib/invalidate.ts),
// coming back to 工作台 shows the count from before the write.
test('工作台 after 批量采购: back on 工作台 (in the same visit), 待采购 counts one less', async ({
  adminPage: page,
}) => {
  await page.goto('/dashboard/index');
  const before = await glanceCount(page, '待采购');
  await page.getByRole('link', { name: /^待采购/ }).click();
  await expect(page).toHaveURL(/\/order\/index\?status=pending/);
  const row = page.locator('[data-slot=data-table-row]').first();
  await row.getByRole('checkbox').click();
  await page.getByRole('button', { name: '批量采购' }).click();
  const dialog = page.getByRole('dialog', { name: '批量采购' });
  await dialog.getByRole('textbox', { name: '供应商', exact: true }).fill('1688 批发');
  // Each order its own supplier order number and cost.
  await dialog.getByRole('textbox', { name: /^供应商订单号/ }).fill('CG-GLANCE-1');
  await dialog.getByRole('textbox', { name: /^采购成本（元）/ }).fill('12.5');
  await dialog.getByRole('button', { name: '确定' }).click();
  const result = page.getByRole('dialog', { name: '批量处理结果' });
  await expect(result).toContainText('成功 1 单');
  await result.getByRole('button', { name: '关闭' }).first().click();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  // The cached count may show while the fresh one loads: the page must come to the new count.
  await expect(glanceValue(page, '待采购')).toHaveText(String(before - 1));
  // The list and the card agree.
  await page.getByRole('link', { name: /^待采购/ }).click();
  await expect(page.locator('[data-slot=pagination]').getByText(`共 ${before - 1} 条`)).toBeVisible();
});

test('工作台 after 同意退款: back on 工作台 (in the same visit), 售后待处理 counts one less', async ({
  adminPage: page,
}) => {
  await page.goto('/dashboard/index');
  const before = await glanceCount(page, '售后待处理');
  await page.getByRole('link', { name: /^售后待处理/ }).click();
  await expect(page).toHaveURL(/\/order\/after-sale\?status=pending/);
  const firstRow = page.locator('[data-slot=data-table-row]', { hasText: '仅退款' }).first();
  // The columns lead with 平台订单号, then our 订单号.
  const orderNo = ((await firstRow.locator('td').nth(1).textContent()) ?? '').trim();
  await firstRow.getByRole('button', { name: `查看订单 ${orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: '售后详情' });
  await dialog.getByRole('button', { name: '同意退款' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '同意退款' }).click();
  await expect(dialog.locator('[data-slot=after-sale-status]')).toHaveText('已完成');
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/index$/);
  await expect(glanceValue(page, '售后待处理')).toHaveText(String(before - 1));
});
