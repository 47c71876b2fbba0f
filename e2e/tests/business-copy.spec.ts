import type { Page } from '@playwright/test';
import { expect, test } from '../helpers';

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');
const currentPage = (page: Page) => page.locator('[data-slot=pagination] [aria-current=page]');

test('商品复制: links are validated and deduplicated, at most 50; the jobs run to the end in 复制记录', async ({
  adminPage: page,
}) => {
  await page.goto('/shop/copy');
  await expect(page.getByRole('heading', { name: '商品复制' })).toBeVisible();

  // Nothing chosen: both rules speak, nothing is sent.
  await page.getByRole('button', { name: '开始复制' }).click();
  await expect(page.getByText('请选择目标店铺')).toBeVisible();
  await expect(page.getByText('请至少填写一条以 http(s):// 开头的商品链接')).toBeVisible();

  const links = page.getByLabel('商品链接');
  await links.fill('javascript:alert(1)\nhttps://item.example.com/a');
  await expect(page.getByText(/1 条不是有效链接（如 javascript:alert\(1\)）/)).toBeVisible();
  await links.fill(Array.from({ length: 51 }, (_, i) => `https://item.example.com/${i}`).join('\n'));
  await expect(page.getByText('共 51 条链接，一次最多 50 条')).toBeVisible();

  // Two new links (one repeated) and one the demo worker fails.
  const stamp = Date.now();
  const ok = `https://item.example.com/e2e-${stamp}`;
  const bad = `https://item.example.com/fail-${stamp}`;
  await links.fill(`${ok}\n${ok}\n${bad}`);
  await expect(page.getByText('有效链接 2 / 50，已忽略 1 条重复')).toBeVisible();
  await page.getByRole('combobox', { name: '目标店铺' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: '开始复制' }).click();
  await expect(page.getByText('已创建 2 个复制任务')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/copy\/list$/);

  // The list refreshes by itself until both jobs end.
  await page.getByLabel('关键词').fill(String(stamp));
  await page.getByRole('button', { name: '查询' }).click();
  await expect(rows(page)).toHaveCount(2);
  const okRow = rows(page).filter({ hasText: ok });
  const badRow = rows(page).filter({ hasText: bad });
  await expect(okRow).toContainText('成功');
  await expect(okRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(badRow).toContainText('失败');
  await expect(page.locator('[data-slot=copy-refreshing]')).toHaveCount(0);
  await okRow.getByRole('link', { name: '查看商品' }).click();
  await expect(page).toHaveURL(/\/shop\/goods\/detail\?id=\d+$/);
});

test('复制记录: status tab, paging and reload keep the state', async ({ adminPage: page }) => {
  await page.goto('/shop/copy/list');
  await expect(rows(page)).toHaveCount(20);
  await page.getByRole('tab', { name: '失败' }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(async () => {
    const texts = await rows(page).locator('td:nth-child(3)').allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/^失败/);
  }).toPass();
  await page.getByRole('tab', { name: '全部' }).click();
  await page.locator('[data-slot=pagination]').getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/pageIndex=2/);
  const first = await rows(page).first().getAttribute('data-row-id');
  await page.reload();
  await expect(currentPage(page)).toHaveText('2');
  await expect(rows(page).first()).toHaveAttribute('data-row-id', first ?? '');
});
