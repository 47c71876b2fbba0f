import type { Order } from '@consign/api-client';
import { expect, nodeApi, test } from '../helpers';

/**
 * 买家管理 and 黑名单 (issue 17) as a seller uses them: blacklist the buyer of an open order from the
 * buyer list; the order shows the 黑名单 badge and the filter finds it; 采购 asks for a confirmation
 * (declined here, so the order stays 待采购); lifting the blacklist removes the badge.
 */

test('a blacklisted buyer’s open order is flagged and 采购 asks first; lifting the blacklist drops the flag', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const pending = (
    await nodeApi(baseURL as string, adminToken).order.index({
      pageIndex: 1,
      pageSize: 100,
      status: 'pending',
    })
  ).list as Order[];
  // Not the newest nor the oldest pending order: other specs take those.
  const order = pending[Math.floor(pending.length / 2)];
  if (!order) throw new Error('no pending order');
  const name = order.buyer_name;
  const mobile = order.receiver.mobile;

  // 买家管理: find the buyer and blacklist them with a reason.
  await page.goto(`/user/buyer?keyword=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name }).filter({ hasText: mobile });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `拉黑${name}` }).click();
  const dialog = page.getByRole('dialog', { name: '拉黑买家' });
  await dialog.getByRole('textbox', { name: '拉黑原因' }).fill('多次恶意退款');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('黑名单');

  // 代发订单: the order carries the badge, and the 黑名单 filter lists it.
  await page.goto(`/order/index?blacklisted=1&keyword=${order.order_no}`);
  const orderRow = page.getByRole('row').filter({ hasText: order.order_no });
  await expect(orderRow).toContainText('黑名单');

  // 采购 asks for a confirmation; declining keeps the order 待采购.
  await page.getByRole('button', { name: `查看订单 ${order.order_no}` }).click();
  const detail = page.getByRole('dialog', { name: '订单详情' });
  await detail.getByRole('button', { name: '采购', exact: true }).click();
  await detail.getByRole('textbox', { name: '供应商', exact: true }).fill('1688 测试店');
  await detail.getByRole('textbox', { name: '供应商订单号' }).fill('CG-BLACK-1');
  await detail.getByRole('textbox', { name: '采购成本（元）' }).fill('12.00');
  await detail.getByRole('button', { name: '确定' }).click();
  const confirm = page.getByRole('alertdialog', { name: '该买家在黑名单中' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(detail.locator('[data-slot=order-status]')).toHaveText('待采购');

  // 黑名单: lift it; the order loses its badge and the filter no longer finds it.
  await page.goto(`/user/black-list?keyword=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `解除拉黑${name}` }).click();
  await page.getByRole('alertdialog', { name: '解除拉黑' }).getByRole('button', { name: '解除拉黑' }).click();
  await expect(page.getByRole('button', { name: `解除拉黑${name}` })).toHaveCount(0);
  await page.goto(`/order/index?keyword=${order.order_no}`);
  await expect(page.getByRole('row').filter({ hasText: order.order_no })).not.toContainText('黑名单');
  await page.goto(`/order/index?blacklisted=1&keyword=${order.order_no}`);
  await expect(page.getByRole('row').filter({ hasText: order.order_no })).toHaveCount(0);
});
