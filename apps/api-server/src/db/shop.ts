import type { Page, Shop, ShopGroup } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { BY_ID, Filters, likePattern, page } from './list';
import type { Change } from './log';
import { notFound, type Scope, staleRecord } from './scope';
import { SHOP_SYNC_SELECT, type ShopSyncRow, shopSyncOf } from './shop-sync';

const SHOP_SELECT = `s.id, s.name, s.platform, s.group_id, COALESCE(g.name, '') AS group_name, s.auth_status,
  s.auth_expires_at, (SELECT count(*)::int FROM goods WHERE goods.shop_id = s.id) AS goods_count, s.created_at,
  s.version, ${SHOP_SYNC_SELECT}`;

type ShopRow = Omit<Shop, 'sync'> & ShopSyncRow;

/** A shop row as the API answers it: its order sync state (lag against `nowS`) in `sync`. */
function toShop(row: ShopRow, nowS: number): Shop {
  const {
    sync_authorised,
    sync_cursor,
    sync_due_at,
    sync_lease_until,
    sync_finished_at,
    sync_succeeded_at,
    sync_error,
    sync_failures,
    ...shop
  } = row;
  return {
    ...shop,
    sync: shopSyncOf(
      {
        sync_authorised,
        sync_cursor,
        sync_due_at,
        sync_lease_until,
        sync_finished_at,
        sync_succeeded_at,
        sync_error,
        sync_failures,
      },
      nowS,
    ),
  };
}
const GROUP_SELECT =
  'g.id, g.name, (SELECT count(*)::int FROM shops WHERE shops.group_id = g.id) AS shop_count, g.version';

/** One shop of the account, or a 404 (`nowS`: the clock its sync lag is measured by). */
export async function shopById(
  scope: Scope,
  id: number,
  nowS = Math.floor(Date.now() / 1000),
): Promise<Shop> {
  const [row] = await scope.db.query<ShopRow>(
    `SELECT ${SHOP_SELECT} FROM shops s LEFT JOIN shop_groups g ON g.id = s.group_id
     WHERE s.id = $1 AND s.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return toShop(row, nowS);
}

/** One shop group of the account, or a 404. */
export async function groupById(scope: Scope, id: number): Promise<ShopGroup> {
  const [row] = await scope.db.query<ShopGroup>(
    `SELECT ${GROUP_SELECT} FROM shop_groups g WHERE g.id = $1 AND g.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return row;
}

/** A page of shops by id; `group_id: 0` means the ungrouped ones. */
export async function listShops(
  scope: Scope,
  params: BodyOf<'/api/shop/index'>,
  nowS: number,
): Promise<Page<Shop>> {
  const f = new Filters();
  f.and(`s.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`s.name ILIKE ${f.p(keyword)}`);
  if (params.platform) f.and(`s.platform = ${f.p(params.platform)}`);
  if (params.group_id === 0) f.and('s.group_id IS NULL');
  else if (params.group_id !== undefined) f.and(`s.group_id = ${f.p(params.group_id)}`);
  if (params.auth_status) f.and(`s.auth_status = ${f.p(params.auth_status)}`);
  const { list, total } = await page<ShopRow>(
    scope.db,
    {
      table: 'shops',
      alias: 's',
      filters: f,
      order: BY_ID,
      select: SHOP_SELECT,
      joins: 'LEFT JOIN shop_groups g ON g.id = s.group_id',
    },
    params,
  );
  return { total, list: list.map((row) => toShop(row, nowS)) };
}

export function listGroups(scope: Scope, params: BodyOf<'/api/shop/group-index'>): Promise<Page<ShopGroup>> {
  const f = new Filters();
  f.and(`g.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`g.name ILIKE ${f.p(keyword)}`);
  return page<ShopGroup>(
    scope.db,
    { table: 'shop_groups', alias: 'g', filters: f, order: BY_ID, select: GROUP_SELECT },
    params,
  );
}

/**
 * Creates or renames a group (at `version`, else 409); returns its id and the change. A duplicate
 * name (in the account) is a unique violation.
 */
export async function saveGroup(
  scope: Scope,
  { id, name, version }: BodyOf<'/api/shop/group-save'>,
  now: number,
): Promise<{ id: number; change: Change }> {
  if (!id) {
    const [row] = await scope.db.query<{ id: number }>(
      'INSERT INTO shop_groups (account_id, name, created_at) VALUES ($1, $2, $3) RETURNING id',
      [scope.accountId, name, now],
    );
    if (!row) throw notFound();
    return {
      id: row.id,
      change: { target: { type: 'shop_group', id: row.id, name }, before: null, after: { name } },
    };
  }
  const before = await groupById(scope, id);
  const [row] = await scope.db.query<{ id: number }>(
    `UPDATE shop_groups SET name = $1, version = version + 1
     WHERE id = $2 AND account_id = $3 AND version = $4 RETURNING id`,
    [name, id, scope.accountId, version],
  );
  if (!row) throw staleRecord();
  return {
    id,
    change: { target: { type: 'shop_group', id, name }, before: { name: before.name }, after: { name } },
  };
}

/** Deletes a group (its shops become ungrouped). */
export async function deleteGroup(scope: Scope, id: number): Promise<Change> {
  const [row] = await scope.db.query<{ name: string }>(
    'DELETE FROM shop_groups WHERE id = $1 AND account_id = $2 RETURNING name',
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return { target: { type: 'shop_group', id, name: row.name }, before: { name: row.name }, after: null };
}

/**
 * Puts a shop (at `version`, else 409) into a group (`null`: ungrouped); both must be the account's.
 */
export async function moveShop(
  scope: Scope,
  { shop_id, group_id, version }: BodyOf<'/api/shop/move'>,
  nowS: number,
): Promise<Change> {
  const before = await shopById(scope, shop_id, nowS);
  const group = group_id !== null ? await groupById(scope, group_id) : null;
  const rows = await scope.db.query(
    `UPDATE shops SET group_id = $1, version = version + 1
     WHERE id = $2 AND account_id = $3 AND version = $4 RETURNING id`,
    [group_id, shop_id, scope.accountId, version],
  );
  if (rows.length === 0) throw staleRecord();
  return {
    target: { type: 'shop', id: shop_id, name: before.name },
    before: { group_name: before.group_name },
    after: { group_name: group?.name ?? '' },
  };
}
