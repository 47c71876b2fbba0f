import { chooseFirstOption, expect, nodeApi, test } from '../helpers';

/** 手工建单: the form refuses a bad mobile where it is typed, then saves the order as 待采购. */

test('手工建单: a typed order is checked, saved as 待采购 and listed', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const title = `手工单-${Date.now().toString().slice(-8)}`;
  await page.goto('/order/index');
  await page.getByRole('button', { name: '手工建单' }).click();
  const dialog = page.getByRole('dialog', { name: '手工建单' });

  // Nothing filled in: each required field says so, nothing is sent.
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请先选择订单所属的店铺')).toBeVisible();
  await expect(dialog.getByText('请填写商品名称')).toBeVisible();

  await chooseFirstOption(page, dialog.getByRole('combobox', { name: '店铺' }));
  await dialog.getByLabel('平台订单号').fill(`M-${title}`);
  await dialog.getByLabel('商品名称').fill(title);
  await dialog.getByLabel('规格').fill('红色 XL');
  await dialog.getByLabel('数量').fill('2');
  await dialog.getByLabel('单价（元）').fill('39.9');
  await expect(dialog).toContainText('商品合计 ¥79.80');
  await dialog.getByLabel('实付金额（元）').fill('75');
  await dialog.getByLabel('买家留言').fill('不要放快递柜');
  await dialog.getByLabel('收货人').fill('孙悦');
  await dialog.getByLabel('手机').fill('1381234');
  await dialog.getByLabel('详细地址').fill('广东省 深圳市 南山区 科技园 1 号');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入正确的手机号')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('manual-order-invalid.png') });

  await dialog.getByLabel('手机').fill('138 1234 5679');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(/已创建订单 DD\d+/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const { list } = await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
    pageIndex: 1,
    pageSize: 5,
    keyword: title,
  });
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    status: 'pending',
    amount: 7500,
    receiver: { name: '孙悦', mobile: '138****5679' },
    goods: [{ title, sku: '红色 XL', quantity: 2, price: 3990 }],
  });
  await page.goto(`/order/index?keyword=${title}`);
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('待采购');
});
