import { randomBytes } from 'node:crypto';
import {
  type AccountRole,
  EXPORT_KEEP_DAYS,
  type ExportFormat,
  type ExportJob,
  FINANCE_EXPORT_REFUSED,
  type Order,
  type OrderExportFilters,
  type Page,
  shanghaiDateTime,
} from '@consign/api-client';
import {
  isOrderExportColumn,
  ORDER_EXPORT_COLUMN_KEYS,
  type OrderExportColumn,
} from '@consign/api-client/contract';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import { admitJobs, EXPORT_QUEUE } from '../jobs/queue';
import type { Queryable } from './db';
import { Filters, likePattern, NEWEST_FIRST, page } from './list';
import { ORDER_COLUMNS, type OrderRow, toOrder } from './order';
import { orderFilters } from './order-filters';
import { notFound, type Scope } from './scope';
import { permissionsOf } from './team';

/**
 * Export jobs (下载中心) of the caller's account, and the order batches an export reads. The export
 * kind (jobs/export.ts) runs the jobs; the file format is export-file.ts.
 */

const JOB_COLUMNS = `e.id, e.name, e.format, e.filters, e.status, e.rows_done, e.rows_total, e.size, e.error,
  e.created_at, e.expires_at, e.columns`;

/** What an export is of (余额明细 besides 代发订单). */
export type ExportSource = 'orders' | 'balance';
const EXPORT_TITLES: Record<ExportSource, string> = { orders: '代发订单', balance: '余额明细' };

/** `代发订单-20261122-193000`: the job's name, and its file's name without the extension. */
export function exportName(createdAt: number, source: ExportSource = 'orders'): string {
  const [day = '', time = ''] = shanghaiDateTime(createdAt).split(' ');
  return `${EXPORT_TITLES[source]}-${day.replaceAll('-', '')}-${time.replaceAll(':', '')}`;
}

/** Per seller account: exports queued or running at once, and the bytes of finished files kept. */
export const EXPORT_LIMITS = {
  unfinished: 5,
  /** Past it, finishing an export deletes the account's oldest finished ones (never the newest). */
  keepBytes: 512 * 1024 * 1024,
} as const;

export function tooManyExports(unfinished: number): string {
  return `导出任务过多：已有 ${unfinished} 个导出在排队或进行中（每个账号最多 ${EXPORT_LIMITS.unfinished} 个），请等待完成后再导出`;
}

/**
 * Queues an export of the orders (or, `source` balance, the ledger's entries) matching `filters`
 * (only the filters present are kept); 429 {@link tooManyExports} when the account already has
 * {@link EXPORT_LIMITS}.unfinished. `finance`: the caller holds finance:view, so an order export has
 * its money columns (a ledger export is money whatever it says); the job keeps it, and only holders of
 * finance:view download a file with money (docs/design.md#money-is-a-permission).
 */
export async function createExportJob(
  scope: Scope,
  userId: number | null,
  { format, ...filters }: Omit<BodyOf<'/api/export/create'>, 'columns'> | BodyOf<'/api/balance/export'>,
  now: number,
  source: ExportSource = 'orders',
  finance = true,
  columns: readonly OrderExportColumn[] | null = null,
): Promise<ExportJob> {
  const present = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  const [job] = await admitJobs(
    scope,
    EXPORT_QUEUE,
    { adding: 1, limit: EXPORT_LIMITS.unfinished, refusal: tooManyExports },
    (tx) =>
      tx.db.query<ExportJob>(
        `INSERT INTO export_jobs AS e (account_id, user_id, name, format, filters, status, download_key, created_at,
       updated_at, expires_at, source, finance, shop_ids, columns)
     VALUES ($1, $2, $3, $4, $5::jsonb, 'queued', $6, $7, $7, $8, $9, $10, $11::int[], $12::text[])
     RETURNING ${JOB_COLUMNS}`,
        [
          scope.accountId,
          userId,
          exportName(now, source),
          format,
          JSON.stringify(present),
          randomBytes(32).toString('base64url'),
          now,
          now + EXPORT_KEEP_DAYS * 86_400,
          source,
          source === 'balance' || finance,
          scope.shopIds,
          columns,
        ],
      ),
  );
  if (!job) throw new Error('export job insert returned no row');
  return job;
}

/**
 * The columns an export asked for, checked against `ORDER_EXPORT_COLUMNS`: null for none asked or all
 * of them (the file then has every column, as before columns could be chosen); 400 in Chinese for an
 * unknown key or an empty choice. Kept in the file's order, each once.
 */
export function chosenExportColumns(requested: readonly string[] | undefined): OrderExportColumn[] | null {
  if (requested === undefined) return null;
  const unknown = requested.filter((key) => !isOrderExportColumn(key));
  if (unknown.length > 0) {
    throw new HttpProblem(400, `导出列不存在：${unknown.join('、')}，请重新选择导出列`);
  }
  if (requested.length === 0) throw new HttpProblem(400, '请至少选择一列导出');
  const chosen = ORDER_EXPORT_COLUMN_KEYS.filter((key) => requested.includes(key));
  return chosen.length === ORDER_EXPORT_COLUMN_KEYS.length ? null : chosen;
}

/**
 * What a member limited to some shops may see of the account's exports (db/scope.ts): the ledger's
 * (余额明细, every member's), and the order exports made within their shops; '' for every shop.
 */
function exportsInShops(scope: Scope, param: (value: unknown) => string): string {
  if (!scope.shopIds) return '';
  return ` AND (e.source = 'balance' OR (e.shop_ids IS NOT NULL AND e.shop_ids <@ ${param(scope.shopIds)}::int[]))`;
}

/** A page of the account's export jobs, newest first. */
export function listExportJobs(scope: Scope, params: BodyOf<'/api/export/index'>): Promise<Page<ExportJob>> {
  const f = new Filters();
  f.and(`e.account_id = ${f.p(scope.accountId)}${exportsInShops(scope, (v) => f.p(v))}`);
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`e.name ILIKE ${f.p(keyword)}`);
  if (params.status) f.and(`e.status = ${f.p(params.status)}`);
  return page<ExportJob>(
    scope.db,
    { table: 'export_jobs', alias: 'e', filters: f, order: NEWEST_FIRST, select: JOB_COLUMNS },
    params,
  );
}

/**
 * The key that signs a finished job's download links; 404 unless the job is the account's and done,
 * 403 {@link FINANCE_EXPORT_REFUSED} for a file with money when the caller lacks finance:view.
 */
export async function downloadableJob(
  scope: Scope,
  id: number,
  mayFinance: boolean,
): Promise<{ id: number; download_key: string }> {
  const params: unknown[] = [id, scope.accountId];
  const inShops = exportsInShops(scope, (v) => `$${params.push(v)}`);
  const [job] = await scope.db.query<{ id: number; download_key: string; finance: boolean }>(
    `SELECT id, download_key, finance FROM export_jobs e
     WHERE e.id = $1 AND e.account_id = $2 AND e.status = 'succeeded'${inShops}`,
    params,
  );
  if (!job) throw notFound();
  if (job.finance && !mayFinance) throw new HttpProblem(403, FINANCE_EXPORT_REFUSED);
  return { id: job.id, download_key: job.download_key };
}

/** A finished, unexpired job as its download link needs it, with who the link was made for. */
export interface LinkedJob {
  id: number;
  download_key: string;
  name: string;
  format: ExportFormat;
  file_name: string;
  /**
   * Whether the link's user may still download it: active, in the job's active account, with
   * order:view, and with finance:view when the file has money.
   */
  allowed: boolean;
}

/**
 * The job of a download link, checked again at download time (not only when the link was made): the
 * job finished and not swept, and the user the link was made for still active, still in the job's
 * account, that account active, and still holding `order:view` (and `finance:view` for a file with
 * money) and (a member limited to some shops) the job's shops. Null when there is no such job.
 */
export async function linkedJob(
  db: Queryable,
  id: number,
  userId: number,
  now: number,
): Promise<LinkedJob | null> {
  const [row] = await db.query<
    Omit<LinkedJob, 'allowed'> & {
      account_role: AccountRole | null;
      role_permissions: string[] | null;
      finance: boolean;
      within_shops: boolean;
    }
  >(
    `SELECT e.id, e.download_key, e.name, e.format, e.file_name, e.finance, u.account_role,
       r.permissions AS role_permissions,
       (u.account_role = 'owner' OR u.shop_ids IS NULL OR e.source = 'balance'
         OR (e.shop_ids IS NOT NULL AND e.shop_ids <@ u.shop_ids)) AS within_shops
     FROM export_jobs e
     LEFT JOIN users u ON u.id = $3 AND u.account_id = e.account_id AND u.status = 'active'
       AND EXISTS (SELECT 1 FROM seller_accounts a WHERE a.id = e.account_id AND a.status = 'active')
     LEFT JOIN roles r ON r.id = u.role_id
     WHERE e.id = $1 AND e.status = 'succeeded' AND e.expires_at > $2`,
    [id, now, userId],
  );
  if (!row) return null;
  const { account_role, role_permissions, finance, within_shops, ...job } = row;
  const held = account_role === null ? [] : permissionsOf(account_role, role_permissions);
  return {
    ...job,
    allowed:
      within_shops === true && held.includes('order:view') && (!finance || held.includes('finance:view')),
  };
}

/**
 * The orders of `filters`, newest first (the list's order), in batches of at most `batchSize` rows:
 * keyset pagination on `(created_at, id)` over the account's index, so every batch is one short
 * index scan and no more than one batch is held at a time.
 */
export async function* orderBatches(
  scope: Scope,
  filters: OrderExportFilters,
  batchSize: number,
): AsyncGenerator<Order[]> {
  let after: { created_at: number; id: number } | null = null;
  for (;;) {
    const { filters: f } = orderFilters(scope, filters);
    if (after) f.and(`(o.created_at, o.id) < (${f.p(after.created_at)}, ${f.p(after.id)})`);
    const rows: OrderRow[] = await scope.db.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders o JOIN shops s ON s.id = o.shop_id ${f.sql}
       ORDER BY ${NEWEST_FIRST.map(([column, dir]) => `o.${column} ${dir}`).join(', ')}
       LIMIT ${f.p(batchSize)}`,
      f.params,
    );
    if (rows.length === 0) return;
    yield rows.map(toOrder);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { created_at: last.created_at, id: last.id };
  }
}

/** How many orders match `filters` (the job's `rows_total`). */
export async function countOrders(scope: Scope, filters: OrderExportFilters): Promise<number> {
  const { filters: f, filterJoins } = orderFilters(scope, filters);
  const [row] = await scope.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM orders o ${filterJoins} ${f.sql}`,
    f.params,
  );
  return row?.total ?? 0;
}
