import type {
  AfterSaleOrder,
  CopyRecord,
  Goods,
  Order,
  OrderGoods,
  Page,
  Settings,
  Shop,
  ShopGroup,
} from '@consign/api-client';
import type { Queryable } from '../db/db';
import { ApiRefusal, HttpProblem, MESSAGES } from '../http/respond';
import type { Deps, Handlers } from './types';
import { dayEndExclusive, dayStart, isUniqueViolation, likePattern, offset, unix } from './types';

const SETTINGS_COLUMNS =
  'auto_purchase, default_markup_percent, purchase_account, notify_mobile, sync_interval_minutes, auto_sync_logistics';
const SETTINGS_KEYS = [
  'auto_purchase',
  'default_markup_percent',
  'purchase_account',
  'notify_mobile',
  'sync_interval_minutes',
  'auto_sync_logistics',
] as const;

/** `138****0000`: staff never see a buyer's whole number. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/**
 * A page: the rows (an index scan with LIMIT/OFFSET) and the total (a count with the same filters),
 * as two small queries. (A `count(*) OVER ()` in the page query would materialise every matching row
 * with all its columns before the LIMIT: measured 3x slower on the order list.)
 */
async function page<T>(
  db: Queryable,
  rowsSql: string,
  countSql: string,
  params: readonly unknown[],
  pageIndex: number,
  pageSize: number,
): Promise<Page<T>> {
  const [list, count] = await Promise.all([
    db.query<T>(rowsSql, [...params, pageSize, offset(pageIndex, pageSize)]),
    db.query<{ total: number }>(countSql, params),
  ]);
  return { list, total: count[0]?.total ?? 0 };
}

const ORDER_WHERE = `
  ($1::text IS NULL OR o.order_no ILIKE $1 OR o.buyer_name ILIKE $1 OR o.goods_titles ILIKE $1)
  AND ($2::text IS NULL OR o.status = $2)
  AND ($3::int IS NULL OR o.shop_id = $3)
  AND ($4::text IS NULL OR s.platform = $4)
  AND ($5::bigint IS NULL OR o.created_at >= $5)
  AND ($6::bigint IS NULL OR o.created_at < $6)`;

const AFTER_SALE_WHERE = `
  ($1::text IS NULL OR o.order_no ILIKE $1 OR a.reason ILIKE $1 OR o.goods_titles ILIKE $1)
  AND ($2::text IS NULL OR a.status = $2)
  AND ($3::text IS NULL OR a.type = $3)
  AND ($4::int IS NULL OR o.shop_id = $4)
  AND ($5::bigint IS NULL OR a.created_at >= $5)
  AND ($6::bigint IS NULL OR a.created_at < $6)`;

const SHOP_WHERE = `
  ($1::text IS NULL OR s.name ILIKE $1)
  AND ($2::text IS NULL OR s.platform = $2)
  AND ($3::int IS NULL OR ($3::int = 0 AND s.group_id IS NULL) OR s.group_id = $3::int)
  AND ($4::text IS NULL OR s.auth_status = $4)`;

const SHOP_SELECT = `s.id, s.name, s.platform, s.group_id, COALESCE(g.name, '') AS group_name, s.auth_status,
  s.auth_expires_at, (SELECT count(*)::int FROM goods WHERE goods.shop_id = s.id) AS goods_count, s.created_at`;

const GOODS_WHERE = `
  ($1::text IS NULL OR g.title ILIKE $1)
  AND ($2::text IS NULL OR g.status = $2)
  AND ($3::int IS NULL OR g.shop_id = $3)`;

const GOODS_SELECT = `g.id, g.shop_id, g.title, g.price, g.stock, g.status, g.images, g.source_url,
  s.name AS shop_name, g.updated_at`;

const COPY_WHERE = `
  ($1::text IS NULL OR c.source_url ILIKE $1)
  AND ($2::text IS NULL OR c.status = $2)
  AND ($3::int IS NULL OR c.shop_id = $3)`;

interface OrderRow {
  id: number;
  order_no: string;
  shop_id: number;
  shop_name: string;
  platform: Order['platform'];
  goods: OrderGoods[];
  amount: number;
  status: Order['status'];
  buyer_name: string;
  receiver_name: string;
  receiver_mobile: string;
  receiver_address: string;
  created_at: number;
}

type BusinessPaths =
  | '/api/setting/index'
  | '/api/setting/update'
  | '/api/order/index'
  | '/api/order/after-sale'
  | '/api/shop/index'
  | '/api/shop/group-index'
  | '/api/shop/group-save'
  | '/api/shop/group-del'
  | '/api/shop/move'
  | '/api/goods/index'
  | '/api/goods/detail'
  | '/api/goods/save'
  | '/api/copy/index'
  | '/api/copy/create';

export function businessHandlers(deps: Deps): Pick<Handlers, BusinessPaths> {
  const { db, now, wakeCopyWorker } = deps;

  async function shopById(id: number): Promise<Shop> {
    const [row] = await db.query<Shop>(
      `SELECT ${SHOP_SELECT} FROM shops s LEFT JOIN shop_groups g ON g.id = s.group_id WHERE s.id = $1`,
      [id],
    );
    if (!row) throw new HttpProblem(404, '店铺不存在');
    return row;
  }

  async function goodsById(id: number): Promise<Goods> {
    const [row] = await db.query<Goods>(
      `SELECT ${GOODS_SELECT} FROM goods g JOIN shops s ON s.id = g.shop_id WHERE g.id = $1`,
      [id],
    );
    if (!row) throw new HttpProblem(404, '商品不存在');
    return row;
  }

  async function groupById(id: number): Promise<ShopGroup> {
    const [row] = await db.query<ShopGroup>(
      `SELECT g.id, g.name, (SELECT count(*)::int FROM shops WHERE shops.group_id = g.id) AS shop_count
       FROM shop_groups g WHERE g.id = $1`,
      [id],
    );
    if (!row) throw new HttpProblem(404, '分组不存在');
    return row;
  }

  return {
    async '/api/setting/index'() {
      const [row] = await db.query<Settings>(`SELECT ${SETTINGS_COLUMNS} FROM settings WHERE id = 1`);
      if (!row) throw new HttpProblem(404, MESSAGES.notFound);
      return row;
    },

    async '/api/setting/update'({ body }) {
      // Only known columns, each as a parameter: the column names come from our own list.
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const key of SETTINGS_KEYS) {
        const value = body[key];
        if (value === undefined) continue;
        params.push(value);
        sets.push(`${key} = $${params.length}`);
      }
      const [row] =
        sets.length > 0
          ? await db.query<Settings>(
              `UPDATE settings SET ${sets.join(', ')} WHERE id = 1 RETURNING ${SETTINGS_COLUMNS}`,
              params,
            )
          : await db.query<Settings>(`SELECT ${SETTINGS_COLUMNS} FROM settings WHERE id = 1`);
      if (!row) throw new HttpProblem(404, MESSAGES.notFound);
      return row;
    },

    async '/api/order/index'({ body }) {
      const params = [
        likePattern(body.keyword),
        body.status ?? null,
        body.shop_id ?? null,
        body.platform ?? null,
        dayStart(body.start_date),
        dayEndExclusive(body.end_date),
      ];
      const result = await page<OrderRow>(
        db,
        `SELECT o.id, o.order_no, o.shop_id, s.name AS shop_name, s.platform, o.goods, o.amount, o.status,
           o.buyer_name, o.receiver_name, o.receiver_mobile, o.receiver_address, o.created_at
         FROM orders o JOIN shops s ON s.id = o.shop_id
         WHERE ${ORDER_WHERE}
         ORDER BY o.created_at DESC, o.id DESC LIMIT $7 OFFSET $8`,
        `SELECT count(*)::int AS total FROM orders o JOIN shops s ON s.id = o.shop_id WHERE ${ORDER_WHERE}`,
        params,
        body.pageIndex,
        body.pageSize,
      );
      return {
        total: result.total,
        list: result.list.map(
          (row): Order => ({
            id: row.id,
            order_no: row.order_no,
            shop_id: row.shop_id,
            shop_name: row.shop_name,
            platform: row.platform,
            goods: row.goods,
            amount: row.amount,
            status: row.status,
            buyer_name: row.buyer_name,
            receiver: {
              name: row.receiver_name,
              mobile: maskMobile(row.receiver_mobile),
              address: row.receiver_address,
            },
            created_at: row.created_at,
          }),
        ),
      };
    },

    async '/api/order/after-sale'({ body }) {
      const params = [
        likePattern(body.keyword),
        body.status ?? null,
        body.type ?? null,
        body.shop_id ?? null,
        dayStart(body.start_date),
        dayEndExclusive(body.end_date),
      ];
      return page<AfterSaleOrder>(
        db,
        `SELECT a.id, o.order_no, o.shop_id, s.name AS shop_name, s.platform, o.goods, a.refund_amount, a.type,
           a.status, a.reason, a.created_at
         FROM after_sales a JOIN orders o ON o.id = a.order_id JOIN shops s ON s.id = o.shop_id
         WHERE ${AFTER_SALE_WHERE}
         ORDER BY a.created_at DESC, a.id DESC LIMIT $7 OFFSET $8`,
        `SELECT count(*)::int AS total FROM after_sales a JOIN orders o ON o.id = a.order_id
         JOIN shops s ON s.id = o.shop_id WHERE ${AFTER_SALE_WHERE}`,
        params,
        body.pageIndex,
        body.pageSize,
      );
    },

    async '/api/shop/index'({ body }) {
      const params = [
        likePattern(body.keyword),
        body.platform ?? null,
        body.group_id ?? null,
        body.auth_status ?? null,
      ];
      return page<Shop>(
        db,
        `SELECT ${SHOP_SELECT}
         FROM shops s LEFT JOIN shop_groups g ON g.id = s.group_id
         WHERE ${SHOP_WHERE} ORDER BY s.id LIMIT $5 OFFSET $6`,
        `SELECT count(*)::int AS total FROM shops s WHERE ${SHOP_WHERE}`,
        params,
        body.pageIndex,
        body.pageSize,
      );
    },

    async '/api/shop/group-index'({ body }) {
      const params = [likePattern(body.keyword)];
      return page<ShopGroup>(
        db,
        `SELECT g.id, g.name, (SELECT count(*)::int FROM shops WHERE shops.group_id = g.id) AS shop_count
         FROM shop_groups g WHERE ($1::text IS NULL OR g.name ILIKE $1)
         ORDER BY g.id LIMIT $2 OFFSET $3`,
        'SELECT count(*)::int AS total FROM shop_groups g WHERE ($1::text IS NULL OR g.name ILIKE $1)',
        params,
        body.pageIndex,
        body.pageSize,
      );
    },

    async '/api/shop/group-save'({ body }) {
      try {
        if (body.id) {
          const rows = await db.query<{ id: number }>(
            'UPDATE shop_groups SET name = $1 WHERE id = $2 RETURNING id',
            [body.name, body.id],
          );
          if (rows.length === 0) throw new HttpProblem(404, '分组不存在');
          return groupById(body.id);
        }
        const [row] = await db.query<{ id: number }>(
          'INSERT INTO shop_groups (name, created_at) VALUES ($1, $2) RETURNING id',
          [body.name, unix(now)],
        );
        if (!row) throw new Error('insert returned no row');
        return groupById(row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiRefusal('分组名称已存在');
        throw error;
      }
    },

    async '/api/shop/group-del'({ body }) {
      const rows = await db.query('DELETE FROM shop_groups WHERE id = $1 RETURNING id', [body.id]);
      if (rows.length === 0) throw new HttpProblem(404, '分组不存在');
      return { id: body.id };
    },

    async '/api/shop/move'({ body }) {
      if (body.group_id !== null) await groupById(body.group_id);
      const rows = await db.query('UPDATE shops SET group_id = $1 WHERE id = $2 RETURNING id', [
        body.group_id,
        body.shop_id,
      ]);
      if (rows.length === 0) throw new HttpProblem(404, '店铺不存在');
      return shopById(body.shop_id);
    },

    async '/api/goods/index'({ body }) {
      const params = [likePattern(body.keyword), body.status ?? null, body.shop_id ?? null];
      return page<Goods>(
        db,
        `SELECT ${GOODS_SELECT}
         FROM goods g JOIN shops s ON s.id = g.shop_id
         WHERE ${GOODS_WHERE} ORDER BY g.updated_at DESC, g.id DESC LIMIT $4 OFFSET $5`,
        `SELECT count(*)::int AS total FROM goods g WHERE ${GOODS_WHERE}`,
        params,
        body.pageIndex,
        body.pageSize,
      );
    },

    async '/api/goods/detail'({ body }) {
      return goodsById(body.id);
    },

    async '/api/goods/save'({ body }) {
      await shopById(body.shop_id);
      const values = [
        body.shop_id,
        body.title,
        body.price,
        body.stock,
        body.status,
        JSON.stringify(body.images),
        body.source_url,
        unix(now),
      ];
      if (body.id) {
        const rows = await db.query<{ id: number }>(
          `UPDATE goods SET shop_id = $1, title = $2, price = $3, stock = $4, status = $5, images = $6::jsonb,
             source_url = $7, updated_at = $8 WHERE id = $9 RETURNING id`,
          [...values, body.id],
        );
        if (rows.length === 0) throw new HttpProblem(404, '商品不存在');
        return goodsById(body.id);
      }
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO goods (shop_id, title, price, stock, status, images, source_url, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) RETURNING id`,
        values,
      );
      if (!row) throw new Error('insert returned no row');
      return goodsById(row.id);
    },

    async '/api/copy/index'({ body }) {
      const params = [likePattern(body.keyword), body.status ?? null, body.shop_id ?? null];
      return page<CopyRecord>(
        db,
        `SELECT c.id, c.source_url, c.shop_id, s.name AS shop_name, c.status, c.progress, c.goods_id, c.error,
           c.created_at
         FROM copy_records c JOIN shops s ON s.id = c.shop_id
         WHERE ${COPY_WHERE} ORDER BY c.created_at DESC, c.id DESC LIMIT $4 OFFSET $5`,
        `SELECT count(*)::int AS total FROM copy_records c WHERE ${COPY_WHERE}`,
        params,
        body.pageIndex,
        body.pageSize,
      );
    },

    async '/api/copy/create'({ body }) {
      await shopById(body.shop_id);
      const nowS = unix(now);
      const params: unknown[] = [body.shop_id, nowS];
      const tuples = body.urls.map((url) => {
        params.push(url);
        return `($${params.length}, $1, 'queued', 0, $2, $2)`;
      });
      await db.query(
        `INSERT INTO copy_records (source_url, shop_id, status, progress, created_at, updated_at)
         VALUES ${tuples.join(', ')}`,
        params,
      );
      wakeCopyWorker();
      return { created: body.urls.length };
    },
  };
}
