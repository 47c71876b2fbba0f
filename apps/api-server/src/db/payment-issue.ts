import type { FlaggedTopup, Page, PaymentIssueKind, PaymentNotice } from '@consign/api-client';
import type { Queryable } from './db';
import { Filters, NEWEST_FIRST, page } from './list';
import type { Saved } from './log';
import { notFound } from './scope';

/**
 * 充值异常 (operators, every account): top-ups flagged because Alipay's records disagree with ours
 * (db/topup.ts `settleTopup`, from a notification or the reconciliation) and notifications that
 * credited nothing (`payment_notices`), each open until an operator marks it handled. Marking is all
 * this file writes: it moves no balance (an operator's adjustment does that, with its own reason).
 */

const WHO = "COALESCE(NULLIF(r.nickname, ''), r.mobile)";

export function listFlaggedTopups(
  db: Queryable,
  params: { pageIndex: number; pageSize: number; state?: 'open' | 'resolved' },
): Promise<Page<FlaggedTopup>> {
  const f = new Filters();
  f.and(`t.status = 'flagged'`);
  if (params.state === 'open') f.and('t.resolved_at IS NULL');
  if (params.state === 'resolved') f.and('t.resolved_at IS NOT NULL');
  return page<FlaggedTopup>(
    db,
    {
      table: 'topups',
      alias: 't',
      filters: f,
      order: NEWEST_FIRST,
      select: `t.id, t.out_trade_no, t.account_id, a.name AS account_name, t.amount::int AS amount,
        COALESCE(t.flag_reason, '') AS reason, t.created_at, t.settled_at AS flagged_at, t.resolved_at,
        ${WHO} AS resolved_by`,
      joins: `JOIN seller_accounts a ON a.id = t.account_id LEFT JOIN users r ON r.id = t.resolved_by`,
    },
    params,
  );
}

export function listPaymentNotices(
  db: Queryable,
  params: { pageIndex: number; pageSize: number; state?: 'open' | 'resolved' },
): Promise<Page<PaymentNotice>> {
  const f = new Filters();
  if (params.state === 'open') f.and('n.resolved_at IS NULL');
  if (params.state === 'resolved') f.and('n.resolved_at IS NOT NULL');
  return page<PaymentNotice>(
    db,
    {
      table: 'payment_notices',
      alias: 'n',
      filters: f,
      // The latest first: a source's row of the hour moves up with each notification it counts.
      order: [
        ['last_seen_at', 'DESC'],
        ['id', 'DESC'],
      ],
      select: `n.id, n.out_trade_no, t.account_id, a.name AS account_name, n.problem, n.trade_status,
        n.total_amount, n.created_at, n.last_seen_at, n.source, n.hits, n.resolved_at, ${WHO} AS resolved_by`,
      joins: `LEFT JOIN topups t ON t.out_trade_no = n.out_trade_no
        LEFT JOIN seller_accounts a ON a.id = t.account_id LEFT JOIN users r ON r.id = n.resolved_by`,
    },
    params,
  );
}

export interface Resolved {
  kind: PaymentIssueKind;
  id: number;
  resolved_at: number | null;
  resolved_by: string | null;
}

/**
 * 标记已处理: marks a flagged top-up or a refused notice handled by `userId` (404 for anything else,
 * such as a top-up that is not flagged). Marking one already handled keeps its first marking.
 */
export async function resolveIssue(
  db: Queryable,
  input: { kind: PaymentIssueKind; id: number },
  userId: number,
  nowS: number,
): Promise<Saved<Resolved>> {
  const table = input.kind === 'topup' ? 'topups' : 'payment_notices';
  const only = input.kind === 'topup' ? `AND status = 'flagged'` : '';
  const [before] = await db.query<{ resolved_at: number | null; name: string }>(
    `SELECT resolved_at, out_trade_no AS name FROM ${table} WHERE id = $1 ${only} FOR UPDATE`,
    [input.id],
  );
  if (!before) throw notFound();
  if (before.resolved_at === null) {
    await db.query(`UPDATE ${table} SET resolved_at = $2, resolved_by = $3 WHERE id = $1`, [
      input.id,
      nowS,
      userId,
    ]);
  }
  const [row] = await db.query<{ resolved_at: number | null; resolved_by: string | null }>(
    `SELECT x.resolved_at, ${WHO} AS resolved_by FROM ${table} x LEFT JOIN users r ON r.id = x.resolved_by
      WHERE x.id = $1`,
    [input.id],
  );
  const state = (at: number | null | undefined) => (at === null || at === undefined ? 'open' : 'resolved');
  return {
    row: {
      kind: input.kind,
      id: input.id,
      resolved_at: row?.resolved_at ?? null,
      resolved_by: row?.resolved_by ?? null,
    },
    change: {
      target: { type: input.kind === 'topup' ? 'topup' : 'payment_notice', id: input.id, name: before.name },
      before: { issue_state: state(before.resolved_at) },
      after: { issue_state: state(row?.resolved_at) },
    },
  };
}
