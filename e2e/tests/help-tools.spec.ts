import { expect, test } from '../helpers';

/** 帮助中心 (opened by the header's 帮助, searched in the page) and 常用工具 (地址解析, 运单号识别). */

test('帮助 in the header opens 帮助中心 at the page’s article, which links to its pages; typing narrows the articles', async ({
  adminPage: page,
}) => {
  await page.goto('/order/index');
  await page.getByRole('button', { name: '帮助' }).click();
  await expect(page).toHaveURL(/\/dashboard\/help#order-sync$/);
  await expect(page.getByRole('heading', { name: '帮助中心', level: 1 })).toBeVisible();
  const sync = page.getByRole('article', { name: '订单如何同步' });
  await expect(sync).toBeInViewport();
  const articles = page.locator('[data-slot=help-article]');
  const all = await articles.count();
  expect(all).toBeGreaterThanOrEqual(10);
  // Nothing that works is 建设中.
  await expect(page.getByText('建设中')).toHaveCount(0);
  await sync.getByRole('link', { name: '店铺设置' }).click();
  await expect(page).toHaveURL(/\/shop\/setting$/);
  // A page without an article of its own opens 帮助中心 at its top.
  await page.goto('/dashboard/tools');
  await page.getByRole('button', { name: '帮助' }).click();
  await expect(page).toHaveURL(/\/dashboard\/help$/);

  await page.getByRole('searchbox', { name: '搜索帮助' }).fill('快递单号 模板');
  await expect(articles).toHaveCount(1);
  await expect(articles.first().getByRole('heading')).toHaveText('如何导入快递单号');
  await page.getByRole('searchbox', { name: '搜索帮助' }).fill('没有这种功能');
  await expect(articles).toHaveCount(0);
  await expect(page.getByText('没有找到与「没有这种功能」相关的帮助')).toBeVisible();
  await page.getByRole('searchbox', { name: '搜索帮助' }).fill('');
  await expect(articles).toHaveCount(all);
});

test('常用工具: 地址解析 splits a pasted block, 运单号识别 names the carriers whose format fits', async ({
  adminPage: page,
}) => {
  await page.goto('/dashboard/tools');
  await page
    .getByRole('textbox', { name: '地址解析' })
    .fill('张三 13800138000 浙江省杭州市西湖区文三路 100 号');
  const parsed = page.locator('[data-slot=parsed-address]');
  for (const [label, value] of [
    ['姓名', '张三'],
    ['手机号', '13800138000'],
    ['省份', '浙江省'],
    ['城市', '杭州市'],
    ['区县', '西湖区'],
    ['详细地址', '文三路 100 号'],
  ] as const) {
    await expect(parsed.locator(`dt:text-is("${label}") + dd`)).toHaveText(value);
  }

  const tracking = page.getByRole('textbox', { name: '运单号识别' });
  await tracking.fill('sf1234567890123');
  await expect(page.getByRole('list', { name: '可能的快递公司' }).getByRole('listitem')).toHaveText([
    '顺丰速运',
  ]);
  await tracking.fill('1234567890123');
  await expect(page.getByRole('list', { name: '可能的快递公司' }).getByRole('listitem')).toHaveText([
    '韵达快递',
    '中国邮政 EMS',
  ]);
  await tracking.fill('ABC');
  await expect(page.getByText('没有匹配的快递公司格式，请核对运单号')).toBeVisible();
});
