import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  OrderCreateResult,
  OrderEntry,
  OrderFilePreview,
  OrderFileResult,
  OrderFileRow,
} from '@consign/api-client';
import { shanghaiDate } from '@consign/api-client';
import { orderEntrySchema, parseYuan } from '@consign/api-client/contract';
import type * as z from 'zod';
import { HttpProblem } from '../http/respond';
import { CLOSED_PLATFORM_STATUSES, type OrderFileLine } from '../order-file';
import type { Change, Saved } from './log';
import type { CommitEach } from './order-batch';
import { inShops, notFound, type Scope } from './scope';

/**
 * Orders of shops without API access: 手工建单 (`createOrder`) and 导入订单 from a platform's
 * order-export file (`previewOrderFile`, `applyOrderFile`). Both go through {@link orderEntrySchema}
 * and {@link insertOrder}: stored as any order (status 待采购; the triggers of migrations 0010, 0011
 * and 0013 keep the list totals, 买家管理, 地址管理 and the 黑名单 flag as for every order), with
 * `source` `manual` or `import` and the platform order number unique per shop (migration 0019).
 */

type Entry = z.output<typeof orderEntrySchema>;

export const DUPLICATE_PLATFORM_ORDER = (no: string) => `该店铺已有平台订单号为 ${no} 的订单`;

/** Field names of the entry, as the messages name them. */
const FIELD_LABELS: Record<string, string> = {
  shop_id: '店铺',
  platform_order_no: '订单号',
  items: '商品',
  title: '商品',
  sku: '商品规格',
  quantity: '商品数量',
  price: '单价',
  amount: '金额',
  buyer_message: '买家留言',
  name: '收货人',
  mobile: '手机',
  address: '详细地址',
};

/** A zod issue of the entry in the words of a row's error list. */
function issueMessage(issue: z.core.$ZodIssue): string {
  const field = [...issue.path].reverse().find((key) => typeof key === 'string') as string | undefined;
  const label = (field && FIELD_LABELS[field]) ?? field ?? '';
  if (issue.code === 'too_small' && issue.origin === 'string') return `${label}不能为空`;
  if (issue.code === 'too_big' && issue.origin === 'string') return `${label}不能超过 ${issue.maximum} 个字`;
  if (issue.code === 'custom' || (issue.code === 'too_small' && issue.origin === 'array')) {
    return label && !issue.message.includes(label) ? `${label}：${issue.message}` : issue.message;
  }
  return `${label}无效`;
}

/** The shop, if it is the account's and the caller's (404 like any other account's record otherwise). */
async function accountShop(scope: Scope, shopId: number): Promise<void> {
  const params: unknown[] = [shopId, scope.accountId];
  const rows = await scope.db.query(
    `SELECT 1 FROM shops WHERE id = $1 AND account_id = $2${inShops(scope, 'id', params)}`,
    params,
  );
  if (rows.length === 0) throw notFound();
}

/** `YYYYMMDD` of unix seconds in Asia/Shanghai. */
function shanghaiDay(nowS: number): string {
  return shanghaiDate(nowS).replaceAll('-', '');
}

interface Inserted {
  id: number;
  order_no: string;
  created: boolean;
}

/**
 * Adds an order (待采购), or, for an imported row whose (shop, platform order number) exists, updates
 * the platform's status and the buyer's message always, and the goods and amount while the order is
 * still 待采购 (the receiver stays: it may have been corrected with 修改收货地址). Consign's own
 * `order_no` is `DD` + the Shanghai day + the row id in 9 digits (unique, and never one of the seed's
 * 18 characters).
 */
async function insertOrder(
  scope: Scope,
  entry: Entry,
  extra: {
    source: 'manual' | 'import';
    platformStatus: string | null;
    region: Record<string, string> | null;
  },
  nowS: number,
): Promise<Inserted> {
  const goods = entry.items.map((item) => ({
    title: item.title,
    image: '',
    quantity: item.quantity,
    ...(item.sku ? { sku: item.sku } : {}),
    price: item.price,
  }));
  const upsert =
    extra.source === 'import'
      ? `ON CONFLICT (shop_id, platform_order_no) WHERE platform_order_no IS NOT NULL DO UPDATE SET
           platform_status = EXCLUDED.platform_status,
           buyer_message = EXCLUDED.buyer_message,
           goods = CASE WHEN orders.status = 'pending' THEN EXCLUDED.goods ELSE orders.goods END,
           goods_titles = CASE WHEN orders.status = 'pending' THEN EXCLUDED.goods_titles ELSE orders.goods_titles END,
           amount = CASE WHEN orders.status = 'pending' THEN EXCLUDED.amount ELSE orders.amount END,
           updated_at = EXCLUDED.updated_at`
      : '';
  const [row] = await scope.db.query<Inserted>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id)
     INSERT INTO orders (id, order_no, account_id, shop_id, goods, goods_titles, amount, status, buyer_name,
       receiver_name, receiver_mobile, receiver_address, created_at, updated_at, source, platform_order_no,
       platform_status, buyer_message, receiver_region)
     SELECT n.id, 'DD' || $1::text || lpad(n.id::text, 9, '0'), $2, $3, $4::jsonb, $5, $6, 'pending', $7,
       $8, $9, $10, $11, $11, $12, $13, $14, $15, $16::jsonb
     FROM n
     ${upsert}
     RETURNING id, order_no, (xmax = 0) AS created`,
    [
      shanghaiDay(nowS),
      scope.accountId,
      entry.shop_id,
      JSON.stringify(goods),
      goods.map((line) => line.title).join('\n'),
      entry.amount,
      entry.receiver.name,
      entry.receiver.name,
      entry.receiver.mobile,
      entry.receiver.address,
      nowS,
      extra.source,
      entry.platform_order_no || null,
      extra.platformStatus,
      entry.buyer_message || null,
      extra.region ? JSON.stringify(extra.region) : null,
    ],
  );
  if (!row) throw new Error('insertOrder: no row');
  return row;
}

/** What the operation log says of a created or updated order (the mobile never whole). */
function orderChange(inserted: Inserted, entry: Entry, platformStatus: string | null): Change {
  const after = {
    shop_id: entry.shop_id,
    platform_order_no: entry.platform_order_no || null,
    goods: entry.items.map((item) => `${item.title}${item.sku ? `（${item.sku}）` : ''} x${item.quantity}`),
    amount: entry.amount,
    receiver_name: entry.receiver.name,
    receiver_mobile: `${entry.receiver.mobile.slice(0, 3)}****${entry.receiver.mobile.slice(7)}`,
    receiver_address: entry.receiver.address,
    buyer_message: entry.buyer_message || null,
    platform_status: platformStatus,
  };
  return {
    target: { type: 'order', id: inserted.id, name: inserted.order_no },
    before: inserted.created ? null : { platform_order_no: after.platform_order_no },
    after,
  };
}

/**
 * 手工建单: one order typed in (the body is checked by the contract), 待采购, `source` manual. A
 * platform order number the shop already has is 409 (nothing added).
 */
export async function createOrder(
  scope: Scope,
  entry: Entry,
  nowS: number,
): Promise<Saved<OrderCreateResult>> {
  await accountShop(scope, entry.shop_id);
  if (entry.platform_order_no) {
    const taken = await scope.db.query(
      'SELECT 1 FROM orders WHERE shop_id = $1 AND platform_order_no = $2 AND account_id = $3',
      [entry.shop_id, entry.platform_order_no, scope.accountId],
    );
    if (taken.length > 0) throw new HttpProblem(409, DUPLICATE_PLATFORM_ORDER(entry.platform_order_no));
  }
  const inserted = await insertOrder(
    scope,
    entry,
    { source: 'manual', platformStatus: null, region: null },
    nowS,
  );
  return {
    row: { id: inserted.id, order_no: inserted.order_no, status: 'pending' },
    change: orderChange(inserted, entry, null),
  };
}

// ---- 导入订单 -------------------------------------------------------------------------------------

/** A money cell in 元 (`59.9`, `¥59.90`, `1,299.00`) -> fen, or null when it is not one. */
function fenOf(cell: string): number | null {
  return parseYuan(cell.replace(/[¥￥,\s]/g, '')) ?? null;
}

interface CheckedLine {
  row: OrderFileRow;
  entry?: Entry;
  platformStatus: string | null;
  region: Record<string, string> | null;
}

/** Each row of an order file with what is wrong with it, and the order it makes when nothing is. */
async function checkOrderFile(scope: Scope, shopId: number, lines: OrderFileLine[]): Promise<CheckedLine[]> {
  await accountShop(scope, shopId);
  const numbers = [...new Set(lines.map((l) => l.cells.platform_order_no).filter((no) => no !== ''))];
  const existing = new Set(
    (
      await scope.db.query<{ platform_order_no: string }>(
        `SELECT platform_order_no FROM orders
         WHERE account_id = $1 AND shop_id = $2 AND platform_order_no = ANY($3::text[])`,
        [scope.accountId, shopId, numbers],
      )
    ).map((row) => row.platform_order_no),
  );
  const firstLine = new Map<string, number>();
  return lines.map(({ line, cells }) => {
    const errors: string[] = [];
    if (cells.platform_order_no === '') errors.push('订单号不能为空');
    else {
      const seen = firstLine.get(cells.platform_order_no);
      if (seen !== undefined) errors.push(`订单号与第 ${seen} 行重复`);
      else firstLine.set(cells.platform_order_no, line);
    }
    const status = cells.platform_status;
    if ((CLOSED_PLATFORM_STATUSES as readonly string[]).includes(status)) {
      errors.push(`订单状态为「${status}」，不导入`);
    }
    const quantity = /^\d{1,4}$/.test(cells.quantity) ? Number(cells.quantity) : Number.NaN;
    if (!(quantity >= 1)) errors.push('商品数量应为 1 到 9999 的整数');
    const amount = fenOf(cells.amount);
    if (amount === null) errors.push(`金额「${cells.amount}」不是有效的金额（元）`);
    const goodsTotal = cells.goods_total === '' ? amount : fenOf(cells.goods_total);
    const region = { province: cells.province, city: cells.city, district: cells.district, town: cells.town };
    // The region columns before the detail, unless the detail already holds them (some exports do).
    const parts = [cells.province, cells.city, cells.district, cells.town].filter((part) => part !== '');
    const address =
      cells.address === '' || parts.every((part) => cells.address.includes(part))
        ? cells.address
        : [...parts, cells.address].join(' ');
    const parsed = orderEntrySchema.safeParse({
      shop_id: shopId,
      platform_order_no: cells.platform_order_no,
      items: [
        {
          title: cells.title,
          sku: cells.sku || undefined,
          quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
          price: quantity >= 1 && goodsTotal !== null ? Math.round(goodsTotal / quantity) : 0,
        },
      ],
      amount: amount ?? 0,
      buyer_message: cells.buyer_message || undefined,
      receiver: { name: cells.receiver_name, mobile: cells.receiver_mobile, address },
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const message = issueMessage(issue);
        if (
          !errors.includes(message) &&
          !(issue.path.includes('platform_order_no') && cells.platform_order_no === '')
        ) {
          errors.push(message);
        }
      }
    }
    const row: OrderFileRow = {
      line,
      platform_order_no: cells.platform_order_no,
      title: cells.title,
      receiver_name: cells.receiver_name,
      amount,
      exists: existing.has(cells.platform_order_no),
      errors: errors.slice(0, 20),
    };
    const checked: CheckedLine = {
      row,
      platformStatus: status || null,
      region: Object.values(region).some(Boolean) ? region : null,
    };
    if (errors.length === 0 && parsed.success) checked.entry = parsed.data;
    return checked;
  });
}

/** The preview of 导入订单: each row with its errors (and whether it updates an order). Writes nothing. */
export async function previewOrderFile(
  scope: Scope,
  shopId: number,
  lines: OrderFileLine[],
): Promise<OrderFilePreview> {
  const rows = (await checkOrderFile(scope, shopId, lines)).map((checked) => checked.row);
  const valid = rows.filter((row) => row.errors.length === 0).length;
  return { rows, valid, invalid: rows.length - valid };
}

/**
 * 导入订单 applied: every valid row added (待采购, `source` import) or, when the shop has its platform
 * order number already, updated; each in its own transaction with its operation-log entry (`each`),
 * so a crash keeps the rows done. Rows with errors are that row's failure and change nothing.
 */
export async function applyOrderFile(
  scope: Scope,
  shopId: number,
  lines: OrderFileLine[],
  nowS: number,
  each: CommitEach,
): Promise<OrderFileResult> {
  const results: OrderFileResult['results'] = [];
  for (const checked of await checkOrderFile(scope, shopId, lines)) {
    await nextTurn(); // other requests are served between the rows (see runBatch)
    const { row, entry } = checked;
    if (!entry) {
      results.push({
        line: row.line,
        platform_order_no: row.platform_order_no,
        order_no: '',
        outcome: 'failed',
        message: row.errors.join('；'),
      });
      continue;
    }
    const inserted = await each(async (tx) => {
      const done = await insertOrder(
        tx,
        entry,
        { source: 'import', platformStatus: checked.platformStatus, region: checked.region },
        nowS,
      );
      return { row: done, change: orderChange(done, entry, checked.platformStatus) };
    });
    results.push({
      line: row.line,
      platform_order_no: row.platform_order_no,
      order_no: inserted.order_no,
      outcome: inserted.created ? 'created' : 'updated',
      message: '',
    });
  }
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  return { results, created: count('created'), updated: count('updated'), failed: count('failed') };
}

export type { OrderEntry };
