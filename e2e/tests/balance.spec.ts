import type { Browser } from '@playwright/test';
import { makeOperator } from '../../apps/api-server/src/db/operator';
import { ALIPAY_NOTIFY_PATH } from '../../apps/api-server/src/routes/balance';
import { type RunningServer, startServer } from '../../apps/api-server/src/server';
import { signedNotification } from '../../packages/platform-sandboxes/src/alipay';
import { DEV_SANDBOX_PRIVATE_KEY } from '../../packages/platform-sandboxes/src/alipay-keys';
import { ADMIN, apiLogin, contextWithToken, expect, nodeApi, test } from '../helpers';

/**
 * 余额 and 充值 in the browser, on a server of this spec's own with the Alipay sandbox (so its trades
 * and notifications can be read, and the fees set here touch no other spec): a purchase the balance
 * cannot pay the 代发服务费 of says 余额不足，请先充值 with 充值 beside it; ¥100 paid on the sandbox's
 * cashier comes back as 充值成功 and shows in 余额明细 once, however often Alipay notifies.
 */

let server: RunningServer;
/** The admin's token on this server: one sign-in (one SMS per mobile per 60 s). */
let token: string;

test.beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    copyWorker: false,
    exportWorker: false,
    alipay: 'sandbox',
    // Alipay repeats a notification until answered `success`: here quickly.
    alipaySandbox: { notifyRetryMs: [200, 500, 1000, 2000, 4000] },
  });
  token = await apiLogin(server.url, ADMIN.mobile);
});

test.afterAll(async () => {
  await server?.close();
});

async function adminPage(browser: Browser) {
  const context = await contextWithToken(browser, server.url, token);
  return { context, page: await context.newPage() };
}

test('a purchase whose fee the balance cannot pay says 余额不足，请先充值 and offers 充值', async ({
  browser,
}) => {
  const api = nodeApi(server.url, token);
  expect((await api.call('/api/balance/summary', {})).balance).toBe(0);
  const [order] = (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, status: 'pending' })).list;
  if (!order) throw new Error('no pending order in the seed');
  const { context, page } = await adminPage(browser);
  try {
    // The operator sets ¥2 in 全局设置 (a third decimal refused first); 拼多多 has ¥3 of its own.
    await page.goto('/system/global');
    const edit = page.getByRole('region', { name: '代发服务费' });
    await edit.getByRole('textbox', { name: '默认服务费（元）' }).fill('2.001');
    await edit.getByRole('button', { name: '保存服务费' }).click();
    await expect(edit.getByText('请输入 0 或正数金额，最多两位小数')).toBeVisible();
    await edit.getByRole('textbox', { name: '默认服务费（元）' }).fill('2');
    await edit.getByRole('textbox', { name: '拼多多（元，留空用默认）' }).fill('3');
    await edit.getByRole('button', { name: '保存服务费' }).click();
    await expect(page.getByText('代发服务费已保存')).toBeVisible();
    expect(await api.call('/api/balance/fees', {})).toEqual({
      default_fee: 200,
      platforms: [{ platform: 'pinduoduo', fee: 300 }],
    });

    // 代发设置 shows the fees to the seller, read only.
    await page.goto('/system/setting');
    const fees = page.getByRole('region', { name: '代发服务费' });
    await expect(fees.getByRole('definition')).toHaveText([
      '¥2.00',
      '¥2.00',
      '¥3.00',
      '¥2.00',
      '¥2.00',
      '¥2.00',
    ]);
    await expect(fees.getByRole('textbox')).toHaveCount(0);

    await page.goto(`/order/index?keyword=${order.order_no}`);
    await page.getByRole('button', { name: `查看订单 ${order.order_no}` }).click();
    const dialog = page.getByRole('dialog', { name: '订单详情' });
    await dialog.getByRole('button', { name: '采购', exact: true }).click();
    await dialog.getByRole('textbox', { name: '供应商', exact: true }).fill('1688 义乌好货源');
    await dialog.getByRole('textbox', { name: '供应商订单号' }).fill('CG-E2E-BAL-1');
    await dialog.getByRole('textbox', { name: '采购成本（元）' }).fill('10');
    await dialog.getByRole('button', { name: '确定' }).click();
    const problem = dialog.locator('[data-slot=step-problem]');
    await expect(problem).toContainText('余额不足，请先充值');
    await expect(dialog.locator('[data-slot=order-status]')).toHaveText('待采购');
    await problem.getByRole('button', { name: '充值' }).click();
    const topUp = page.getByRole('dialog', { name: '充值' });
    await expect(topUp.locator('[data-slot=top-up-balance]')).toHaveText('¥0.00');
    // The contract's limits, before anything is sent.
    await topUp.getByRole('textbox', { name: '充值金额（元）' }).fill('0.5');
    await topUp.getByRole('button', { name: '去支付宝付款' }).click();
    await expect(topUp.getByText('单次充值不少于 ¥1')).toBeVisible();
    await topUp.getByRole('textbox', { name: '充值金额（元）' }).fill('12.345');
    await expect(topUp.getByText('充值金额最多两位小数')).toBeVisible();
    expect(server.alipaySandbox?.trades.size).toBe(0);
  } finally {
    await context.close();
    await api.call('/api/balance/fees-save', { default_fee: 0, platforms: [] });
  }
});

test('¥100 paid on the Alipay cashier: 充值成功, 余额明细 shows it once, a repeated notification changes nothing', async ({
  browser,
}) => {
  const sandbox = server.alipaySandbox;
  if (!sandbox) throw new Error('no Alipay sandbox');
  const { context, page } = await adminPage(browser);
  try {
    await page.goto('/finance/balance');
    await expect(page.locator('[data-slot=balance]')).toHaveText('¥0.00');
    await page.locator('[data-slot=header]').getByRole('button', { name: '充值' }).click();
    const topUp = page.getByRole('dialog', { name: '充值' });
    await topUp.getByRole('button', { name: '充值 100 元' }).click();
    await expect(topUp.getByRole('textbox', { name: '充值金额（元）' })).toHaveValue('100');
    await topUp.getByRole('button', { name: '去支付宝付款' }).click();

    // The sandbox's cashier (it checked our RSA2 signature): 付款.
    await expect(page.getByText('100.00')).toBeVisible();
    await page.getByRole('button', { name: '付款', exact: true }).click();

    // Back on 充值结果, from our records (the page asks again while the notification is on its way).
    await expect(page).toHaveURL(/\/finance\/topup-result\?out_trade_no=T\d{22}\b/);
    const outTradeNo = new URL(page.url()).searchParams.get('out_trade_no') ?? '';
    const result = page.locator('[data-slot=topup-result]');
    await expect(result.getByRole('status')).toContainText('充值成功');
    await expect(result).toContainText(outTradeNo);
    await expect(result).toContainText('¥100.00');

    await result.getByRole('link', { name: '查看余额明细' }).click();
    await expect(page).toHaveURL(/\/finance\/balance$/);
    await expect(page.locator('[data-slot=balance]')).toHaveText('¥100.00');
    const rows = page.getByRole('row').filter({ hasText: outTradeNo });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('充值');
    await expect(rows).toContainText('+¥100.00');

    // Alipay notifies again (it repeats until answered success, and may repeat after): credited once.
    const trade = sandbox.trades.get(outTradeNo);
    if (!trade) throw new Error('no sandbox trade');
    expect(
      sandbox.notifications.filter((n) => n.outTradeNo === outTradeNo && n.answer === 'success'),
    ).not.toEqual([]);
    const again = signedNotification(
      { ...trade, status: 'TRADE_SUCCESS' },
      DEV_SANDBOX_PRIVATE_KEY,
      Math.floor(Date.now() / 1000),
    );
    const answer = await fetch(`${server.url}${ALIPAY_NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(again).toString(),
    });
    expect(await answer.text()).toBe('success');
    await page.reload();
    await expect(page.locator('[data-slot=balance]')).toHaveText('¥100.00');
    await expect(page.getByRole('row').filter({ hasText: outTradeNo })).toHaveCount(1);

    // The 类型 filter is in the address: 扣费 shows none of it.
    await page.getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: '扣费' }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page).toHaveURL(/kind=charge/);
    await expect(page.getByRole('row').filter({ hasText: outTradeNo })).toHaveCount(0);

    // Someone else's or a made-up number says so.
    await page.goto('/finance/topup-result?out_trade_no=T0000000000000000000000');
    await expect(page.getByRole('alert')).toHaveText('充值单号无效，或不是本账户的充值。');
    await page.goto('/finance/topup-result?out_trade_no=abc');
    await expect(page.getByRole('alert')).toHaveText('充值单号无效，或不是本账户的充值。');
  } finally {
    await context.close();
  }
});

// another operator's 调整余额, the seller's 余额预警, and the fee of a purchase charged and refunded.
test('another operator adjusts the balance with a reason (操作日志 before and after); a purchase charges the fee past 余额预警, its cancellation refunds it', async ({
  browser,
}) => {
  const api = nodeApi(server.url, token);
  await api.call('/api/balance/fees-save', { default_fee: 200, platforms: [] });
  const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
  const { list: sellers } = await api.call('/api/seller/index', { pageIndex: 1, pageSize: 50 });
  const own = sellers.find((s) => s.is_current);
  if (!own) throw new Error('the operator works in no listed account');
  const start = (await api.call('/api/balance/summary', {})).balance;
  const [order] = (await api.call('/api/order/index', { pageIndex: 1, pageSize: 1, status: 'pending' })).list;
  if (!order) throw new Error('no pending order in the seed');
  // An operator never adjusts the account they work in: a second one, in an account of their own.
  const colleague = '13712345601';
  const colleagueToken = await apiLogin(server.url, colleague);
  await makeOperator(server.db, colleague, Math.floor(Date.now() / 1000));
  const { context, page } = await adminPage(browser);
  const colleagueContext = await contextWithToken(browser, server.url, colleagueToken);
  const other = await colleagueContext.newPage();
  try {
    // 卖家管理: the balance, and 调整余额 with the contract's rules before anything is sent.
    await other.goto('/user/seller');
    const row = other.locator('[data-slot=data-table-row]').filter({ hasText: own.name });
    await expect(row).toContainText(yuan(start));
    await row.getByRole('button', { name: `调整卖家 ${own.name} 的余额` }).click();
    const dialog = other.getByRole('dialog', { name: '调整余额' });
    await expect(dialog.locator('[data-slot=adjust-balance]')).toHaveText(yuan(start));
    const amount = dialog.getByRole('textbox', { name: '调整金额（元）' });
    const reason = dialog.getByRole('textbox', { name: '调整原因' });
    await amount.fill('10.005');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByText('调整金额最多两位小数')).toBeVisible();
    await expect(dialog.getByText('请填写调整原因')).toBeVisible();
    // A deduction past the balance: the server's refusal names the balance.
    await amount.fill(`-${(start + 100) / 100}`);
    await reason.fill('扣过头');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`扣减后余额不能为负数（当前余额 ${yuan(start)}）`);
    await amount.fill('+50');
    await reason.fill('线下转账补录');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(
      other.getByText(`已调整「${own.name}」的余额：${yuan(start)} → ${yuan(start + 5_000)}`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(yuan(start + 5_000));

    // 操作日志: the adjustment with the balance before and after, the amount and the reason.
    await other.goto('/system/logs?action=seller.balance-adjust');
    const entry = other.locator('[data-slot=data-table-row]').filter({ hasText: own.name }).first();
    await entry.getByRole('button', { name: `查看 调整卖家余额 ${own.name} 的变更` }).click();
    const changes = other.getByRole('dialog', { name: '操作详情' });
    const balanceRow = changes.getByRole('row', { name: /^余额/ });
    await expect(balanceRow.getByRole('cell').nth(0)).toHaveText(yuan(start));
    await expect(balanceRow.getByRole('cell').nth(1)).toHaveText(yuan(start + 5_000));
    await expect(
      changes
        .getByRole('row', { name: /调整金额/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('¥50.00');
    await expect(
      changes
        .getByRole('row', { name: /调整原因/ })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('线下转账补录');

    // 余额明细: the adjustment with its reason; 余额预警 set ¥1 under the balance, so the fee crosses it.
    await page.goto('/finance/balance');
    await expect(page.locator('[data-slot=balance]')).toHaveText(yuan(start + 5_000));
    await expect(page.getByRole('row').filter({ hasText: '线下转账补录' })).toContainText('+¥50.00');
    const warning = page.getByRole('region', { name: '余额预警' });
    await warning.getByRole('textbox', { name: '预警金额（元）' }).fill('0');
    await warning.getByRole('button', { name: '保存预警' }).click();
    await expect(warning.getByText('预警金额必须大于 0')).toBeVisible();
    const threshold = start + 5_000 - 100;
    await warning.getByRole('textbox', { name: '预警金额（元）' }).fill(String(threshold / 100));
    await warning.getByRole('button', { name: '保存预警' }).click();
    await expect(page.getByText(`余额低于 ${yuan(threshold)} 时将提醒您`)).toBeVisible();
    expect((await api.call('/api/balance/summary', {})).warn_below).toBe(threshold);

    // 采购 (by hand) charges the ¥2 fee; 余额明细 shows it against the order.
    await page.goto(`/order/index?keyword=${order.order_no}`);
    await page.getByRole('button', { name: `查看订单 ${order.order_no}` }).click();
    const detail = page.getByRole('dialog', { name: '订单详情' });
    await detail.getByRole('button', { name: '采购', exact: true }).click();
    await detail.getByRole('textbox', { name: '供应商', exact: true }).fill('1688 义乌好货源');
    await detail.getByRole('textbox', { name: '供应商订单号' }).fill('CG-E2E-BAL-2');
    await detail.getByRole('textbox', { name: '采购成本（元）' }).fill('10');
    await detail.getByRole('button', { name: '确定' }).click();
    await expect(detail.locator('[data-slot=order-status]')).toHaveText('已采购');
    await page.goto('/finance/balance');
    await expect(page.locator('[data-slot=balance]')).toHaveText(yuan(start + 4_800));
    const charge = page.getByRole('row').filter({ hasText: `订单 #${order.id}` });
    await expect(charge).toHaveCount(1);
    await expect(charge).toContainText('扣费');
    await expect(charge).toContainText('-¥2.00');

    // The fall below ¥(balance − 1) raised one notification; its link opens 充值 on 余额明细.
    const { list: bell } = await api.call('/api/notification/index', { pageIndex: 1, pageSize: 20 });
    const warned = bell.filter((n) => n.kind === 'balance');
    expect(warned).toHaveLength(1);
    await page.goto(warned[0]?.link ?? '');
    await expect(page.getByRole('dialog', { name: '充值' })).toBeVisible();
    await expect(page).toHaveURL(/\/finance\/balance$/);
    await page.keyboard.press('Escape');

    // 取消 before shipping refunds it.
    await page.goto(`/order/index?keyword=${order.order_no}`);
    await page.getByRole('button', { name: `查看订单 ${order.order_no}` }).click();
    await detail.getByRole('button', { name: '取消订单' }).click();
    await detail.getByRole('textbox', { name: '取消原因' }).fill('买家不要了');
    await detail.getByRole('button', { name: '确定' }).click();
    await expect(detail.locator('[data-slot=order-status]')).toHaveText('已取消');
    await page.goto('/finance/balance');
    await expect(page.locator('[data-slot=balance]')).toHaveText(yuan(start + 5_000));
    const both = page.getByRole('row').filter({ hasText: `订单 #${order.id}` });
    await expect(both).toHaveCount(2);
    await expect(both.filter({ hasText: '退款' })).toContainText('+¥2.00');

    // 导出 takes the page's filters (退款 only) into a job of 下载中心 (this server runs no export worker;
    // the file itself is the api-server's balance-adjust.test.ts).
    await page.goto('/finance/balance?kind=refund');
    await page.getByRole('button', { name: '导出' }).click();
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    await expect(page.getByText('导出任务已创建，可在下载中心查看进度并下载')).toBeVisible();
    const { list: jobs } = await api.call('/api/export/index', { pageIndex: 1, pageSize: 5 });
    expect(jobs[0]).toMatchObject({ format: 'csv', filters: { kind: 'refund' }, status: 'queued' });
    expect(jobs[0]?.name).toMatch(/^余额明细-/);
  } finally {
    await context.close();
    await colleagueContext.close();
    await api.call('/api/balance/fees-save', { default_fee: 0, platforms: [] });
    await api.call('/api/balance/warning-save', { warn_below: null });
  }
});
