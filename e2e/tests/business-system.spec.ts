import { expect, test } from '../helpers';

test('代发设置: the settings form validates, saves with a toast and the saved values survive a reload', async ({
  adminPage: page,
}) => {
  await page.goto('/system/setting');
  await expect(page.getByRole('heading', { name: '代发设置' })).toBeVisible();
  const markup = page.getByLabel('复制加价比例');
  const mobile = page.getByLabel('失败通知手机号');
  const autoPurchase = page.getByRole('switch', { name: '自动采购' });
  const wasOn = (await autoPurchase.getAttribute('aria-checked')) === 'true';

  await markup.fill('501');
  await mobile.fill('12345');
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('请输入 0-500 之间的整数')).toBeVisible();
  await expect(page.getByText('请输入正确的手机号，或留空')).toBeVisible();

  await markup.fill('25');
  await mobile.fill('139 0000 1234');
  await autoPurchase.click();
  await page.getByRole('combobox', { name: '订单同步间隔' }).click();
  await page.getByRole('option', { name: '60 分钟' }).click();
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('代发设置已保存')).toBeVisible();
  await expect(mobile).toHaveValue('13900001234');
  await expect(page.getByRole('button', { name: '保存设置' })).toBeDisabled();

  await page.reload();
  await expect(markup).toHaveValue('25');
  await expect(mobile).toHaveValue('13900001234');
  await expect(autoPurchase).toHaveAttribute('aria-checked', String(!wasOn));
  await expect(page.getByRole('combobox', { name: '订单同步间隔' })).toHaveText('60 分钟');
});
