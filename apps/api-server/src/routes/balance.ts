import { TOPUP_MAX_FEN, TOPUP_MIN_FEN } from '@consign/api-client';
import { Hono } from 'hono';
import {
  balanceOf,
  listEntries,
  purchaseFees,
  savePurchaseFees,
  saveWarning,
  warningOf,
} from '../db/balance';
import { createExportJob } from '../db/export';
import { createTopup, recordNotice, settleTopup, topupByNo } from '../db/topup';
import type { ApiEnv, Deps } from '../env';
import { clientIp } from '../http/client-ip';
import { HttpProblem, ok } from '../http/respond';
import { afterCommit, recordChange } from '../middleware/audit';
import { database, scope } from '../middleware/authentication';
import { body } from '../middleware/validate';
import { yuanToFen } from '../payments/alipay';

/** What a top-up answers while the server has no Alipay settings. */
const NO_ALIPAY = '充值暂不可用，请联系管理员';

/** Where Alipay sends the browser back (the admin's result page) and posts its notifications. */
export const TOPUP_RETURN_PATH = '/finance/topup-result';
export const ALIPAY_NOTIFY_PATH = '/payments/alipay/notify';

/** 余额 and 充值 (`/api/balance/*`): db/balance.ts (the ledger) and db/topup.ts (top-ups). */
export function balanceRoutes({ now, alipay, publicUrl, db, log, wakeJobs, platforms }: Deps) {
  const nowS = () => Math.floor(now() / 1000);
  return (
    new Hono<ApiEnv>()
      .post('/summary', body('/api/balance/summary'), async (c) =>
        ok(c, {
          balance: await balanceOf(scope(c)),
          topup_min: TOPUP_MIN_FEN,
          topup_max: TOPUP_MAX_FEN,
          warn_below: await warningOf(scope(c)),
        }),
      )
      // 余额明细 导出, a job of the export runner (下载中心)
      .post('/export', body('/api/balance/export'), async (c) => {
        const job = await createExportJob(
          scope(c),
          c.get('auth')?.userId ?? null,
          c.req.valid('json'),
          nowS(),
          'balance',
        );
        recordChange(c, {
          target: { type: 'export', id: job.id, name: job.name },
          before: null,
          after: { format: job.format, filters: job.filters },
        });
        afterCommit(c, () => wakeJobs('export'));
        return ok(c, job);
      })
      // 余额预警
      .post('/warning-save', body('/api/balance/warning-save'), async (c) => {
        const { row, change } = await saveWarning(scope(c), c.req.valid('json').warn_below, nowS());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/entries', body('/api/balance/entries'), async (c) =>
        ok(c, await listEntries(scope(c), c.req.valid('json'))),
      )
      .post('/fees', body('/api/balance/fees'), async (c) => ok(c, await purchaseFees(database(c))))
      .post('/fees-save', body('/api/balance/fees-save'), async (c) => {
        const { row, change } = await savePurchaseFees(database(c), c.req.valid('json'), nowS());
        recordChange(c, change);
        return ok(c, row);
      })
      .post('/topup', body('/api/balance/topup'), async (c) => {
        const client = alipay();
        if (!client) throw new HttpProblem(503, NO_ALIPAY);
        const input = c.req.valid('json');
        const { row, change } = await createTopup(
          scope(c),
          { amount: input.amount, userId: c.get('auth')?.userId ?? null },
          now(),
        );
        const pay_url = client.payUrl({
          outTradeNo: row.out_trade_no,
          amount: row.amount,
          accountId: scope(c).accountId,
          subject: '账户余额充值',
          returnUrl: `${publicUrl()}${TOPUP_RETURN_PATH}`,
          notifyUrl: `${publicUrl()}${ALIPAY_NOTIFY_PATH}`,
          wap: input.wap ?? false,
          createdAtMs: row.created_at * 1000,
        });
        recordChange(c, change);
        return ok(c, { ...row, pay_url });
      })
      .post('/topup-status', body('/api/balance/topup-status'), async (c) => {
        const { out_trade_no } = c.req.valid('json');
        const topup = await topupByNo(scope(c), out_trade_no);
        const client = alipay();
        if (topup.status !== 'pending' || !client) return ok(c, topup);
        // Past the account's payment_query budget (a page polling in a loop): our records as they
        // are; the notification or the reconcile sweep settles it (platforms/budgets.ts).
        if (!(await platforms.budgets.take(db, 'payment_query', scope(c).accountId, nowS()))) {
          return ok(c, topup);
        }
        // Still pending in our records: ask Alipay (the notification may be late), settle from its
        // answer, then answer from our records again.
        try {
          const trade = await client.query(out_trade_no);
          await settleTopup(
            db,
            { outTradeNo: out_trade_no, tradeNo: trade.tradeNo, status: trade.status, amount: trade.amount },
            nowS(),
          );
        } catch (error) {
          log.warn('alipay trade query failed', {
            error: error instanceof Error ? error.message : String(error),
          });
        }
        return ok(c, await topupByNo(scope(c), out_trade_no));
      })
  );
}

/** The longest notification body we read (Alipay's are about 1.5 KB). */
const NOTIFY_BODY_MAX = 16 * 1024;

/**
 * Alipay's asynchronous notification (`POST /payments/alipay/notify`, a form): the signature checked
 * with Alipay's public key, the app id ours, the trade ours and the amount the one asked; a paid trade
 * credits the account once (db/topup.ts). `success` is answered only once that is committed, so a
 * notification whose answer was lost (a crash, a cut connection) comes again and finds it done. One
 * that credits nothing is kept in `payment_notices` for operators and answered `failure`.
 */
export function paymentRoutes({
  db,
  now,
  alipay,
  log,
  trustProxy,
}: Pick<Deps, 'db' | 'now' | 'alipay' | 'log' | 'trustProxy'>) {
  const nowS = () => Math.floor(now() / 1000);
  return new Hono().post('/alipay/notify', async (c) => {
    const client = alipay();
    if (!client) return c.text('failure', 404);
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > NOTIFY_BODY_MAX) return c.text('failure', 413);
    const text = await c.req.text();
    if (text.length > NOTIFY_BODY_MAX) return c.text('failure', 413);
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(text)) params[key] = value;
    const outTradeNo = params.out_trade_no ?? '';
    const notice = {
      outTradeNo,
      tradeStatus: params.trade_status ?? '',
      totalAmount: params.total_amount ?? '',
      source: clientIp(c, trustProxy),
    };
    const refuse = async (problem: string) => {
      await recordNotice(db, { ...notice, problem }, nowS());
      log.warn('alipay notification refused', { outTradeNo: outTradeNo.slice(0, 64), problem });
      return c.text('failure');
    };
    if (!client.verifyNotification(params)) return refuse('签名验证失败');
    if (params.app_id !== client.settings.appId) return refuse('应用 ID 不符');
    const accountId = /^[1-9][0-9]{0,9}$/.test(params.passback_params ?? '')
      ? Number(params.passback_params)
      : null;
    const settled = await settleTopup(
      db,
      {
        outTradeNo,
        tradeNo: params.trade_no ?? null,
        status: params.trade_status ?? '',
        amount: yuanToFen(params.total_amount ?? ''),
        accountId,
      },
      nowS(),
    );
    if (settled.result === 'refused') return refuse(settled.problem);
    if (settled.result === 'closed' && params.trade_status === 'TRADE_CLOSED') {
      await recordNotice(db, { ...notice, problem: '交易已关闭，未入账' }, nowS());
    }
    return c.text('success');
  });
}
