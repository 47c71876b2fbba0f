import type { Page } from '@playwright/test';
import { chooseFirstOption, expect, test } from '../helpers';
import { connect1688, copyOffer, T_SHIRT_OFFER as T_SHIRT } from '../supplier';

/**
 * 商品复制 of a sandbox 1688 offer through the demo account's 1688 account (the sandbox the server
 * mounts outside production): the draft has the offer's SKUs with their 货源; then 商品编辑 changes a
 * SKU's 货源 to another offer, gives it a 备用货源, adds and reorders SKUs, and the save is kept.
 */

const rows = (page: Page) => page.locator('[data-slot=data-table-row]');
const skuRows = (page: Page) => page.locator('[data-slot=sku-row]');

test('copy a sandbox 1688 offer: the draft has its SKUs with 货源; edit a SKU’s 货源 and save', async ({
  adminPage: page,
}) => {
  await connect1688(page);

  await copyOffer(page, T_SHIRT);
  await expect(page.getByLabel('商品标题')).toHaveValue('纯棉宽松短袖T恤 男女同款 夏季新款');

  // Three SKUs, each linked to its 1688 spec at its 代发价.
  await expect(skuRows(page)).toHaveCount(3);
  await expect(skuRows(page).nth(0).getByLabel('规格', { exact: true })).toHaveValue('白色,L');
  await expect(skuRows(page).nth(2).getByLabel('规格', { exact: true })).toHaveValue('藏青,XL');
  await expect(skuRows(page).nth(0).locator('[data-slot=sku-source]')).toContainText(
    `1688商品 ${T_SHIRT} × 1，代发价 ¥18.50`,
  );
  await expect(skuRows(page).nth(2).locator('[data-slot=sku-source]')).toContainText('代发价 ¥19.90');

  // The third SKU's 货源 becomes the cup (no specs), 2 per unit sold.
  await skuRows(page).nth(2).getByRole('button', { name: '更换货源' }).click();
  const dialog = page.getByRole('dialog', { name: '关联1688货源' });
  await dialog.getByLabel('1688商品链接或ID').fill('610000000002');
  await dialog.getByRole('button', { name: '读取商品' }).click();
  await expect(dialog).toContainText('不锈钢保温杯 500ml 商务款');
  await expect(dialog).toContainText('该商品没有规格');
  await dialog.getByLabel('每件采购数量').fill('2');
  await dialog.getByRole('button', { name: '使用此货源' }).click();
  await expect(dialog).toBeHidden();
  await expect(skuRows(page).nth(2).locator('[data-slot=sku-source]')).toContainText(
    '1688商品 610000000002 × 2，代发价 ¥23.90',
  );

  // Its 备用货源: the T恤 read in the same dialog; the spec matching 藏青,XL is out of stock, so it is
  // shown disabled and not chosen; 白色,XL is chosen by hand.
  await skuRows(page).nth(2).getByRole('button', { name: '设置备用货源' }).click();
  const backup = page.getByRole('dialog', { name: '设置备用1688货源' });
  await backup.getByLabel('1688商品链接或ID').fill(T_SHIRT);
  await backup.getByRole('button', { name: '读取商品' }).click();
  await expect(backup.getByRole('alert')).toContainText('与订单规格对应的「藏青,XL」已无库存');
  await expect(backup.getByRole('radio', { name: /^藏青,XL/ })).toBeDisabled();
  await backup.getByRole('radio', { name: /^白色,XL/ }).check();
  await backup.getByRole('button', { name: '使用此货源' }).click();
  await expect(backup).toBeHidden();
  await expect(skuRows(page).nth(2).locator('[data-slot=sku-backup]')).toContainText(
    `1688商品 ${T_SHIRT}（白色,XL） × 1，代发价 ¥18.50`,
  );

  // A new SKU without 货源, moved to the top; a bad price is refused before anything is sent.
  await page.getByRole('button', { name: '添加规格' }).click();
  await expect(skuRows(page)).toHaveCount(4);
  await skuRows(page).nth(3).getByLabel('规格', { exact: true }).fill('黑色,M');
  await skuRows(page).nth(3).getByLabel('售价（元）').fill('1.234');
  await page.getByRole('button', { name: '保存规格' }).click();
  await expect(skuRows(page).nth(3).getByRole('alert')).toHaveText(
    '售价须大于 0 且不超过 1,000,000 元（最多两位小数）',
  );
  await skuRows(page).nth(3).getByLabel('售价（元）').fill('39.90');
  await skuRows(page).nth(3).getByLabel('库存').fill('5');
  for (const n of [4, 3, 2]) await page.getByRole('button', { name: `上移规格 ${n}` }).click();
  await page.getByRole('button', { name: '保存规格' }).click();
  await expect(page.getByText('规格已保存')).toBeVisible();

  // Kept: after a reload the order and the 货源 are as saved.
  await page.reload();
  await expect(skuRows(page)).toHaveCount(4);
  await expect(skuRows(page).nth(0).getByLabel('规格', { exact: true })).toHaveValue('黑色,M');
  await expect(skuRows(page).nth(0).locator('[data-slot=sku-source]')).toHaveText('未关联');
  await expect(skuRows(page).nth(3).getByLabel('规格', { exact: true })).toHaveValue('藏青,XL');
  await expect(skuRows(page).nth(3).locator('[data-slot=sku-source]')).toContainText(
    '1688商品 610000000002 × 2，代发价 ¥23.90',
  );
  await expect(skuRows(page).nth(3).locator('[data-slot=sku-backup]')).toContainText(
    `1688商品 ${T_SHIRT} × 1，代发价 ¥18.50`,
  );
  await expect(skuRows(page).nth(0).locator('[data-slot=sku-backup]')).toContainText('未设置');
});

test('平台精选: the operator adds a 1688 offer in 全局设置; a seller copies it with one click', async ({
  adminPage: page,
}) => {
  await connect1688(page);
  const cup = '610000000002';
  await page.goto('/system/global');
  const section = page.getByRole('region', { name: '平台精选' });
  await expect(section).toBeVisible();
  if ((await section.getByRole('button', { name: `移除 1688 商品 ${cup}` }).count()) === 0) {
    await section.getByLabel('1688商品链接或ID').fill(`https://detail.1688.com/offer/${cup}.html`);
    await section.getByRole('button', { name: '添加', exact: true }).click();
    await expect(page.getByText(`已添加 1688 商品 ${cup}`)).toBeVisible();
  }
  // The entry links to the offer on 1688, named by its title once read (else its id).
  await expect(section.locator(`a[href*="${cup}"]`)).toBeVisible();

  await page.goto('/shop/help');
  const offer = page.locator('[data-slot=featured-offer]').filter({ hasText: '不锈钢保温杯 500ml 商务款' });
  await expect(offer).toContainText('代发价 ¥23.90 起');
  await expect(offer.locator('img')).toHaveAttribute('src', /O1CN01sandbox0003\.jpg$/);
  await chooseFirstOption(page, page.getByRole('combobox', { name: '复制到店铺' }));
  await offer.getByRole('button', { name: '一键复制 不锈钢保温杯 500ml 商务款' }).click();
  await expect(page.getByText('已创建复制任务，可在复制记录中查看')).toBeVisible();

  await page.locator('main').getByRole('link', { name: '复制记录' }).click();
  const job = rows(page).first();
  await expect(job).toContainText(cup);
  await expect(job).toContainText('成功');
  await job.getByRole('link', { name: '查看商品' }).click();
  await expect(page.getByLabel('商品标题')).toHaveValue('不锈钢保温杯 500ml 商务款');
  await expect(skuRows(page)).toHaveCount(1);
  await expect(skuRows(page).first().locator('[data-slot=sku-source]')).toContainText(
    `1688商品 ${cup} × 1，代发价 ¥23.90`,
  );
});
