import type { Page, Shop, ShopGroup } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { BY_ID, Filters, likePattern, page } from './list';
import { notFound, type Scope } from './scope';

const SHOP_SELECT = `s.id, s.name, s.platform, s.group_id, COALESCE(g.name, '') AS group_name, s.auth_status,
  s.auth_expires_at, (SELECT count(*)::int FROM goods WHERE goods.shop_id = s.id) AS goods_count, s.created_at`;
const GROUP_SELECT =
  'g.id, g.name, (SELECT count(*)::int FROM shops WHERE shops.group_id = g.id) AS shop_count';

/** One shop of the account, or a 404. */
export async function shopById(scope: Scope, id: number): Promise<Shop> {
  const [row] = await scope.db.query<Shop>(
    `SELECT ${SHOP_SELECT} FROM shops s LEFT JOIN shop_groups g ON g.id = s.group_id
     WHERE s.id = $1 AND s.account_id = $2`,
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return row;
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
export function listShops(scope: Scope, params: BodyOf<'/api/shop/index'>): Promise<Page<Shop>> {
  const f = new Filters();
  f.and(`s.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`s.name ILIKE ${f.p(keyword)}`);
  if (params.platform) f.and(`s.platform = ${f.p(params.platform)}`);
  if (params.group_id === 0) f.and('s.group_id IS NULL');
  else if (params.group_id !== undefined) f.and(`s.group_id = ${f.p(params.group_id)}`);
  if (params.auth_status) f.and(`s.auth_status = ${f.p(params.auth_status)}`);
  return page<Shop>(
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

/** Creates or renames a group; returns its id. A duplicate name (in the account) is a unique violation. */
export async function saveGroup(
  scope: Scope,
  { id, name }: BodyOf<'/api/shop/group-save'>,
  now: number,
): Promise<number> {
  const [row] = id
    ? await scope.db.query<{ id: number }>(
        'UPDATE shop_groups SET name = $1 WHERE id = $2 AND account_id = $3 RETURNING id',
        [name, id, scope.accountId],
      )
    : await scope.db.query<{ id: number }>(
        'INSERT INTO shop_groups (account_id, name, created_at) VALUES ($1, $2, $3) RETURNING id',
        [scope.accountId, name, now],
      );
  if (!row) throw notFound();
  return row.id;
}

/** Deletes a group (its shops become ungrouped). */
export async function deleteGroup(scope: Scope, id: number): Promise<void> {
  const rows = await scope.db.query(
    'DELETE FROM shop_groups WHERE id = $1 AND account_id = $2 RETURNING id',
    [id, scope.accountId],
  );
  if (rows.length === 0) throw notFound();
}

/** Puts a shop into a group (`null`: ungrouped); both must be the account's. */
export async function moveShop(scope: Scope, { shop_id, group_id }: BodyOf<'/api/shop/move'>): Promise<void> {
  if (group_id !== null) await groupById(scope, group_id);
  const rows = await scope.db.query(
    'UPDATE shops SET group_id = $1 WHERE id = $2 AND account_id = $3 RETURNING id',
    [group_id, shop_id, scope.accountId],
  );
  if (rows.length === 0) throw notFound();
}
