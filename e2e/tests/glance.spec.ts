import { expect, test } from '../helpers';

/**
 * 工作台 at a glance (issue 17): each count above 菜单导航's grid opens the list with its filter, and
 * the number on the card is that list's total (共 N 条). The 30 days are readable as a table.
 */

const CARDS = [
  { label: '待采购', url: /\/order\/index\?status=pending/ },
  { label: '待发货', url: /\/order\/index\?status=purchased/ },
  { label: '售后待处理', url: /\/order\/after-sale\?status=pending/ },
  { label: '今日订单', url: /\/order\/index\?.*start_date=/ },
] as const;

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

test('工作台: the 30 days are a table screen readers read, with the grid still below', async ({
  adminPage: page,
}) => {
  await page.goto('/dashboard/index');
  const table = page.getByRole('table', { name: '近 30 天订单数与销售额' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(page.locator('[data-slot=menu-card]').first()).toBeVisible();
});
