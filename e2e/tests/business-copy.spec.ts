import type { Page } from '@playwright/test';
import { chooseFirstOption, expect, test } from '../helpers';

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');
const currentPage = (page: Page) => page.locator('[data-slot=pagination] [aria-current=page]');

test('商品复制: at most 50 links; entries that are not 1688 offer links are refused by name, nothing queued for them', async ({
  adminPage: page,
}) => {
  await page.goto('/shop/copy');
  await expect(page.getByRole('heading', { name: '商品复制' })).toBeVisible();

  // Nothing chosen: both rules speak, nothing is sent.
  await page.getByRole('button', { name: '开始复制' }).click();
  await expect(page.getByText('请选择目标店铺')).toBeVisible();
  await expect(page.getByText('请至少填写一条1688商品链接')).toBeVisible();

  const links = page.getByLabel('商品链接');
  await links.fill(
    Array.from({ length: 51 }, (_, i) => `https://detail.1688.com/offer/${i + 1}.html`).join('\n'),
  );
  await expect(page.getByText('共 51 条链接，一次最多 50 条')).toBeVisible();

  // Only links that are not 1688 offers (one repeated): each is named with its reason, no job is created.
  const stamp = Date.now();
  const other = `https://www.example.com/not-a-product-${stamp}`;
  const script = 'javascript:alert(1)';
  await links.fill(`${other}\n${other}\n${script}`);
  await expect(
    page.getByText('链接 2 / 50，已忽略 1 条重复，其中 2 条不是1688商品链接，将被拒绝'),
  ).toBeVisible();
  await chooseFirstOption(page, page.getByRole('combobox', { name: '目标店铺' }));
  await page.getByRole('button', { name: '开始复制' }).click();
  const refused = page.getByRole('alert').filter({ hasText: '2 条链接未复制' });
  await expect(refused).toContainText(`${other}：不是1688商品链接`);
  await expect(refused).toContainText(`${script}：不是1688商品链接`);
  await expect(page).toHaveURL(/\/shop\/copy$/);
  await page.goto(`/shop/copy/list?keyword=${stamp}`);
  await expect(page.getByText('暂无数据')).toBeVisible();
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
