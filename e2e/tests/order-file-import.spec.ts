import { expect, nodeApi, test } from '../helpers';

/**
 * 导入订单 as a seller without API access does it: the 拼多多 back office's order export (CSV) with
 * one bad row; the preview flags it, 确认导入 adds the others as 待采购 and they appear in 代发订单.
 */

const HEADER =
  '订单号,订单状态,商品,商品规格,商品数量(件),商品总价(元),用户实付金额(元),收货人,手机,省,市,区,街道,详细地址,买家留言';
const row = (no: string, mobile: string, title: string) =>
  [
    no,
    '待发货',
    title,
    '蓝色 M',
    '1',
    '59.90',
    '49.90',
    '周晓雨',
    mobile,
    '江苏省',
    '南京市',
    '鼓楼区',
    '',
    '中山北路 8 号',
    '',
  ].join(',');

test('import a 拼多多 order export with one bad row: preview flags it, 确认导入 adds the others', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const stamp = Date.now().toString().slice(-9);
  const good = [`E2E-${stamp}-1`, `E2E-${stamp}-2`];
  const bad = `E2E-${stamp}-3`;
  const csv = [
    HEADER,
    row(good[0] as string, '13812340001', '导入测试-帆布包'),
    row(bad, '1381234', '导入测试-坏行'),
    row(good[1] as string, '13812340002', '导入测试-帆布鞋'),
  ].join('\r\n');

  await page.goto('/order/index');
  await page.getByRole('button', { name: '导入订单' }).click();
  const dialog = page.getByRole('dialog', { name: '导入订单' });
  await expect(dialog.getByLabel('选择文件')).toBeDisabled();
  await dialog.getByRole('combobox', { name: '店铺' }).click();
  const shopName = (await page.getByRole('option').first().textContent()) ?? '';
  await page.getByRole('option').first().click();
  await dialog.getByLabel('选择文件').setInputFiles({
    name: '拼多多订单导出.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`),
  });
  await expect(dialog).toContainText('可导入 2 行，有错误 1 行（不会导入）');
  const badRow = dialog.getByRole('row', { name: new RegExp(bad) });
  await expect(badRow).toContainText('请输入正确的手机号');
  await expect(badRow).toHaveAttribute('data-state', 'failed');
  await expect(dialog.getByRole('row', { name: new RegExp(good[0] as string) })).toContainText('新增');
  await page.screenshot({ path: test.info().outputPath('order-file-preview.png') });

  await dialog.getByRole('button', { name: '确认导入' }).click();
  const result = page.getByRole('dialog', { name: '导入结果' });
  await expect(result).toContainText('新增 2 单，更新 0 单，失败 1 行');
  await expect(result.getByRole('row', { name: new RegExp(bad) })).toContainText('失败');
  await result.getByRole('button', { name: '关闭' }).first().click();

  // The two orders are in 代发订单, 待采购, in the chosen shop.
  const { list } = await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
    pageIndex: 1,
    pageSize: 10,
    keyword: '导入测试-帆布',
  });
  expect(list.map((o) => [o.status, o.shop_name])).toEqual([
    ['pending', shopName],
    ['pending', shopName],
  ]);
  await page.goto('/order/index?keyword=导入测试-帆布鞋');
  await expect(page.getByRole('row', { name: /导入测试-帆布鞋/ })).toContainText('待采购');
});
