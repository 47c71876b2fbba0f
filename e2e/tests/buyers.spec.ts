import type { BlacklistEntry, Order } from '@consign/api-client';
import { expect, nodeApi, test } from '../helpers';

/**
 * 买家管理 and 黑名单 as a seller uses them: blacklist the buyer of an open order from the
 * buyer list; the order shows the 黑名单 badge and the filter finds it; 采购 asks for a confirmation
 * (declined here, so the order stays 待采购); lifting the blacklist removes the badge. The seed's
 * blacklisted buyer (钱多多, `SEED_BLACKLIST` in apps/api-server/src/db/seed.ts) has open orders the
 * 黑名单 filter shows with the badge, and a reason that is changed (at the version read) on 黑名单.
 * 查看订单 of a buyer opens exactly their orders, not those of another buyer of the same name.
 */

/** The seed's blacklisted buyer and two repeat buyers sharing a name (apps/api-server/src/db/seed.ts). */
const SEEDED = { blacklisted: '钱多多', sharedName: '周婷婷' } as const;

test('a blacklisted buyer’s open order is flagged and 采购 asks first; lifting the blacklist drops the flag', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const pending = (
    await nodeApi(baseURL as string, adminToken).call('/api/order/index', {
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

test('代发订单 with the 黑名单 filter on: the seeded blacklisted buyer’s open orders carry the badge', async ({
  adminPage: page,
}) => {
  await page.goto('/order/index');
  await page.getByRole('combobox', { name: '黑名单' }).click();
  await page.getByRole('option', { name: '仅黑名单买家' }).click();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/[?&]blacklisted=1(&|$)/);
  const rows = page.locator('[data-slot=data-table-row]');
  await expect(rows.filter({ hasText: SEEDED.blacklisted }).filter({ hasText: '待采购' })).toHaveCount(1);
  await expect(rows.filter({ hasText: SEEDED.blacklisted }).filter({ hasText: '已采购' })).toHaveCount(1);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('黑名单');
});

test('黑名单: a reason is changed; a stale save keeps what was typed and 重新加载 shows the current reason', async ({
  adminPage: page,
  baseURL,
  adminToken,
}) => {
  const api = nodeApi(baseURL as string, adminToken);
  const entries = (await api.call('/api/buyer/blacklist-index', { pageIndex: 1, pageSize: 100 }))
    .list as BlacklistEntry[];
  const entry = entries.find((e) => e.buyer_name === SEEDED.blacklisted);
  if (!entry) throw new Error('no seeded blacklist entry');

  await page.goto('/user/black-list');
  const row = page.locator('[data-slot=data-table-row]').filter({ hasText: SEEDED.blacklisted });
  await expect(row).toContainText(entry.reason);
  await row.getByRole('button', { name: `修改${SEEDED.blacklisted}的拉黑原因` }).click();
  const dialog = page.getByRole('dialog', { name: '修改拉黑原因' });
  const reason = dialog.getByRole('textbox', { name: '拉黑原因' });
  await expect(reason).toHaveValue(entry.reason);

  // Another member changes the reason meanwhile: the save is refused and keeps what was typed.
  await api.call('/api/buyer/blacklist-save', {
    id: entry.id,
    version: entry.version,
    reason: '他人修改的原因',
  });
  await reason.fill('恶意差评并退款');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: '数据已被他人修改，请刷新后重试' })).toBeVisible();
  await expect(reason).toHaveValue('恶意差评并退款');
  await dialog.getByRole('button', { name: '重新加载' }).click();
  await expect(reason).toHaveValue('他人修改的原因');

  await reason.fill('恶意差评并退款');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('恶意差评并退款');
});

test('买家管理 查看订单: exactly that buyer’s orders, not those of another buyer of the same name', async ({
  adminPage: page,
}) => {
  await page.goto(`/user/buyer?keyword=${encodeURIComponent(SEEDED.sharedName)}`);
  const buyers = page.locator('[data-slot=data-table-row]');
  await expect(buyers).toHaveCount(2);
  const first = buyers.first();
  const mobile = ((await first.locator('td').nth(1).textContent()) ?? '').trim();
  const count = ((await first.locator('td').nth(2).textContent()) ?? '').trim();
  expect(mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
  await first.getByRole('link', { name: `查看${SEEDED.sharedName}的订单` }).click();

  await expect(page).toHaveURL(/\/order\/index\?buyer_id=\d+/);
  await expect(page.getByText(`仅显示买家 ${SEEDED.sharedName}（${mobile}）的订单`)).toBeVisible();
  await expect(page.locator('[data-slot=pagination]').getByText(`共 ${count} 条`)).toBeVisible();
  const orders = page.locator('[data-slot=data-table-row]');
  await expect(orders).toHaveCount(Number(count));
  for (const text of await orders.allInnerTexts()) expect(text).toContain(SEEDED.sharedName);

  await page.getByRole('button', { name: '显示全部订单' }).click();
  await expect(page).not.toHaveURL(/buyer_id=/);
  await expect(page.getByText(`仅显示买家 ${SEEDED.sharedName}`)).toHaveCount(0);
});
