import type { Page, Shop, ShopGroup } from '@consign/api-client';
import type { BodyOf } from '../contract';
import { HttpProblem } from '../http/respond';
import type { Queryable } from './db';
import { BY_ID, Filters, likePattern, page } from './list';

const SHOP_SELECT = `s.id, s.name, s.platform, s.group_id, COALESCE(g.name, '') AS group_name, s.auth_status,
  s.auth_expires_at, (SELECT count(*)::int FROM goods WHERE goods.shop_id = s.id) AS goods_count, s.created_at`;
const GROUP_SELECT =
  'g.id, g.name, (SELECT count(*)::int FROM shops WHERE shops.group_id = g.id) AS shop_count';

/** One shop, or a 404. */
export async function shopById(db: Queryable, id: number): Promise<Shop> {
  const [row] = await db.query<Shop>(
    `SELECT ${SHOP_SELECT} FROM shops s LEFT JOIN shop_groups g ON g.id = s.group_id WHERE s.id = $1`,
    [id],
  );
  if (!row) throw new HttpProblem(404, '店铺不存在');
  return row;
}

/** One shop group, or a 404. */
export async function groupById(db: Queryable, id: number): Promise<ShopGroup> {
  const [row] = await db.query<ShopGroup>(`SELECT ${GROUP_SELECT} FROM shop_groups g WHERE g.id = $1`, [id]);
  if (!row) throw new HttpProblem(404, '分组不存在');
  return row;
}

/** A page of shops by id; `group_id: 0` means the ungrouped ones. */
export function listShops(db: Queryable, params: BodyOf<'/api/shop/index'>): Promise<Page<Shop>> {
  const f = new Filters();
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`s.name ILIKE ${f.p(keyword)}`);
  if (params.platform) f.and(`s.platform = ${f.p(params.platform)}`);
  if (params.group_id === 0) f.and('s.group_id IS NULL');
  else if (params.group_id !== undefined) f.and(`s.group_id = ${f.p(params.group_id)}`);
  if (params.auth_status) f.and(`s.auth_status = ${f.p(params.auth_status)}`);
  return page<Shop>(
    db,
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

export function listGroups(db: Queryable, params: BodyOf<'/api/shop/group-index'>): Promise<Page<ShopGroup>> {
  const f = new Filters();
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`g.name ILIKE ${f.p(keyword)}`);
  return page<ShopGroup>(
    db,
    { table: 'shop_groups', alias: 'g', filters: f, order: BY_ID, select: GROUP_SELECT },
    params,
  );
}

/** Creates or renames a group; returns its id. A duplicate name is a unique violation. */
export async function saveGroup(
  db: Queryable,
  { id, name }: BodyOf<'/api/shop/group-save'>,
  now: number,
): Promise<number> {
  const [row] = id
    ? await db.query<{ id: number }>('UPDATE shop_groups SET name = $1 WHERE id = $2 RETURNING id', [
        name,
        id,
      ])
    : await db.query<{ id: number }>(
        'INSERT INTO shop_groups (name, created_at) VALUES ($1, $2) RETURNING id',
        [name, now],
      );
  if (!row) throw new HttpProblem(404, '分组不存在');
  return row.id;
}

/** Deletes a group (its shops become ungrouped). */
export async function deleteGroup(db: Queryable, id: number): Promise<void> {
  const rows = await db.query('DELETE FROM shop_groups WHERE id = $1 RETURNING id', [id]);
  if (rows.length === 0) throw new HttpProblem(404, '分组不存在');
}

/** Puts a shop into a group (`null`: ungrouped). */
export async function moveShop(
  db: Queryable,
  { shop_id, group_id }: BodyOf<'/api/shop/move'>,
): Promise<void> {
  if (group_id !== null) await groupById(db, group_id);
  const rows = await db.query('UPDATE shops SET group_id = $1 WHERE id = $2 RETURNING id', [
    group_id,
    shop_id,
  ]);
  if (rows.length === 0) throw new HttpProblem(404, '店铺不存在');
}
