import type { Page } from '@playwright/test';
import { expect, test } from '../helpers';

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');
const currentPage = (page: Page) => page.locator('[data-slot=pagination] [aria-current=page]');

async function expectEveryRow(page: Page, column: number, pattern: RegExp) {
  await expect(async () => {
    const texts = await rows(page)
      .locator(`td:nth-child(${column + 1})`)
      .allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(pattern);
  }).toPass();
}

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('店铺设置: auth tab and platform filter, paging, reload keeps the state', async ({
  adminPage: page,
}) => {
  await page.goto('/shop/setting');
  await expect(page.getByRole('heading', { name: '店铺设置' })).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await page.locator('[data-slot=pagination]').getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/pageIndex=2/);
  await expect(currentPage(page)).toHaveText('2');

  await page.getByRole('tab', { name: '已授权' }).click();
  await expect(page).toHaveURL(/auth_status=authorized/);
  await expect(currentPage(page)).toHaveText('1');
  await expectEveryRow(page, 3, /^(正常|授权即将过期)/);

  // Only the platforms a shop can be authorised on are offered.
  await page.getByRole('combobox', { name: '平台' }).click();
  await expect(page.getByRole('option')).toHaveText(['全部平台', '拼多多', '抖店']);
  await page.keyboard.press('Escape');
  await pick(page, '平台', '抖店');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/platform=douyin/);
  await expectEveryRow(page, 1, /^抖店$/);
  await expectEveryRow(page, 3, /^(正常|授权即将过期)/);

  await page.reload();
  await expect(page.getByRole('tab', { name: '已授权' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: '平台' })).toHaveText('抖店');
  await expectEveryRow(page, 1, /^抖店$/);

  await page.getByRole('button', { name: '重置' }).click();
  await expect(page).toHaveURL(/\/shop\/setting$/);
  await expect(rows(page)).toHaveCount(20);
});

test('店铺分组: create, refuse a duplicate keeping the text, rename, move a shop in, delete', async ({
  adminPage: page,
}) => {
  await page.goto('/shop/setting/group');
  await expect(page.getByRole('heading', { name: '店铺分组' })).toBeVisible();

  // Create, with the empty-name rule first.
  await page.getByRole('button', { name: '新建分组' }).click();
  let dialog = page.getByRole('dialog', { name: '新建分组' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入分组名称')).toBeVisible();
  await dialog.getByLabel('分组名称').fill('E2E 测试分组');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已创建分组“E2E 测试分组”')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: 'E2E 测试分组' })).toHaveCount(1);

  // A duplicate is refused by the server; the dialog keeps what was typed.
  await page.getByRole('button', { name: '新建分组' }).click();
  dialog = page.getByRole('dialog', { name: '新建分组' });
  await dialog.getByLabel('分组名称').fill('E2E 测试分组');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('分组名称已存在')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('分组名称')).toHaveValue('E2E 测试分组');
  await dialog.getByRole('button', { name: '取消' }).click();

  // Rename.
  await page.getByRole('button', { name: '重命名分组 E2E 测试分组' }).click();
  dialog = page.getByRole('dialog', { name: '重命名分组' });
  await expect(dialog.getByLabel('分组名称')).toHaveValue('E2E 测试分组');
  await dialog.getByLabel('分组名称').fill('E2E 改名分组');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已重命名为“E2E 改名分组”')).toBeVisible();
  const row = rows(page).filter({ hasText: 'E2E 改名分组' });
  await expect(row).toContainText('0 个店铺');

  // Move the first shop into it from 店铺设置; the group's count follows.
  await page.goto('/shop/setting');
  const shopName = ((await rows(page).first().locator('td').first().textContent()) ?? '').trim();
  await page.getByRole('button', { name: `移动店铺 ${shopName}` }).click();
  dialog = page.getByRole('dialog', { name: '移动分组' });
  await dialog.getByRole('combobox', { name: '目标分组' }).click();
  await page.getByRole('option', { name: 'E2E 改名分组' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已把“${shopName}”移到E2E 改名分组`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows(page).first().locator('td').nth(2)).toHaveText('E2E 改名分组');

  await page.goto('/shop/setting/group');
  await expect(row).toContainText('1 个店铺');
  await row.getByRole('link', { name: '查看分组 E2E 改名分组 的店铺' }).click();
  await expect(page).toHaveURL(/\/shop\/setting\?group_id=\d+$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(shopName);

  // Delete, asking first; the shop goes back to no group.
  await page.goto('/shop/setting/group');
  await page.getByRole('button', { name: '删除分组 E2E 改名分组' }).click();
  const confirm = page.getByRole('alertdialog', { name: '删除分组' });
  await expect(confirm).toContainText('其中的 1 个店铺将移到未分组');
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('已删除分组“E2E 改名分组”')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(rows(page).filter({ hasText: 'E2E 改名分组' })).toHaveCount(0);
});

test('店铺分组: paging and keyword live in the address', async ({ adminPage: page }) => {
  await page.goto('/shop/setting/group?pageSize=2');
  await expect(rows(page)).toHaveCount(2);
  await page.locator('[data-slot=pagination]').getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/pageIndex=2/);
  const second = await rows(page).first().getAttribute('data-row-id');
  await page.reload();
  await expect(currentPage(page)).toHaveText('2');
  await expect(rows(page).first()).toHaveAttribute('data-row-id', second ?? '');
  await page.getByLabel('关键词').fill('华南');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('华南直营');
});
