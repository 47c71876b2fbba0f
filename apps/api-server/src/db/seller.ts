import { maskMobile, type Page, type SellerAccount, type UserStatus } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { ApiRefusal } from '../http/respond';
import type { Queryable } from './db';
import { Filters, likePattern, NEWEST_FIRST, page } from './list';
import { notFound } from './scope';

/**
 * 卖家管理 (docs/design.md#seller-accounts-permissions-and-the-operation-log): every seller account of the platform, for operators. Platform-wide
 * like the company config, so it takes the database handle, not a `Scope`; the contract makes its
 * routes `operator` only.
 */

export const SELLER_MESSAGES = {
  ownAccount: '不能停用自己所在的账号',
} as const;

const SELLER_SELECT = `a.id, a.name, COALESCE(o.mobile, '') AS owner_mobile, a.status,
  (SELECT count(*)::int FROM users WHERE users.account_id = a.id) AS member_count,
  (SELECT count(*)::int FROM orders WHERE orders.account_id = a.id) AS order_count,
  COALESCE((SELECT b.balance FROM account_balances b WHERE b.account_id = a.id), 0)::bigint AS balance,
  a.created_at`;
const OWNER_JOIN = 'LEFT JOIN users o ON o.id = a.owner_user_id';

type SellerRow = Omit<SellerAccount, 'is_current'>;

/**
 * A row as the operator sees it: the owner's mobile masked (`138****0000`, in the name too while the
 * account is still named by it), and whether it is the
 * account the operator works in (`callerAccountId`), which they cannot disable.
 */
const present = (row: SellerRow, callerAccountId: number): SellerAccount => ({
  ...row,
  // A signed-up account is named by its owner's mobile until the owner renames it (用户中心).
  name: row.name === row.owner_mobile ? maskMobile(row.name) : row.name,
  owner_mobile: maskMobile(row.owner_mobile),
  is_current: row.id === callerAccountId,
});

export async function sellerById(db: Queryable, id: number, callerAccountId: number): Promise<SellerAccount> {
  const [row] = await db.query<SellerRow>(
    `SELECT ${SELLER_SELECT} FROM seller_accounts a ${OWNER_JOIN} WHERE a.id = $1`,
    [id],
  );
  if (!row) throw notFound();
  return present(row, callerAccountId);
}

/** A page of accounts, newest first; the keyword finds the account name or the owner's mobile. */
export async function listSellers(
  db: Queryable,
  params: BodyOf<'/api/seller/index'>,
  callerAccountId: number,
): Promise<Page<SellerAccount>> {
  const f = new Filters();
  const keyword = likePattern(params.keyword);
  if (keyword) {
    const k = f.p(keyword);
    f.and(`(a.name ILIKE ${k} OR o.mobile ILIKE ${k})`);
  }
  if (params.status) f.and(`a.status = ${f.p(params.status)}`);
  const result = await page<SellerRow>(
    db,
    {
      table: 'seller_accounts',
      alias: 'a',
      filterJoins: keyword ? OWNER_JOIN : '',
      filters: f,
      order: NEWEST_FIRST,
      select: SELLER_SELECT,
      joins: OWNER_JOIN,
    },
    params,
  );
  return { ...result, list: result.list.map((row) => present(row, callerAccountId)) };
}

/**
 * Disables or enables an account. Disabling signs every user of it out at once (their tokens are
 * revoked, and the token lookup requires an active account anyway); they are told `账号已停用` at
 * sign-in. An operator cannot disable the account they act in.
 */
export async function setSellerStatus(
  db: Queryable,
  { id, status }: { id: number; status: UserStatus },
  callerAccountId: number,
  now: number,
): Promise<void> {
  if (id === callerAccountId && status === 'disabled') throw new ApiRefusal(SELLER_MESSAGES.ownAccount);
  const rows = await db.query('UPDATE seller_accounts SET status = $1 WHERE id = $2 RETURNING id', [
    status,
    id,
  ]);
  if (rows.length === 0) throw notFound();
  if (status === 'disabled') {
    await db.query(
      `UPDATE access_tokens SET revoked_at = $1 WHERE revoked_at IS NULL
         AND user_id IN (SELECT id FROM users WHERE account_id = $2)`,
      [now, id],
    );
  }
}
