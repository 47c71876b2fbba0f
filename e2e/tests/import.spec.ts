import type { Order } from '@consign/api-client';
import { expect, nodeApi, test } from '../helpers';

/**
 * 导入快递单号 as a seller does it: a CSV with one bad row; the preview shows the error on
 * that row, 确认导入 ships the others and the list shows them 已发货.
 */

test('import a CSV with one bad row: the preview flags it, 确认导入 ships the others', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  // The oldest purchased orders of the first page (the batch test takes the newest ones).
  const { list } = await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
    pageIndex: 1,
    pageSize: 100,
    status: 'purchased',
  });
  const orders = (list as Order[]).slice(-2);
  const [first, second] = orders;
  if (!first || !second) throw new Error('fewer than two purchased orders');
  const csv = [
    '订单号,快递公司,快递单号',
    `${first.order_no},顺丰速运,SF1234567890123`,
    'DD-NOT-AN-ORDER,SF,SF1234567890124',
    `${second.order_no},YTO,YT1234567890123`,
  ].join('\r\n');

  await page.goto('/order/index');
  await page.getByRole('button', { name: '导入快递单号' }).click();
  const dialog = page.getByRole('dialog', { name: '导入快递单号' });
  await dialog.getByLabel('选择文件').setInputFiles({
    name: '快递单号.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`),
  });
  await expect(dialog).toContainText('可导入 2 行，有错误 1 行（不会导入）');
  const badRow = dialog.getByRole('row', { name: /DD-NOT-AN-ORDER/ });
  await expect(badRow).toContainText('订单不存在');
  await expect(badRow).toHaveAttribute('data-state', 'failed');
  await expect(dialog.getByRole('row', { name: new RegExp(first.order_no) })).toContainText('可导入');
  await page.screenshot({ path: test.info().outputPath('import-preview.png') });

  await dialog.getByRole('button', { name: '确认导入' }).click();
  const result = page.getByRole('dialog', { name: '导入结果' });
  await expect(result).toContainText('成功 2 单，失败 1 单');
  for (const order of orders) {
    await expect(result.getByRole('row', { name: new RegExp(order.order_no) })).toContainText('成功');
  }
  await expect(result.getByRole('row', { name: /DD-NOT-AN-ORDER/ })).toContainText('订单不存在');
  await result.getByRole('button', { name: '关闭' }).first().click();

  for (const order of orders) {
    await page.goto(`/order/index?keyword=${order.order_no}`);
    await expect(page.getByRole('row', { name: new RegExp(order.order_no) })).toContainText('已发货');
  }
});
