import { type BlacklistEntry, type Buyer, maskMobile, type Page } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import { BY_ID, countRows, Filters, groupTotal, likePattern, page, wholeMobile } from './list';
import type { Change } from './log';
import { inShops, notFound, type Scope, staleRecord } from './scope';

/**
 * 买家管理 and 黑名单. A buyer is the account's orders grouped by buyer name and receiver
 * mobile; the table `buyers` holds that grouping, kept by a trigger on `orders` (migration 0013) and
 * written by nothing else. The blacklist is stored by receiver mobile (migration 0011): an order is
 * its buyer's when their mobiles match, so a blacklisted buyer's new orders are flagged too.
 */

/** The buyer list's ORDER BY for each sort (all descending; each has its index in migration 0013). */
const BUYER_ORDER = {
  orders: 'b.order_count DESC, b.last_order_at DESC',
  spend: 'b.spend DESC, b.last_order_at DESC',
  last_order: 'b.last_order_at DESC, b.last_order_id DESC',
} as const;

interface BuyerRow extends Omit<Buyer, 'mobile'> {
  receiver_mobile: string;
}

/**
 * A page of the account's buyers with their order count, spend and latest order. The rows come from
 * `buyers`, which a trigger keeps equal to the orders grouped by buyer name and receiver mobile
 * (migration 0013), so a page is an index read however many orders the account has.
 */
export async function listBuyers(scope: Scope, params: BodyOf<'/api/buyer/index'>): Promise<Page<Buyer>> {
  const f = new Filters();
  // A member limited to some shops: the same grouping, of their shops' orders only.
  const buyers = scope.shopIds
    ? `(SELECT account_id, buyer_name, receiver_mobile, count(*)::int AS order_count, sum(amount) AS spend,
          max(created_at) AS last_order_at, (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_order_id,
          lower(buyer_name) AS search
        FROM orders WHERE account_id = ${f.p(scope.accountId)} AND shop_id = ANY(${f.p(scope.shopIds)}::int[])
        GROUP BY account_id, buyer_name, receiver_mobile) b`
    : 'buyers b';
  f.and(`b.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  const mobile = wholeMobile(params.keyword);
  if (mobile) f.and(`(b.search LIKE lower(${f.p(keyword)}) OR b.receiver_mobile = ${f.p(mobile)})`);
  else if (keyword) f.and(`b.search LIKE lower(${f.p(keyword)})`);
  const where = f.sql;
  const filterParams = [...f.params];
  const limit = f.p(params.pageSize);
  const offset = f.p((params.pageIndex - 1) * params.pageSize);
  const [rows, total] = await Promise.all([
    scope.db.query<BuyerRow>(
      `SELECT b.last_order_id AS id, b.buyer_name, b.receiver_mobile, b.order_count, b.spend::float8 AS spend,
         b.last_order_at::float8 AS last_order_at,
         EXISTS (SELECT 1 FROM blacklist l WHERE l.account_id = b.account_id
           AND l.mobile = b.receiver_mobile) AS blacklisted
       FROM ${buyers} ${where}
       ORDER BY ${BUYER_ORDER[params.sort ?? 'last_order']}, b.buyer_name, b.receiver_mobile
       LIMIT ${limit} OFFSET ${offset}`,
      f.params,
    ),
    keyword || scope.shopIds
      ? countRows(scope.db, `FROM ${buyers} ${where}`, filterParams)
      : groupTotal(scope.db, scope.accountId, 'buyers'),
  ]);
  return {
    total,
    list: rows.map(({ receiver_mobile, ...row }) => ({
      ...row,
      spend: Number(row.spend),
      last_order_at: Number(row.last_order_at),
      mobile: maskMobile(receiver_mobile),
    })),
  };
}

const ENTRY_SELECT = 'l.id, l.buyer_name, l.mobile, l.reason, l.created_at::float8 AS created_at, l.version';

function toEntry(row: BlacklistEntry): BlacklistEntry {
  return { ...row, created_at: Number(row.created_at), mobile: maskMobile(row.mobile) };
}

/** One blacklist entry of the account (mobile masked), or a 404. */
export async function blacklistEntryById(scope: Scope, id: number): Promise<BlacklistEntry> {
  const [row] = await scope.db.query<BlacklistEntry>(
    `SELECT ${ENTRY_SELECT} FROM blacklist l WHERE l.id = $1 AND l.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return toEntry(row);
}

/** A page of the account's blacklist, by id; `keyword` matches the name, or the whole mobile. */
export async function listBlacklist(
  scope: Scope,
  params: BodyOf<'/api/buyer/blacklist-index'>,
): Promise<Page<BlacklistEntry>> {
  const f = new Filters();
  f.and(`l.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) {
    const k = f.p(keyword);
    const mobile = wholeMobile(params.keyword);
    f.and(mobile ? `(l.buyer_name ILIKE ${k} OR l.mobile = ${f.p(mobile)})` : `l.buyer_name ILIKE ${k}`);
  }
  const { list, total } = await page<BlacklistEntry>(
    scope.db,
    { table: 'blacklist', alias: 'l', filters: f, order: BY_ID, select: ENTRY_SELECT },
    params,
  );
  return { total, list: list.map(toEntry) };
}

/**
 * Blacklists a buyer (the buyer of `order_id`, or a typed `mobile`) with a reason, or changes the
 * reason of entry `id` at `version` (else 409). A mobile already listed is a 409 with a clear message.
 */
export async function saveBlacklist(
  scope: Scope,
  input: BodyOf<'/api/buyer/blacklist-save'>,
  now: number,
): Promise<{ id: number; change: Change }> {
  if (input.id) {
    const before = await blacklistEntryById(scope, input.id);
    const [row] = await scope.db.query<{ id: number }>(
      `UPDATE blacklist SET reason = $1, version = version + 1
       WHERE id = $2 AND account_id = $3 AND version = $4 RETURNING id`,
      [input.reason, input.id, scope.accountId, input.version],
    );
    if (!row) throw staleRecord();
    return {
      id: row.id,
      change: {
        target: { type: 'blacklist', id: row.id, name: before.buyer_name || before.mobile },
        before: { reason: before.reason },
        after: { reason: input.reason },
      },
    };
  }
  let mobile = input.mobile ?? '';
  let name = input.buyer_name ?? '';
  if (input.order_id) {
    const params: unknown[] = [input.order_id, scope.accountId];
    const [order] = await scope.db.query<{ buyer_name: string; receiver_mobile: string }>(
      `SELECT buyer_name, receiver_mobile FROM orders WHERE id = $1 AND account_id = $2${inShops(scope, 'shop_id', params)}`,
      params,
    );
    if (!order) throw notFound();
    mobile = order.receiver_mobile;
    name = order.buyer_name;
  }
  const [row] = await scope.db.query<{ id: number }>(
    `INSERT INTO blacklist (account_id, mobile, buyer_name, reason, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id, mobile) DO NOTHING RETURNING id`,
    [scope.accountId, mobile, name, input.reason, now],
  );
  if (!row) throw new HttpProblem(409, '该买家已在黑名单中');
  return {
    id: row.id,
    change: {
      target: { type: 'blacklist', id: row.id, name: name || maskMobile(mobile) },
      before: null,
      after: { buyer_name: name, mobile: maskMobile(mobile), reason: input.reason },
    },
  };
}

/** 解除拉黑: deletes entry `id` at `version` (404 when it is not the account's, 409 when stale). */
export async function liftBlacklist(
  scope: Scope,
  { id, version }: BodyOf<'/api/buyer/blacklist-del'>,
): Promise<Change> {
  const before = await blacklistEntryById(scope, id);
  const [row] = await scope.db.query<{ id: number }>(
    'DELETE FROM blacklist WHERE id = $1 AND account_id = $2 AND version = $3 RETURNING id',
    [id, scope.accountId, version],
  );
  if (!row) throw staleRecord();
  return {
    target: { type: 'blacklist', id, name: before.buyer_name || before.mobile },
    before: { buyer_name: before.buyer_name, mobile: before.mobile, reason: before.reason },
    after: null,
  };
}

/** Whether order `id` of the account is a blacklisted buyer's (the 采购 confirmation). */
export async function orderIsBlacklisted(scope: Scope, id: number): Promise<boolean> {
  const params: unknown[] = [id, scope.accountId];
  const [row] = await scope.db.query<{ id: number }>(
    `SELECT o.id FROM orders o JOIN blacklist l ON l.account_id = o.account_id AND l.mobile = o.receiver_mobile
     WHERE o.id = $1 AND o.account_id = $2${inShops(scope, 'o.shop_id', params)}`,
    params,
  );
  return row !== undefined;
}
