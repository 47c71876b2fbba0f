import { INSUFFICIENT_BALANCE_MESSAGE, type Page } from '@consign/api-client';
import { fenAsYuan, PLATFORM_LABELS, shanghaiDateTime } from '@consign/api-client/contract';
import type { LedgerRow } from '../export-file';
import { HttpProblem } from '../http/respond';
import type { Queryable } from './db';
import { dayEndExclusive, dayStart, Filters, NEWEST_FIRST, page } from './list';
import type { Saved } from './log';
import { notify } from './notifications';
import { inTransaction, type Scope } from './scope';

/**
 * 余额: the seller account's balance and its ledger (migration 0032). The database holds the rules:
 * an entry moves the balance in the same statement (a trigger, under the row lock of the account's
 * balance), entries are never updated or deleted, the balance never goes below zero and only entries
 * change it. This file only asks for entries; it never writes `account_balances.balance`.
 */

export type BalanceEntryKind = 'topup' | 'charge' | 'refund' | 'adjust';

export interface BalanceEntry {
  id: number;
  kind: BalanceEntryKind;
  /** Signed, in fen. */
  amount: number;
  balance_after: number;
  reason: string;
  order_id: number | null;
  payment_no: string | null;
  created_at: number;
}

/** What a charge the balance cannot cover answers (409), everywhere. */
export { INSUFFICIENT_BALANCE_MESSAGE };

export function insufficientBalance(): HttpProblem {
  return new HttpProblem(409, INSUFFICIENT_BALANCE_MESSAGE);
}

const ENTRY_COLUMNS = 'id, kind, amount, balance_after, reason, order_id, payment_no, created_at';

export interface EntryInput {
  kind: BalanceEntryKind;
  amount: number;
  reason: string;
  orderId?: number | null;
  paymentNo?: string | null;
  userId?: number | null;
  /** The purchase attempt (its 1688 `outOrderId`) a 代发服务费 charge or refund belongs to. */
  purchaseRef?: string | null;
}

/** The account's balance in fen (0 before its first entry). */
export async function balanceOf(scope: Scope): Promise<number> {
  const [row] = await scope.db.query<{ balance: number }>(
    'SELECT balance FROM account_balances WHERE account_id = $1',
    [scope.accountId],
  );
  return row?.balance ?? 0;
}

/**
 * Appends one entry (the trigger moves the balance and stamps `balance_after`). A balance that would
 * go below zero is refused by the database's CHECK; a second top-up of one payment or a second charge
 * or refund of one order by its unique index. Callers that must not fail mid-transaction take the
 * lock and check first ({@link chargeBalance}).
 */
export async function appendEntry(db: Queryable, accountId: number, entry: EntryInput, nowS: number) {
  const [row] = await db.query<BalanceEntry>(
    `INSERT INTO balance_entries (account_id, kind, amount, balance_after, reason, order_id, payment_no,
       user_id, created_at, purchase_ref)
     VALUES ($1, $2, $3, 0, $4, $5, $6, $7, $8, $9)
     RETURNING ${ENTRY_COLUMNS}`,
    [
      accountId,
      entry.kind,
      entry.amount,
      entry.reason,
      entry.orderId ?? null,
      entry.paymentNo ?? null,
      entry.userId ?? null,
      nowS,
      entry.purchaseRef ?? null,
    ],
  );
  if (!row) throw new Error('balance entry not inserted');
  return row;
}

/**
 * Takes the lock on the account's balance row until the transaction ends (creating the row at 0 the
 * first time) and answers the balance: every change of one account's balance waits here for the one
 * before it, on one instance or several.
 */
async function lockBalance(db: Queryable, accountId: number, nowS: number): Promise<number> {
  await db.query(
    `INSERT INTO account_balances (account_id, balance, updated_at) VALUES ($1, 0, $2)
     ON CONFLICT (account_id) DO NOTHING`,
    [accountId, nowS],
  );
  const [row] = await db.query<{ balance: number }>(
    'SELECT balance FROM account_balances WHERE account_id = $1 FOR UPDATE',
    [accountId],
  );
  return row?.balance ?? 0;
}

/**
 * Charges `amount` fen (> 0) to the account: under the balance's lock, refuses with
 * {@link INSUFFICIENT_BALANCE_MESSAGE} (409) when the balance does not cover it, else appends the
 * charge. In the caller's transaction when there is one, so a purchase and its charge commit together.
 */
export function chargeBalance(
  scope: Scope,
  input: {
    amount: number;
    reason: string;
    orderId?: number | null;
    userId?: number | null;
    purchaseRef?: string | null;
  },
  nowS: number,
): Promise<BalanceEntry> {
  return inTransaction(scope, async (tx) => {
    const balance = await lockBalance(tx.db, tx.accountId, nowS);
    if (balance < input.amount) throw insufficientBalance();
    const entry = await appendEntry(
      tx.db,
      tx.accountId,
      {
        kind: 'charge',
        amount: -input.amount,
        reason: input.reason,
        orderId: input.orderId,
        userId: input.userId,
        purchaseRef: input.purchaseRef ?? null,
      },
      nowS,
    );
    await warnIfCrossed(tx, balance, entry, nowS);
    return entry;
  });
}

// ---- 余额预警, the seller's low-balance threshold (migration 0034) -------------------

/** The account's threshold in fen, or null when the warning is off. */
export async function warningOf(scope: Scope): Promise<number | null> {
  const [row] = await scope.db.query<{ threshold: number }>(
    'SELECT threshold FROM balance_warnings WHERE account_id = $1',
    [scope.accountId],
  );
  return row?.threshold ?? null;
}

/** Sets (or with null turns off) the threshold; answers it before and after for the operation log. */
export async function saveWarning(
  scope: Scope,
  warnBelow: number | null,
  nowS: number,
): Promise<Saved<{ warn_below: number | null }>> {
  const before = await warningOf(scope);
  if (warnBelow === null) {
    await scope.db.query('DELETE FROM balance_warnings WHERE account_id = $1', [scope.accountId]);
  } else {
    await scope.db.query(
      `INSERT INTO balance_warnings (account_id, threshold, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (account_id) DO UPDATE SET threshold = EXCLUDED.threshold, updated_at = EXCLUDED.updated_at`,
      [scope.accountId, warnBelow, nowS],
    );
  }
  return {
    row: { warn_below: warnBelow },
    change: {
      target: { type: 'balance_warning', id: null, name: '余额预警' },
      before: { warn_below: before },
      after: { warn_below: warnBelow },
    },
  };
}

/** An amount in fen as the messages show it: `¥123.45`. */
export const yuan = fenAsYuan;

/**
 * A charge that took the balance from at least the threshold to below it raises one notification (in
 * the charge's transaction, so a purchase rolled back raises none). Its key names the crossing entry:
 * charges while the balance stays below raise nothing more; once it went back up to the threshold, the
 * next fall below is a new crossing and a new notification.
 */
async function warnIfCrossed(scope: Scope, before: number, entry: BalanceEntry, nowS: number) {
  const threshold = await warningOf(scope);
  if (threshold === null || before < threshold || entry.balance_after >= threshold) return;
  await notify(
    scope.db,
    {
      accountId: scope.accountId,
      kind: 'balance',
      key: `balance:low:${entry.id}`,
      title: '余额不足预警',
      body: `账户余额 ${yuan(entry.balance_after)} 已低于预警金额 ${yuan(threshold)}，请及时充值，以免采购时因余额不足失败。`,
      link: BALANCE_TOPUP_LINK,
    },
    nowS,
  );
}

/** 余额明细 with the 充值 dialog open (the notification's link). */
export const BALANCE_TOPUP_LINK = '/finance/balance?topup=1';

// ---- operators adjust a balance (卖家管理 调整余额) ------------------------------

/** What a deduction past the balance answers (409). */
export function belowZero(balance: number): HttpProblem {
  return new HttpProblem(409, `扣减后余额不能为负数（当前余额 ${yuan(balance)}）`);
}

/**
 * What an operator adjusting the seller account they belong to answers (403): another operator must
 * (docs/design.md#balance-and-top-up).
 */
export function ownAccountAdjust(): HttpProblem {
  return new HttpProblem(403, '不能调整本人所在卖家账号的余额，请由其他管理员操作');
}

/** PostgreSQL's check_violation on `account_balances.balance >= 0`. */
function isNegativeBalance(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23514' && e.constraint === 'account_balances_balance_check';
}

/**
 * An operator's adjustment: one `adjust` entry of `amount` fen (either sign) with the reason, under the
 * balance's lock, so adjustments made at the same time by two operators both land, one after the
 * other. A deduction past the balance is refused by the database's CHECK, answered as
 * {@link belowZero} (409). Answers the balance before and after.
 */
export async function adjustBalance(
  db: Queryable,
  accountId: number,
  input: { amount: number; reason: string; userId: number | null },
  nowS: number,
): Promise<{ before: number; after: number; entry: BalanceEntry }> {
  const before = await lockBalance(db, accountId, nowS);
  try {
    const entry = await appendEntry(
      db,
      accountId,
      { kind: 'adjust', amount: input.amount, reason: input.reason, userId: input.userId },
      nowS,
    );
    return { before, after: entry.balance_after, entry };
  } catch (error) {
    if (isNegativeBalance(error)) throw belowZero(before);
    throw error;
  }
}

/** 余额明细's filters: the account's entries, by kind and by day (Asia/Shanghai). */
export interface EntryFilters {
  kind?: BalanceEntryKind | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

function entryFilters(scope: Scope, params: EntryFilters): Filters {
  const f = new Filters();
  f.and(`e.account_id = ${f.p(scope.accountId)}`);
  if (params.kind) f.and(`e.kind = ${f.p(params.kind)}`);
  const from = dayStart(params.start_date);
  if (from !== null) f.and(`e.created_at >= ${f.p(from)}`);
  const to = dayEndExclusive(params.end_date);
  if (to !== null) f.and(`e.created_at < ${f.p(to)}`);
  return f;
}

const ENTRY_SELECT = ENTRY_COLUMNS.split(', ')
  .map((column) => `e.${column}`)
  .join(', ');

/** 余额明细: a page of the account's entries, newest first, by kind and by day (Asia/Shanghai). */
export function listEntries(
  scope: Scope,
  params: EntryFilters & { pageIndex: number; pageSize: number },
): Promise<Page<BalanceEntry>> {
  return page<BalanceEntry>(
    scope.db,
    {
      table: 'balance_entries',
      alias: 'e',
      filters: entryFilters(scope, params),
      order: NEWEST_FIRST,
      select: ENTRY_SELECT,
    },
    params,
  );
}

// ---- 余额明细 导出, read in batches by the export runner (jobs/export.ts) ----------

/** How many entries match (an export's `rows_total`). */
export async function countEntries(scope: Scope, params: EntryFilters): Promise<number> {
  const f = entryFilters(scope, params);
  const [row] = await scope.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM balance_entries e ${f.sql}`,
    f.params,
  );
  return row?.total ?? 0;
}

/**
 * The entries of `params`, newest first (the page's order), with their order's number (an order
 * deleted since leaves it null), in batches of at most `batchSize`: keyset pagination on
 * `(created_at, id)` over the account's index.
 */
export async function* entryBatches(
  scope: Scope,
  params: EntryFilters,
  batchSize: number,
): AsyncGenerator<LedgerRow[]> {
  let after: { created_at: number; id: number } | null = null;
  for (;;) {
    const f = entryFilters(scope, params);
    if (after) f.and(`(e.created_at, e.id) < (${f.p(after.created_at)}, ${f.p(after.id)})`);
    const rows: LedgerRow[] = await scope.db.query<LedgerRow>(
      `SELECT ${ENTRY_SELECT}, o.order_no FROM balance_entries e
       LEFT JOIN orders o ON o.id = e.order_id AND o.account_id = e.account_id
       ${f.sql} ORDER BY e.created_at DESC, e.id DESC LIMIT ${f.p(batchSize)}`,
      f.params,
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { created_at: last.created_at, id: last.id };
  }
}

// ---- 代发服务费: the fee of a purchased order, charged in the purchase's transaction -------------

/** The fee (fen) of an order of `platform`: its own row, else the default (platform ''), else 0. */
export async function purchaseFee(db: Queryable, accountId: number, orderId: number): Promise<number> {
  const [row] = await db.query<{ fee: number }>(
    `SELECT COALESCE(
       (SELECT f.fee FROM purchase_fees f WHERE f.platform = s.platform),
       (SELECT f.fee FROM purchase_fees f WHERE f.platform = ''), 0) AS fee
     FROM orders o JOIN shops s ON s.id = o.shop_id
     WHERE o.id = $1 AND o.account_id = $2`,
    [orderId, accountId],
  );
  return row?.fee ?? 0;
}

/**
 * 采购 charges the order's 代发服务费 to the balance, in the purchase's transaction: 409
 * `余额不足，请先充值` (and the purchase is rolled back with it) when the balance does not cover it.
 */
export async function chargePurchaseFee(
  scope: Scope,
  order: { id: number; orderNo: string },
  userId: number | null,
  nowS: number,
): Promise<BalanceEntry | null> {
  const fee = await purchaseFee(scope.db, scope.accountId, order.id);
  if (fee <= 0) return null;
  return chargeBalance(
    scope,
    { amount: fee, reason: `代发服务费（订单 ${order.orderNo}）`, orderId: order.id, userId },
    nowS,
  );
}

/**
 * Gives back the order's 代发服务费 charges not yet refunded (each once: a refund names its charge's
 * purchase attempt, and the ledger's unique index refuses a second), with `reason`. 取消 before
 * shipping gives back every one; a 一键采购 attempt that did not buy, or whose 1688 order the supplier
 * cancelled, gives back its own (`purchaseRef`).
 */
export async function refundPurchaseFee(
  scope: Scope,
  order: { id: number; orderNo: string },
  userId: number | null,
  nowS: number,
  options: { purchaseRef?: string; reason?: string } = {},
): Promise<BalanceEntry | null> {
  const charges = await scope.db.query<{ amount: number; purchase_ref: string | null }>(
    `SELECT c.amount, c.purchase_ref FROM balance_entries c
     WHERE c.account_id = $1 AND c.order_id = $2 AND c.kind = 'charge'
       AND ($3::text IS NULL OR c.purchase_ref = $3)
       AND NOT EXISTS (SELECT 1 FROM balance_entries r
                       WHERE r.account_id = $1 AND r.order_id = $2 AND r.kind = 'refund'
                         AND COALESCE(r.purchase_ref, '') = COALESCE(c.purchase_ref, ''))
     ORDER BY c.id`,
    [scope.accountId, order.id, options.purchaseRef ?? null],
  );
  let last: BalanceEntry | null = null;
  for (const charge of charges) {
    last = await appendEntry(
      scope.db,
      scope.accountId,
      {
        kind: 'refund',
        amount: -charge.amount,
        reason: `${options.reason ?? '取消订单退还代发服务费'}（订单 ${order.orderNo}）`,
        orderId: order.id,
        userId,
        purchaseRef: charge.purchase_ref,
      },
      nowS,
    );
  }
  return last;
}

/**
 * 一键采购 holds the order's 代发服务费 before 1688 is called: a charge of the attempt `purchaseRef`
 * (under the balance's lock, 409 余额不足，请先充值 when it does not cover it), in the caller's
 * transaction with the attempt's record. The purchase placed keeps it (the fee taken); an attempt
 * that did not buy, or whose order the supplier cancelled, releases it ({@link refundPurchaseFee} with
 * the same ref). Null when the fee is 0 or this attempt already holds it.
 */
export async function holdPurchaseFee(
  scope: Scope,
  order: { id: number; orderNo: string },
  purchaseRef: string,
  nowS: number,
): Promise<BalanceEntry | null> {
  const fee = await purchaseFee(scope.db, scope.accountId, order.id);
  if (fee <= 0) return null;
  const [held] = await scope.db.query(
    `SELECT 1 FROM balance_entries WHERE account_id = $1 AND order_id = $2 AND kind = 'charge'
       AND purchase_ref = $3`,
    [scope.accountId, order.id, purchaseRef],
  );
  if (held) return null;
  return chargeBalance(
    scope,
    {
      amount: fee,
      reason: `代发服务费（订单 ${order.orderNo}）`,
      orderId: order.id,
      userId: null,
      purchaseRef,
    },
    nowS,
  );
}

export interface PurchaseFees {
  /** The fee of every platform without its own (fen). */
  default_fee: number;
  platforms: { platform: string; fee: number }[];
}

/** The fees as operators set them (全局设置) and sellers read them (代发设置). */
export async function purchaseFees(db: Queryable): Promise<PurchaseFees> {
  const rows = await db.query<{ platform: string; fee: number }>(
    'SELECT platform, fee FROM purchase_fees ORDER BY platform',
  );
  return {
    default_fee: rows.find((r) => r.platform === '')?.fee ?? 0,
    platforms: rows.filter((r) => r.platform !== ''),
  };
}

/** Replaces the fees (operators); answers them before and after for the operation log. */
export async function savePurchaseFees(
  db: Queryable,
  fees: PurchaseFees,
  nowS: number,
): Promise<Saved<PurchaseFees>> {
  const before = await purchaseFees(db);
  await db.query('DELETE FROM purchase_fees');
  await db.query(
    `INSERT INTO purchase_fees (platform, fee, updated_at)
     SELECT p, f, $3 FROM unnest($1::text[], $2::bigint[]) AS t(p, f)`,
    [
      ['', ...fees.platforms.map((p) => p.platform)],
      [fees.default_fee, ...fees.platforms.map((p) => p.fee)],
      nowS,
    ],
  );
  const after = await purchaseFees(db);
  await notifyFeeChange(db, before, after, nowS);
  const flat = (f: PurchaseFees) => ({
    default_fee: f.default_fee,
    platform_fees: f.platforms.map((p) => `${p.platform}:${p.fee}`).join(', '),
  });
  return {
    row: after,
    change: {
      target: { type: 'purchase_fees', id: null, name: '代发服务费' },
      before: flat(before),
      after: flat(after),
    },
  };
}

/** The fee an order of `platform` pays under `fees`: its own, else the default. */
function feeOf(fees: PurchaseFees, platform: string): number {
  return fees.platforms.find((p) => p.platform === platform)?.fee ?? fees.default_fee;
}

/**
 * A fee change told to the sellers it touches (docs/design.md#purchase-fee-changes): every active
 * seller account with a shop on a platform whose fee changed gets one notification (the bell, kind
 * `fee`, linking to 代发设置) naming, for each of its platforms that changed, the old and the new fee
 * and from when the new one applies (now: the orders purchased from then on). Accounts whose
 * platforms kept their fee are not told.
 */
async function notifyFeeChange(db: Queryable, before: PurchaseFees, after: PurchaseFees, nowS: number) {
  const shops = await db.query<{ account_id: number; platform: string }>(
    `SELECT DISTINCT s.account_id, s.platform FROM shops s
     JOIN seller_accounts a ON a.id = s.account_id AND a.status = 'active'
     ORDER BY s.account_id, s.platform`,
  );
  const changes = new Map<number, string[]>();
  for (const { account_id, platform } of shops) {
    const old = feeOf(before, platform);
    const next = feeOf(after, platform);
    if (old === next) continue;
    const label = PLATFORM_LABELS[platform as keyof typeof PLATFORM_LABELS] ?? platform;
    const lines = changes.get(account_id) ?? [];
    lines.push(`${label}订单由 ${fenAsYuan(old)} 调整为 ${fenAsYuan(next)}`);
    changes.set(account_id, lines);
  }
  for (const [accountId, lines] of changes) {
    await notify(
      db,
      {
        accountId,
        kind: 'fee',
        key: `purchase-fee:${nowS}`,
        title: '代发服务费调整',
        body: `代发服务费自 ${shanghaiDateTime(nowS)} 起调整（此后采购的订单按新费用扣除）：${lines.join('；')}`,
        link: '/system/setting',
      },
      nowS,
    );
  }
}
