import { randomInt } from 'node:crypto';
import { shanghaiStamp } from '@consign/api-client';
import { appendEntry, yuan } from './balance';
import type { Db, Queryable } from './db';
import type { Saved } from './log';
import { notFound, type Scope } from './scope';

/**
 * 充值 (migration 0033): a top-up is asked for by the seller (`createTopup`, pending) and settled by
 * what Alipay says (`settleTopup`, from the asynchronous notification or `alipay.trade.query`): paid
 * with its balance entry in one transaction, closed, or flagged when the amounts disagree. The
 * topup's row lock and the ledger's unique `payment_no` make a settlement happen once, however many
 * notifications arrive at once on however many instances.
 */

export type TopupStatus = 'pending' | 'paid' | 'closed' | 'flagged';

export interface Topup {
  out_trade_no: string;
  amount: number;
  status: TopupStatus;
  created_at: number;
  settled_at: number | null;
}

const COLUMNS = 'out_trade_no, amount, status, created_at, settled_at';

/** Our trade number: `T`, the time (China) to the second, 8 random digits. */
function newTradeNo(nowMs: number): string {
  const stamp = shanghaiStamp(Math.floor(nowMs / 1000));
  return `T${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export async function createTopup(
  scope: Scope,
  input: { amount: number; userId: number | null },
  nowMs: number,
): Promise<Saved<Topup>> {
  const [row] = await scope.db.query<Topup>(
    `INSERT INTO topups (account_id, out_trade_no, amount, user_id, created_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${COLUMNS}`,
    [scope.accountId, newTradeNo(nowMs), input.amount, input.userId, Math.floor(nowMs / 1000)],
  );
  if (!row) throw new Error('topup not inserted');
  return {
    row,
    change: {
      target: { type: 'topup', id: null, name: row.out_trade_no },
      before: null,
      after: { out_trade_no: row.out_trade_no, amount: row.amount, status: row.status },
    },
  };
}

/** The account's top-up `outTradeNo` (404 for another account's or an unknown one). */
export async function topupByNo(scope: Scope, outTradeNo: string): Promise<Topup> {
  const [row] = await scope.db.query<Topup>(
    `SELECT ${COLUMNS} FROM topups WHERE account_id = $1 AND out_trade_no = $2`,
    [scope.accountId, outTradeNo],
  );
  if (!row) throw notFound();
  return row;
}

/** What Alipay says of a trade (a notification or a query). */
export interface TradeReport {
  outTradeNo: string;
  tradeNo: string | null;
  /** `TRADE_SUCCESS`, `TRADE_FINISHED`, `WAIT_BUYER_PAY`, `TRADE_CLOSED`, or `NOT_FOUND` (query only). */
  status: string;
  /** Fen, or null when Alipay's amount was not a yuan amount. */
  amount: number | null;
  /** The account the notification's `passback_params` names (notifications only). */
  accountId?: number | null;
}

export type Settlement =
  | { result: 'credited'; accountId: number; amount: number }
  | { result: 'already' | 'waiting' | 'closed' }
  | { result: 'refused'; problem: string };

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Settles our top-up from Alipay's report, in one transaction under the top-up's row lock: a paid
 * trade of the amount asked credits the account once (the balance entry and the status together); a
 * repeat finds it paid and changes nothing. An unknown trade or one of another account is refused
 * (nothing changes); another amount, or a payment of a top-up we hold closed, flags the top-up for an
 * operator and credits nothing. The notification and the reconciliation (jobs/reconcile.ts) both
 * settle through this function: there is no other way to credit a top-up.
 */
export function settleTopup(db: Db, report: TradeReport, nowS: number): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const [topup] = await tx.query<{ id: number; account_id: number; amount: number; status: TopupStatus }>(
      'SELECT id, account_id, amount, status FROM topups WHERE out_trade_no = $1 FOR UPDATE',
      [report.outTradeNo],
    );
    if (!topup) return { result: 'refused', problem: '未知的充值单号' };
    if (report.accountId !== undefined && report.accountId !== topup.account_id) {
      return { result: 'refused', problem: '充值单号不属于该账户' };
    }
    if (topup.status === 'paid') return { result: 'already' };
    if (PAID.has(report.status)) {
      if (report.amount !== topup.amount) {
        await flag(
          tx,
          topup.id,
          `支付宝金额 ${report.amount === null ? '无效' : yuan(report.amount)} 与充值金额 ${yuan(topup.amount)} 不符`,
          nowS,
        );
        return { result: 'refused', problem: '金额不符' };
      }
      if (topup.status === 'flagged') return { result: 'refused', problem: '充值单已标记异常' };
      if (topup.status === 'closed') {
        await flag(tx, topup.id, '支付宝显示已支付，但充值单已关闭', nowS);
        return { result: 'refused', problem: '充值单已关闭' };
      }
      await tx.query(`UPDATE topups SET status = 'paid', trade_no = $2, settled_at = $3 WHERE id = $1`, [
        topup.id,
        report.tradeNo,
        nowS,
      ]);
      await appendEntry(
        tx,
        topup.account_id,
        { kind: 'topup', amount: topup.amount, reason: '支付宝充值', paymentNo: report.outTradeNo },
        nowS,
      );
      return { result: 'credited', accountId: topup.account_id, amount: topup.amount };
    }
    if (report.status === 'TRADE_CLOSED') {
      if (topup.status === 'pending') {
        await tx.query(`UPDATE topups SET status = 'closed', settled_at = $2 WHERE id = $1`, [
          topup.id,
          nowS,
        ]);
      }
      return { result: 'closed' };
    }
    return { result: 'waiting' };
  });
}

async function flag(tx: Queryable, id: number, reason: string, nowS: number) {
  await tx.query(`UPDATE topups SET status = 'flagged', flag_reason = $2, settled_at = $3 WHERE id = $1`, [
    id,
    reason,
    nowS,
  ]);
}

/** The refused notifications kept per top-up we hold (the latest). */
export const NOTICES_PER_TOPUP = 20;
/** The sources (client IPs) counted apart per hour; the rest are counted together as {@link OTHER_SOURCES}. */
export const NOTICE_SOURCES_PER_HOUR = 1000;
export const OTHER_SOURCES = '*';

/**
 * Keeps a notification that credited nothing, for operators (never its signature or body). Anyone can
 * post to the notify address, so nobody may fill the table or crowd out a real refusal
 * (docs/design.md#balance-and-top-up): one naming a top-up we hold is always kept, as its own
 * row (the latest {@link NOTICES_PER_TOPUP} per top-up); any other is counted in one row per
 * `source` (client IP) and hour (`hits`, first and last seen, the latest's fields), at most
 * {@link NOTICE_SOURCES_PER_HOUR} sources an hour and the rest in one row of {@link OTHER_SOURCES}.
 */
export async function recordNotice(
  db: Queryable,
  notice: { outTradeNo: string; problem: string; tradeStatus: string; totalAmount: string; source: string },
  nowS: number,
): Promise<void> {
  const fields = [
    notice.outTradeNo.slice(0, 64),
    notice.problem.slice(0, 200),
    notice.tradeStatus.slice(0, 32),
    notice.totalAmount.slice(0, 32),
    nowS,
  ];
  const [held] = await db.query('SELECT 1 FROM topups WHERE out_trade_no = $1', [fields[0]]);
  if (held) {
    await db.query(
      `INSERT INTO payment_notices (out_trade_no, problem, trade_status, total_amount, created_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      fields,
    );
    await db.query(
      `DELETE FROM payment_notices WHERE source IS NULL AND out_trade_no = $1 AND id < (
         SELECT min(id) FROM (SELECT id FROM payment_notices WHERE source IS NULL AND out_trade_no = $1
                              ORDER BY id DESC LIMIT ${NOTICES_PER_TOPUP}) latest)`,
      [fields[0]],
    );
    return;
  }
  const hour = Math.floor(nowS / 3600);
  const source = notice.source.slice(0, 64) || OTHER_SOURCES;
  await db.query(
    `INSERT INTO payment_notices
       (out_trade_no, problem, trade_status, total_amount, created_at, last_seen_at, source, hour, hits)
     SELECT $1::text, $2::text, $3::text, $4::text, $5::bigint, $5::bigint,
       CASE WHEN EXISTS (SELECT 1 FROM payment_notices WHERE hour = $7::bigint AND source = $6::text)
              OR (SELECT count(*) FROM payment_notices WHERE hour = $7::bigint AND source IS NOT NULL)
                 < ${NOTICE_SOURCES_PER_HOUR}
            THEN $6::text ELSE '${OTHER_SOURCES}' END,
       $7::bigint, 1
     ON CONFLICT (hour, source) WHERE source IS NOT NULL DO UPDATE SET
       hits = payment_notices.hits + 1, last_seen_at = EXCLUDED.last_seen_at,
       out_trade_no = EXCLUDED.out_trade_no, problem = EXCLUDED.problem,
       trade_status = EXCLUDED.trade_status, total_amount = EXCLUDED.total_amount,
       resolved_at = NULL, resolved_by = NULL`,
    [...fields, source, hour],
  );
}

/** Pending top-ups asked for before `beforeS`, by id after `afterId` (the reconciliation's batches). */
export function pendingTopups(
  db: Queryable,
  params: { beforeS: number; afterId: number; limit: number },
): Promise<{ id: number; out_trade_no: string; created_at: number }[]> {
  return db.query(
    `SELECT id, out_trade_no, created_at FROM topups
      WHERE status = 'pending' AND created_at < $1 AND id > $2
      ORDER BY id LIMIT $3`,
    [params.beforeS, params.afterId, params.limit],
  );
}
