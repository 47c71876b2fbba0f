import type { Order } from '../../packages/api-client/src/index.ts';
import { expect, nodeApi, test } from '../helpers';

/**
 * Cost and profit: 平台扣点 is set in 代发设置, and 利润报表 of a past fortnight of the seeded orders
 * shows the sums of those orders' own rows as the order list answers them: orders, sales, cost and
 * profit of the orders with a cost, the others counted as 成本未录入, in total, by day, by shop and by
 * goods. Each row's profit is computed here from its amount, its cost and its platform's rate
 * (amount - cost - the fee rounded half up to the fen, integers only), not taken from the server.
 */

/** `YYYY-MM-DD` in Asia/Shanghai, `daysAgo` days before now. */
function shanghaiDay(daysAgo: number): string {
  return new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** ¥1,234.56 as the app writes an amount of fen (negative: -¥12.00). */
function yuan(fen: number): string {
  const abs = Math.abs(fen);
  const grouped = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '-' : ''}¥${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

test('利润报表 equals the sums of its orders’ rows; 平台扣点 is set in 代发设置', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const api = nodeApi(baseURL as string, adminToken);

  // 平台扣点: 拼多多 0.6 %, 淘宝 0.5 %, typed as percentages.
  await page.goto('/system/setting');
  const rates = page.locator('[data-slot=fee-rates]');
  await rates.getByLabel('拼多多扣点（%）').fill('0.6');
  await rates.getByLabel('淘宝扣点（%）').fill('0.5');
  await rates.getByLabel('京东扣点（%）').fill('101');
  await rates.getByRole('button', { name: '保存扣点' }).click();
  await expect(rates.getByText('请输入 0 到 100 之间的百分比，最多两位小数')).toBeVisible();
  await rates.getByLabel('京东扣点（%）').fill('0');
  await rates.getByRole('button', { name: '保存扣点' }).click();
  await expect(page.getByText('平台扣点已保存')).toBeVisible();
  expect((await api.call('/api/setting/fee-rates')).rates).toEqual(
    expect.arrayContaining([
      { platform: 'pinduoduo', rate: 60 },
      { platform: 'taobao', rate: 50 },
    ]),
  );

  // A past fortnight of the seeded orders: nothing in this run adds orders there.
  const period = { start_date: shanghaiDay(60), end_date: shanghaiDay(47) };
  const rows: Order[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const { list, total } = await api.call('/api/order/index', { ...period, pageIndex, pageSize: 100 });
    rows.push(...list);
    if (rows.length >= total || list.length === 0) break;
  }
  const counted = rows.filter((o) => o.status !== 'cancelled');
  const costed = counted.filter((o) => o.cost !== null && o.cost !== undefined);
  // Each row's profit from its own columns and its platform's rate: fee = (amount × rate + 5000) / 10000
  // in integer division (half up to the fen); the list's profit column must say the same.
  const rateOf = new Map((await api.call('/api/setting/fee-rates')).rates.map((r) => [r.platform, r.rate]));
  const profitOf = (o: Order) =>
    o.cost === null || o.cost === undefined
      ? 0
      : o.amount - o.cost - Math.floor((o.amount * (rateOf.get(o.platform) ?? 0) + 5000) / 10000);
  for (const o of costed) expect(o.profit, o.order_no).toBe(profitOf(o));
  const sums = (orders: Order[]) => ({
    orders: orders.length,
    sales: orders.reduce((s, o) => s + o.amount, 0),
    cost: orders.reduce((s, o) => s + (o.cost ?? 0), 0),
    profit: orders.reduce((s, o) => s + profitOf(o), 0),
  });
  const all = { ...sums(counted), costedProfit: sums(costed).profit, costedCost: sums(costed).cost };
  expect(all.orders).toBeGreaterThan(5);
  expect(costed.length).toBeGreaterThan(0);
  expect(costed.length).toBeLessThan(counted.length);

  await page.goto(`/dashboard/profit?start_date=${period.start_date}&end_date=${period.end_date}`);
  await expect(page.getByRole('heading', { name: '利润报表' })).toBeVisible();
  const totals = page.locator('[data-slot=profit-totals]');
  await expect(totals.locator('[data-total=orders] dd')).toHaveText(String(all.orders));
  await expect(totals.locator('[data-total=sales] dd')).toHaveText(yuan(all.sales));
  await expect(totals.locator('[data-total=cost] dd')).toHaveText(yuan(all.costedCost));
  await expect(totals.locator('[data-total=profit] dd')).toHaveText(yuan(all.costedProfit));
  await expect(totals.locator('[data-slot=profit-uncosted]')).toContainText(
    `${counted.length - costed.length} 单未录入成本`,
  );
  // By day: every day of the fortnight (Asia/Shanghai), each the sums of that day's rows; the chart
  // drawn beside the table.
  const dayRows = page.locator('[data-slot=profit-by-day] tbody tr');
  await expect(dayRows).toHaveCount(14);
  await expect(page.locator('[data-slot=profit-chart] svg')).toBeVisible();
  const dayOf = (o: Order) => new Date((o.created_at + 8 * 3600) * 1000).toISOString().slice(0, 10);
  for (let daysAgo = 60; daysAgo >= 47; daysAgo--) {
    const day = shanghaiDay(daysAgo);
    const mine = sums(counted.filter((o) => dayOf(o) === day));
    const dayRow = dayRows.filter({ has: page.getByRole('rowheader', { name: day, exact: true }) });
    await expect(dayRow.locator('td').first()).toHaveText(String(mine.orders));
    await expect(dayRow.locator('[data-profit]')).toHaveAttribute('data-profit', String(mine.profit));
  }
  // By shop: each shop's row is the sum of that shop's rows.
  const shopRows = page.locator('[data-slot=profit-by-shop] tbody tr');
  const shops = [...new Set(counted.map((o) => o.shop_name))];
  await expect(shopRows).toHaveCount(shops.length);
  for (const shop of shops) {
    const mine = sums(counted.filter((o) => o.shop_name === shop));
    await expect(shopRows.filter({ hasText: shop })).toContainText(yuan(mine.sales));
    await expect(shopRows.filter({ hasText: shop }).locator('[data-profit]')).toHaveText(yuan(mine.profit));
  }
  // By goods (the title of the first line): each row the sums of those rows.
  const goodsRows = page.locator('[data-slot=profit-by-goods] tbody tr');
  const titles = [...new Set(counted.map((o) => o.goods[0]?.title ?? ''))];
  await expect(goodsRows).toHaveCount(titles.length);
  for (const title of titles) {
    const mine = sums(counted.filter((o) => (o.goods[0]?.title ?? '') === title));
    const goodsRow = goodsRows.filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
    await expect(goodsRow.locator('td').first()).toHaveText(String(mine.orders));
    await expect(goodsRow).toContainText(yuan(mine.sales));
    await expect(goodsRow.locator('[data-profit]')).toHaveAttribute('data-profit', String(mine.profit));
  }
  await page.screenshot({ path: test.info().outputPath('profit-report.png'), fullPage: true });

  // The order list shows the same rows' cost and profit when its columns are on.
  const sample = costed[0] as Order;
  await page.goto(`/order/index?keyword=${sample.order_no}&profit_columns=1`);
  const row = page.getByRole('row', { name: new RegExp(sample.order_no) });
  await expect(row).toContainText(yuan(sample.cost ?? 0));
  await expect(row).toContainText(yuan(sample.profit ?? 0));
});
