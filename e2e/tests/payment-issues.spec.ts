import type { Browser } from '@playwright/test';
import { DEV_APP_PRIVATE_KEY } from '../../apps/api-server/src/payments/alipay-dev-keys';
import { ALIPAY_NOTIFY_PATH } from '../../apps/api-server/src/routes/balance';
import { type RunningServer, startServer } from '../../apps/api-server/src/server';
import { ALIPAY_SANDBOX_APP, signedNotification } from '../../packages/platform-sandboxes/src/alipay';
import { DEV_SANDBOX_PRIVATE_KEY } from '../../packages/platform-sandboxes/src/alipay-keys';
import { ADMIN, apiLogin, contextWithToken, expect, nodeApi, test, USER } from '../helpers';

/**
 * 充值异常 (operators) in the browser, on a server of this spec's own with the Alipay sandbox: a
 * notification with another amount flags its top-up and is refused, one with a bad signature is refused;
 * the operator finds both under 财务 → 充值异常, marks them handled (they move to 已处理, 操作日志 says
 * 标记充值异常已处理); a seller has no menu entry and gets the 403 page.
 */

let server: RunningServer;
let adminToken: string;
let sellerToken: string;

test.beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: 'memory://',
    logLevel: 'warn',
    copyWorker: false,
    exportWorker: false,
    alipay: 'sandbox',
  });
  adminToken = await apiLogin(server.url, ADMIN.mobile);
  sellerToken = await apiLogin(server.url, USER.mobile);
});

test.afterAll(async () => {
  await server?.close();
});

async function pageAs(browser: Browser, token: string) {
  const context = await contextWithToken(browser, server.url, token);
  return { context, page: await context.newPage() };
}

/** Posts a notification to our notify address as Alipay would; answers what we answered. */
async function notify(params: Record<string, string>): Promise<string> {
  const res = await fetch(`${server.url}${ALIPAY_NOTIFY_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return res.text();
}

test('an operator sees a flagged top-up and a refused notification, marks them handled, and 操作日志 says so', async ({
  browser,
}) => {
  const api = nodeApi(server.url, adminToken);
  const { list: sellers } = await api.call('/api/seller/index', { pageIndex: 1, pageSize: 50 });
  const own = sellers.find((s) => s.is_current);
  if (!own) throw new Error('the operator works in no listed account');
  const now = Math.floor(Date.now() / 1000);
  const trade = (outTradeNo: string, totalAmount: string) => ({
    outTradeNo,
    appId: ALIPAY_SANDBOX_APP.appId,
    totalAmount,
    subject: '账户余额充值',
    tradeNo: `2026112622${outTradeNo.slice(-8)}`,
    passback: String(own.id),
    status: 'TRADE_SUCCESS',
  });
  // ¥123.45 asked, Alipay says ¥1.00 was paid: the top-up is flagged and the notification refused.
  const flagged = await api.call('/api/balance/topup', { amount: 12_345 });
  expect(
    await notify(signedNotification(trade(flagged.out_trade_no, '1.00'), DEV_SANDBOX_PRIVATE_KEY, now)),
  ).toBe('failure');
  // Signed with another key than Alipay's: refused, the top-up stays pending.
  const forged = await api.call('/api/balance/topup', { amount: 500 });
  expect(await notify(signedNotification(trade(forged.out_trade_no, '5.00'), DEV_APP_PRIVATE_KEY, now))).toBe(
    'failure',
  );
  // Unsigned posts naming no top-up of ours: one row for their source, with how many came.
  for (const n of [1, 2, 3]) {
    expect(await notify({ out_trade_no: `GARBAGE${n}`, total_amount: '9.99' })).toBe('failure');
  }
  const start = (await api.call('/api/balance/summary', {})).balance;

  const { context, page } = await pageAs(browser, adminToken);
  try {
    // 财务 → 充值异常 opens 异常充值.
    await page.goto('/dashboard/index');
    const nav = page.locator('aside nav');
    await nav.getByRole('button', { name: '财务' }).click();
    await nav.getByRole('link', { name: '充值异常' }).click();
    await expect(page).toHaveURL(/\/finance\/payment-issues\/topups$/);
    await expect(page.getByRole('heading', { name: '异常充值' })).toBeVisible();
    const sections = page.getByRole('navigation', { name: '充值异常类型' });
    await expect(sections.getByRole('link', { name: '异常充值' })).toHaveAttribute('aria-current', 'page');

    // 待处理: the state is in the address; the row shows the account, the amount in yuan and the reason.
    const tabs = page.getByRole('tablist', { name: '处理状态' });
    await tabs.getByRole('tab', { name: '待处理' }).click();
    await expect(page).toHaveURL(/state=open/);
    const row = page.locator('[data-slot=data-table-row]').filter({ hasText: flagged.out_trade_no });
    await expect(row).toContainText(own.name);
    await expect(row).toContainText('¥123.45');
    await expect(row).toContainText('支付宝金额 ¥1.00 与充值金额 ¥123.45 不符');
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    // The pending one is no issue.
    await expect(
      page.locator('[data-slot=data-table-row]').filter({ hasText: forged.out_trade_no }),
    ).toHaveCount(0);

    // 标记已处理 asks first; 取消 changes nothing.
    await row.getByRole('button', { name: `标记 ${flagged.out_trade_no} 已处理` }).click();
    const confirm = page.getByRole('alertdialog', { name: '标记已处理' });
    await expect(confirm).toContainText(flagged.out_trade_no);
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `标记 ${flagged.out_trade_no} 已处理` }).click();
    await confirm.getByRole('button', { name: '标记已处理' }).click();
    await expect(page.getByText(`充值单 ${flagged.out_trade_no} 已标记为已处理`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await tabs.getByRole('tab', { name: '已处理' }).click();
    await expect(page).toHaveURL(/state=resolved/);
    await expect(row).toContainText('已处理');
    await expect(row.getByRole('button', { name: /标记/ })).toHaveCount(0);

    // 被拒通知: both refusals, with Alipay's amount and the reason; the address keeps its own state.
    await page
      .getByRole('navigation', { name: '充值异常类型' })
      .getByRole('link', { name: '被拒通知' })
      .click();
    await expect(page).toHaveURL(/\/finance\/payment-issues\/notices$/);
    await page.getByRole('tablist', { name: '处理状态' }).getByRole('tab', { name: '待处理' }).click();
    await expect(page).toHaveURL(/\/notices\?.*state=open/);
    const amountNotice = page.locator('[data-slot=data-table-row]').filter({ hasText: flagged.out_trade_no });
    await expect(amountNotice).toContainText('¥1.00');
    await expect(amountNotice).toContainText('金额不符');
    await expect(amountNotice).toContainText('TRADE_SUCCESS');
    const forgedNotice = page.locator('[data-slot=data-table-row]').filter({ hasText: forged.out_trade_no });
    await expect(forgedNotice).toContainText('签名验证失败');
    const counted = page.locator('[data-slot=data-table-row]').filter({ hasText: 'GARBAGE3' });
    await expect(counted).toHaveCount(1);
    await expect(counted).toContainText('127.0.0.1');
    // The earlier two are counted in it, not rows of their own.
    await expect(page.locator('[data-slot=data-table-row]').filter({ hasText: 'GARBAGE1' })).toHaveCount(0);
    await forgedNotice.getByRole('button', { name: `标记 ${forged.out_trade_no} 已处理` }).click();
    await page
      .getByRole('alertdialog', { name: '标记已处理' })
      .getByRole('button', { name: '标记已处理' })
      .click();
    await expect(forgedNotice).toHaveCount(0);
    await expect(amountNotice).toHaveCount(1);
    // Reloading the address shows the same list.
    await page.reload();
    await expect(amountNotice).toHaveCount(1);
    await expect(forgedNotice).toHaveCount(0);

    // Marking moved no money.
    expect((await api.call('/api/balance/summary', {})).balance).toBe(start);

    // 操作日志: one entry per marking, under its label.
    await page.goto('/system/logs?action=reconcile.resolve');
    const entries = page.locator('[data-slot=data-table-row]');
    await expect(entries.filter({ hasText: flagged.out_trade_no })).toContainText('标记充值异常已处理');
    await expect(entries.filter({ hasText: forged.out_trade_no })).toContainText('标记充值异常已处理');
  } finally {
    await context.close();
  }
});

test('a seller has no 充值异常 in the menu and gets the 403 page at its address', async ({ browser }) => {
  const { context, page } = await pageAs(browser, sellerToken);
  try {
    await page.goto('/dashboard/index');
    const nav = page.locator('aside nav');
    await nav.getByRole('button', { name: '财务' }).click();
    await expect(nav.getByRole('link', { name: '余额明细' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '充值异常' })).toHaveCount(0);
    await expect(page.locator('main').getByRole('link', { name: '充值异常' })).toHaveCount(0);
    for (const path of ['/finance/payment-issues', '/finance/payment-issues/notices?state=open']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/403$/);
      await expect(page.getByText('抱歉，您没有权限访问此页面。')).toBeVisible();
    }
  } finally {
    await context.close();
  }
});
