import type { Db } from '../db/db';
import { takeLease } from '../db/lease';
import { pendingTopups, type Settlement, settleTopup } from '../db/topup';
import type { Logger } from '../log';
import { type Alipay, TOPUP_PAY_WINDOW_MS } from '../payments/alipay';
import type { Job, JobKind } from './runner';

/**
 * 充值对账, the daily reconciliation of top-ups with Alipay's records: every top-up still pending
 * `graceMs` after it was asked for is looked up with `alipay.trade.query` and settled by
 * `settleTopup` (db/topup.ts), the one function the notification settles through too: paid with the
 * amount asked, credited once; closed by Alipay, or never seen by Alipay once the pay window is over,
 * closed; paid with another amount, or paid while we hold it closed, flagged with the reason for
 * operators. Still waiting for the buyer: left pending for the next run.
 *
 * A `JobKind` of the one runner: the unit is a whole run, taken by one instance at a time through a
 * lease in `rate_limits` (`sweep:reconcile`, `everyMs`), as the authorisation sweep does; a run that
 * overlaps another anyway (a lease taken over after a crash) credits nothing twice, because
 * `settleTopup` settles under the top-up's row lock.
 */

export const RECONCILE_KIND = 'reconcile';
const LEASE_KEY = 'sweep:reconcile';
/** Top-ups read per statement. */
const BATCH = 200;

export interface ReconcileOptions {
  /** How often a run starts. Default one day. */
  everyMs?: number;
  /** How old a pending top-up must be to be looked up (its notification may still come). Default 15 min. */
  graceMs?: number;
}

export interface ReconcileCounts {
  checked: number;
  credited: number;
  closed: number;
  flagged: number;
  waiting: number;
  /** Lookups that failed (Alipay unreachable, a bad answer): left pending for the next run. */
  failed: number;
}

/** One run now (the job's work; tests call it too). */
export async function reconcileTopups(
  db: Db,
  alipay: Alipay,
  log: Logger,
  nowMs: number,
  options: ReconcileOptions = {},
): Promise<ReconcileCounts> {
  const counts: ReconcileCounts = { checked: 0, credited: 0, closed: 0, flagged: 0, waiting: 0, failed: 0 };
  const beforeS = Math.floor((nowMs - (options.graceMs ?? 15 * 60_000)) / 1000);
  let afterId = 0;
  for (;;) {
    const batch = await pendingTopups(db, { beforeS, afterId, limit: BATCH });
    for (const topup of batch) {
      counts.checked++;
      let settled: Settlement;
      try {
        const trade = await alipay.query(topup.out_trade_no);
        // Alipay never saw it (the buyer never opened the cashier) and nobody can pay it any more.
        const windowOver = nowMs > topup.created_at * 1000 + TOPUP_PAY_WINDOW_MS;
        const status = trade.status === 'NOT_FOUND' && windowOver ? 'TRADE_CLOSED' : trade.status;
        settled = await settleTopup(
          db,
          { outTradeNo: topup.out_trade_no, tradeNo: trade.tradeNo, status, amount: trade.amount },
          Math.floor(nowMs / 1000),
        );
      } catch (error) {
        counts.failed++;
        log.warn('reconcile: alipay trade query failed', {
          outTradeNo: topup.out_trade_no,
          error: error instanceof Error ? error.message : String(error),
        });
        continue;
      }
      if (settled.result === 'credited') counts.credited++;
      else if (settled.result === 'closed') counts.closed++;
      else if (settled.result === 'refused') counts.flagged++;
      else if (settled.result === 'waiting') counts.waiting++;
    }
    if (batch.length < BATCH) break;
    afterId = batch[batch.length - 1]?.id ?? afterId;
  }
  if (counts.checked > 0) log.info('reconcile: top-ups checked with alipay', { ...counts });
  return counts;
}

/** The reconciliation as a kind of the job runner: at most one run per `everyMs` across every instance. */
export function reconcileKind(deps: {
  db: Db;
  alipay: () => Alipay | null;
  log: Logger;
  now: () => number;
  options?: ReconcileOptions;
}): JobKind {
  const { db, log, now, options = {} } = deps;
  const everyS = Math.max(1, Math.round((options.everyMs ?? 86_400_000) / 1000));
  return {
    name: RECONCILE_KIND,
    concurrency: 1,
    pollMs: Math.min(60_000, everyS * 1000),
    async claim(): Promise<Job | undefined> {
      const alipay = deps.alipay();
      if (!alipay) return undefined;
      const nowS = Math.floor(now() / 1000);
      if (!(await takeLease(db, LEASE_KEY, nowS + everyS, nowS))) return undefined;
      return async () => {
        await reconcileTopups(db, alipay, log, now(), options);
      };
    },
  };
}
