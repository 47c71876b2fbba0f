import {
  GOODS_STOCK_MAX,
  type Goods,
  type GoodsDetail,
  type GoodsListItem,
  type GoodsSku,
  type Page,
} from '@consign/api-client';
import type { BodyOf } from '../contract';
import type { Queryable } from './db';
import { Filters, joinParam, likePattern, page } from './list';
import type { Saved } from './log';
import { inShops, notFound, type Scope, shopFilter, staleRecord } from './scope';
import { shopById } from './shop';

const GOODS_SELECT = `g.id, g.shop_id, g.title, g.price, g.stock, g.status, g.images, g.source_url,
  s.name AS shop_name, g.updated_at, g.version`;

/** One product of the account, or a 404. */
export async function goodsById(scope: Scope, id: number): Promise<Goods> {
  const params: unknown[] = [id, scope.accountId];
  const [row] = await scope.db.query<Goods>(
    `SELECT ${GOODS_SELECT} FROM goods g JOIN shops s ON s.id = g.shop_id
     WHERE g.id = $1 AND g.account_id = $2${inShops(scope, 'g.shop_id', params)}`,
    params,
  );
  if (!row) throw notFound();
  return row;
}

/** One product of the account with its SKUs (and their 货源), or a 404. */
export async function goodsDetail(scope: Scope, id: number): Promise<GoodsDetail> {
  const goods = await goodsById(scope, id);
  const rows = await scope.db.query<{
    spec: string;
    price: number | string;
    stock: number;
    outer_sku_id: string;
    supplier_offer_id: string | null;
    supplier_spec_id: string | null;
    supplier_quantity: number | null;
    supplier_price: number | string | null;
    backup_offer_id: string | null;
    backup_spec_id: string | null;
    backup_quantity: number | null;
    backup_price: number | string | null;
  }>(
    `SELECT spec, price, stock, outer_sku_id, supplier_offer_id, supplier_spec_id, supplier_quantity, supplier_price,
       backup_offer_id, backup_spec_id, backup_quantity, backup_price
     FROM goods_skus WHERE goods_id = $1 AND account_id = $2 ORDER BY position`,
    [id, scope.accountId],
  );
  const skus = rows.map(
    (row): GoodsSku => ({
      spec: row.spec,
      price: Number(row.price),
      stock: row.stock,
      outer_sku_id: row.outer_sku_id,
      source:
        row.supplier_offer_id === null
          ? null
          : {
              offer_id: row.supplier_offer_id,
              spec_id: row.supplier_spec_id,
              quantity: row.supplier_quantity ?? 1,
              cost: Number(row.supplier_price ?? 0),
              // 备用货源: only when one is set.
              ...(row.backup_offer_id === null
                ? {}
                : {
                    backup: {
                      offer_id: row.backup_offer_id,
                      spec_id: row.backup_spec_id,
                      quantity: row.backup_quantity ?? 1,
                      cost: Number(row.backup_price ?? 0),
                    },
                  }),
            },
    }),
  );
  return { ...goods, skus };
}

/**
 * Whether listing `l` needs the seller (商品管理's 需处理): 已发布, and its last 货源监控 look needs the seller
 * (`monitor_attention`) or user `user` (a placeholder) has not read one of its `listing_monitor`
 * notifications (keyed `listing:<id>:<event>`: a range of the account's key index).
 */
const listingAttention = (user: string) => `(l.status = 'published' AND (l.monitor_attention OR EXISTS (
  SELECT 1 FROM notifications n
  WHERE n.account_id = l.account_id AND n.key >= 'listing:' || l.id || ':' AND n.key < 'listing:' || l.id || ';'
    AND n.kind = 'listing_monitor'
    AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = ${user}))))`;

/**
 * A page of goods, latest update first, each with its listings in the caller's shops (one query: the
 * listings are aggregated per goods of the page). `userId`: whose unread notifications count.
 */
export function listGoods(
  scope: Scope,
  params: BodyOf<'/api/goods/index'>,
  userId: number,
): Promise<Page<GoodsListItem>> {
  const f = new Filters();
  f.and(`g.account_id = ${f.p(scope.accountId)}`);
  shopFilter(scope, f, 'g.shop_id');
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`g.title ILIKE ${f.p(keyword)}`);
  if (params.status) f.and(`g.status = ${f.p(params.status)}`);
  if (params.shop_id) f.and(`g.shop_id = ${f.p(params.shop_id)}`);
  if (params.attention === 'monitor') {
    const user = f.p(userId);
    const shops = scope.shopIds ? ` AND l.shop_id = ANY(${f.p(scope.shopIds)}::int[])` : '';
    f.and(`EXISTS (SELECT 1 FROM goods_listings l
      WHERE l.goods_id = g.id AND l.account_id = g.account_id${shops} AND ${listingAttention(user)})`);
  }
  const joinParams: unknown[] = [userId];
  const shops = scope.shopIds
    ? ` AND l.shop_id = ANY(${joinParam(f, joinParams.push(scope.shopIds) - 1)}::int[])`
    : '';
  return page<GoodsListItem>(
    scope.db,
    {
      table: 'goods',
      alias: 'g',
      filters: f,
      order: [
        ['updated_at', 'DESC'],
        ['id', 'DESC'],
      ],
      select: `${GOODS_SELECT}, COALESCE(gl.listings, '[]'::json) AS listings`,
      joins: `JOIN shops s ON s.id = g.shop_id
        LEFT JOIN LATERAL (
          SELECT json_agg(json_build_object('id', l.id, 'shop_id', l.shop_id, 'shop_name', ls.name,
              'status', l.status, 'monitor_looked_at', l.monitor_looked_at, 'monitor_change', l.monitor_change,
              'monitor_changed_at', l.monitor_changed_at, 'attention', ${listingAttention(joinParam(f, 0))})
            ORDER BY l.id) AS listings
          FROM goods_listings l JOIN shops ls ON ls.id = l.shop_id
          WHERE l.goods_id = g.id AND l.account_id = g.account_id${shops}
        ) gl ON true`,
      joinParams,
    },
    params,
  );
}

/**
 * Creates or updates (at `body.version`, else 409) a product of the account, in one of its shops;
 * returns it and what changed.
 */
export async function saveGoods(
  scope: Scope,
  body: BodyOf<'/api/goods/save'>,
  now: number,
): Promise<Saved<Goods>> {
  await shopById(scope, body.shop_id);
  const before = body.id ? await goodsById(scope, body.id) : null;
  const values = [
    body.shop_id,
    body.title,
    body.price,
    body.stock,
    body.status,
    JSON.stringify(body.images),
    body.source_url,
    now,
    scope.accountId,
  ];
  const [row] = body.id
    ? await scope.db.query<{ id: number }>(
        `UPDATE goods SET shop_id = $1, title = $2, price = $3, stock = $4, status = $5, images = $6::jsonb,
           source_url = $7, updated_at = $8, version = version + 1
         WHERE id = $10 AND account_id = $9 AND version = $11 RETURNING id`,
        [...values, body.id, body.version],
      )
    : await scope.db.query<{ id: number }>(
        `INSERT INTO goods (shop_id, title, price, stock, status, images, source_url, updated_at, account_id)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9) RETURNING id`,
        values,
      );
  if (!row) throw body.id ? staleRecord() : notFound();
  const saved = await goodsById(scope, row.id);
  return {
    row: saved,
    change: { target: { type: 'goods', id: saved.id, name: saved.title }, before, after: saved },
  };
}

/**
 * What a product with SKUs shows in the goods list: its lowest SKU price ("from") and the stock of all
 * its SKUs together (at most the stock a product holds). Used by 商品复制's drafts and by every SKU save.
 */
export function skuTotals(skus: readonly Pick<GoodsSku, 'price' | 'stock'>[]): {
  price: number;
  stock: number;
} {
  return {
    price: Math.min(...skus.map((sku) => sku.price)),
    stock: Math.min(
      GOODS_STOCK_MAX,
      skus.reduce((sum, sku) => sum + Math.max(0, sku.stock), 0),
    ),
  };
}

/** A product's SKUs as `goods_skus` rows take them (`$n::jsonb` of {@link insertSkus}). */
function skuRows(skus: readonly GoodsSku[]) {
  return skus.map((sku, position) => ({
    position,
    spec: sku.spec,
    price: sku.price,
    stock: sku.stock,
    outer_sku_id: sku.outer_sku_id,
    supplier_offer_id: sku.source?.offer_id ?? null,
    supplier_spec_id: sku.source?.spec_id ?? null,
    supplier_quantity: sku.source?.quantity ?? null,
    supplier_price: sku.source?.cost ?? null,
    backup_offer_id: sku.source?.backup?.offer_id ?? null,
    backup_spec_id: sku.source?.backup?.spec_id ?? null,
    backup_quantity: sku.source?.backup?.quantity ?? null,
    backup_price: sku.source?.backup?.cost ?? null,
  }));
}

/** The columns of a `goods_skus` row that {@link skuRows} gives, as `jsonb_to_recordset` reads them. */
const SKU_RECORD = `r(position integer, spec text, price bigint, stock integer,
  outer_sku_id text, supplier_offer_id text, supplier_spec_id text, supplier_quantity integer,
  supplier_price bigint, backup_offer_id text, backup_spec_id text, backup_quantity integer,
  backup_price bigint)`;

/**
 * Writes `skus` (in order) as the SKUs of product `goodsId` of `accountId`, in one statement; with
 * `newSpecsOnly`, only those whose spec the product does not have yet.
 */
export async function insertSkus(
  tx: Queryable,
  accountId: number,
  goodsId: number,
  skus: readonly GoodsSku[],
  newSpecsOnly = false,
) {
  if (skus.length === 0) return;
  await tx.query(
    `INSERT INTO goods_skus (goods_id, account_id, position, spec, price, stock, outer_sku_id,
       supplier_offer_id, supplier_spec_id, supplier_quantity, supplier_price,
       backup_offer_id, backup_spec_id, backup_quantity, backup_price)
     SELECT $1, $2, r.position, r.spec, r.price, r.stock, r.outer_sku_id, r.supplier_offer_id,
       r.supplier_spec_id, r.supplier_quantity, r.supplier_price,
       r.backup_offer_id, r.backup_spec_id, r.backup_quantity, r.backup_price
     FROM jsonb_to_recordset($3::jsonb) AS ${SKU_RECORD}
     ${newSpecsOnly ? 'WHERE NOT EXISTS (SELECT 1 FROM goods_skus k WHERE k.goods_id = $1 AND k.spec = r.spec)' : ''}`,
    [goodsId, accountId, JSON.stringify(skuRows(skus))],
  );
}

/**
 * Makes `skus` (in order) the SKUs of product `goodsId`, each SKU whose spec stays keeping its row
 * and id: the lines 关联货源 linked to it (`order_item_links`, deleted with their SKU) stay linked when
 * the seller edits a price, a stock or a 货源. A removed spec goes, with its links; a new one is added.
 */
async function replaceSkus(tx: Queryable, accountId: number, goodsId: number, skus: readonly GoodsSku[]) {
  const params = [goodsId, accountId];
  await tx.query(
    'DELETE FROM goods_skus WHERE goods_id = $1 AND account_id = $2 AND NOT (spec = ANY($3::text[]))',
    [...params, skus.map((sku) => sku.spec)],
  );
  // One row per spec (an older save may have left two): the oldest keeps the links.
  await tx.query(
    `DELETE FROM goods_skus a USING goods_skus b
     WHERE a.goods_id = $1 AND a.account_id = $2 AND b.goods_id = $1 AND a.spec = b.spec AND a.id > b.id`,
    params,
  );
  // The kept SKUs step aside from the positions they take next (one product's positions are unique).
  await tx.query(
    'UPDATE goods_skus SET position = position + 100000 WHERE goods_id = $1 AND account_id = $2',
    params,
  );
  await tx.query(
    `UPDATE goods_skus k SET position = r.position, price = r.price, stock = r.stock,
       outer_sku_id = r.outer_sku_id, supplier_offer_id = r.supplier_offer_id,
       supplier_spec_id = r.supplier_spec_id, supplier_quantity = r.supplier_quantity,
       supplier_price = r.supplier_price, backup_offer_id = r.backup_offer_id,
       backup_spec_id = r.backup_spec_id, backup_quantity = r.backup_quantity, backup_price = r.backup_price
     FROM jsonb_to_recordset($3::jsonb) AS ${SKU_RECORD}
     WHERE k.goods_id = $1 AND k.account_id = $2 AND k.spec = r.spec`,
    [...params, JSON.stringify(skuRows(skus))],
  );
  await insertSkus(tx, accountId, goodsId, skus, true);
}

/**
 * Replaces a product's SKUs by `body.skus` (added, edited, removed and reordered in one save) if the
 * product is still at `body.version` (else 409; the save bumps it, so the goods form's next save at the
 * old version is stale too). Returns the product with its SKUs and what changed.
 */
export async function saveGoodsSkus(
  scope: Scope,
  body: BodyOf<'/api/goods/sku-save'>,
  now: number,
): Promise<Saved<GoodsDetail>> {
  const before = await goodsDetail(scope, body.id);
  // With SKUs, the product's price and stock are theirs (skuTotals); without, the product keeps its own.
  const totals = body.skus.length > 0 ? skuTotals(body.skus) : null;
  const [row] = await scope.db.query<{ id: number }>(
    `UPDATE goods SET updated_at = $3, version = version + 1,
       price = COALESCE($5, price), stock = COALESCE($6, stock)
     WHERE id = $1 AND account_id = $2 AND version = $4 RETURNING id`,
    [body.id, scope.accountId, now, body.version, totals?.price ?? null, totals?.stock ?? null],
  );
  if (!row) throw staleRecord();
  await replaceSkus(scope.db, scope.accountId, body.id, body.skus);
  const saved = await goodsDetail(scope, body.id);
  return {
    row: saved,
    change: {
      target: { type: 'goods', id: saved.id, name: saved.title },
      before: { price: before.price, stock: before.stock, skus: before.skus },
      after: { price: saved.price, stock: saved.stock, skus: saved.skus },
    },
  };
}
