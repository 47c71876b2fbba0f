import { goodsDetailSchema } from '@consign/api-client/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { envelope, startTestServer, type TestServer, USER } from './helpers';

/**
 * A product's SKUs and their 货源 (migration 0026) as 商品编辑 reads them: in the seller's order, with
 * the 1688 offer, spec, quantity per unit and cost; none for a product typed in by hand; never another
 * account's; gone with the product.
 */

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ copyWorker: false, exportWorker: false });
  token = await t.login(USER);
}, 120_000);
afterAll(() => t?.stop());

it('goods/detail answers the SKUs in order with their 货源; another account sees nothing', async () => {
  const api = t.client(() => token);
  const goods = await api.call('/api/goods/save', {
    shop_id: 2,
    title: '纯棉短袖T恤',
    price: 2900,
    stock: 200,
    status: 'draft',
    images: ['/static/goods/1.svg'],
  });
  expect((await api.call('/api/goods/detail', { id: goods.id })).skus).toEqual([]);

  const [{ account_id } = { account_id: 0 }] = await t.server.db.query<{ account_id: number }>(
    'SELECT account_id FROM goods WHERE id = $1',
    [goods.id],
  );
  // What the copy of a 1688 offer writes: two specs linked, one without a 货源.
  await t.server.db.query(
    `INSERT INTO goods_skus (goods_id, account_id, position, spec, price, stock, outer_sku_id,
       supplier_offer_id, supplier_spec_id, supplier_quantity, supplier_price)
     VALUES ($1, $2, 1, '白色,XL', 2900, 80, 'TS-W-XL', '610000000001', 'spec-2', 1, 1850),
            ($1, $2, 0, '白色,L', 2900, 120, 'TS-W-L', '610000000001', 'spec-1', 2, 1850),
            ($1, $2, 2, '藏青,XL', 3100, 0, '', NULL, NULL, NULL, NULL)`,
    [goods.id, account_id],
  );
  const detail = await api.call('/api/goods/detail', { id: goods.id });
  expect(goodsDetailSchema.safeParse(detail).success).toBe(true);
  expect(detail.skus).toEqual([
    {
      spec: '白色,L',
      price: 2900,
      stock: 120,
      outer_sku_id: 'TS-W-L',
      source: { offer_id: '610000000001', spec_id: 'spec-1', quantity: 2, cost: 1850 },
    },
    {
      spec: '白色,XL',
      price: 2900,
      stock: 80,
      outer_sku_id: 'TS-W-XL',
      source: { offer_id: '610000000001', spec_id: 'spec-2', quantity: 1, cost: 1850 },
    },
    { spec: '藏青,XL', price: 3100, stock: 0, outer_sku_id: '', source: null },
  ]);

  const stranger = await t.login('13712600001');
  const res = await t.post('/api/goods/detail', { id: goods.id }, { token: stranger });
  expect(res.status).toBe(404);
  expect(JSON.stringify(await envelope(res))).not.toContain('610000000001');

  // A 货源 without its quantity (or the other way round) is refused by the table.
  await expect(
    t.server.db.query(
      `INSERT INTO goods_skus (goods_id, account_id, position, spec, price, stock, supplier_offer_id)
       VALUES ($1, $2, 3, '黑色', 100, 1, '610000000002')`,
      [goods.id, account_id],
    ),
  ).rejects.toThrow();

  // 备用货源: saved with the SKUs (商品编辑's route, goods:manage), read back, cleared by saving without.
  const version = (await api.call('/api/goods/detail', { id: goods.id })).version;
  const cup = { offer_id: '610000000002', spec_id: null, quantity: 1, cost: 2390 };
  const withBackup = [
    {
      spec: '白色,L',
      price: 2900,
      stock: 120,
      outer_sku_id: 'TS-W-L',
      source: { offer_id: '610000000001', spec_id: 'spec-1', quantity: 2, cost: 1850, backup: cup },
    },
  ];
  const saved = await api.call('/api/goods/sku-save', { id: goods.id, version, skus: withBackup });
  expect(saved.skus).toEqual(withBackup);
  expect((await api.call('/api/goods/detail', { id: goods.id })).skus).toEqual(withBackup);
  // The same spec twice is no 备用货源.
  const same = await t.post(
    '/api/goods/sku-save',
    {
      id: goods.id,
      version: saved.version,
      skus: [
        {
          ...withBackup[0],
          source: {
            ...withBackup[0]?.source,
            backup: { ...cup, offer_id: '610000000001', spec_id: 'spec-1' },
          },
        },
      ],
    },
    { token },
  );
  expect(same.status).toBe(422);
  expect(JSON.stringify(await envelope(same))).toContain('备用货源不能与首选货源是同一规格');

  await t.server.db.query('DELETE FROM goods WHERE id = $1', [goods.id]);
  expect(await t.server.db.query('SELECT 1 FROM goods_skus WHERE goods_id = $1', [goods.id])).toHaveLength(0);
});

it('a save keeps each remaining spec’s SKU, so the order lines 关联货源 linked to it stay linked', async () => {
  const api = t.client(() => token);
  const goods = await api.call('/api/goods/save', {
    shop_id: 2,
    title: '保温杯',
    price: 3900,
    stock: 50,
    status: 'draft',
    images: ['/static/goods/1.svg'],
  });
  const sku = (spec: string, price: number) => ({ spec, price, stock: 10, outer_sku_id: '', source: null });
  let { version } = await api.call('/api/goods/sku-save', {
    id: goods.id,
    version: (await api.call('/api/goods/detail', { id: goods.id })).version,
    skus: [sku('红色', 3900), sku('蓝色', 3900), sku('黑色', 3900)],
  });
  const idsOf = async () =>
    new Map(
      (
        await t.server.db.query<{ id: number; spec: string }>(
          'SELECT id, spec FROM goods_skus WHERE goods_id = $1',
          [goods.id],
        )
      ).map((row) => [row.spec, row.id]),
    );
  const before = await idsOf();
  // Two order lines linked by 关联货源: one to 红色, one to 黑色.
  const [{ account_id } = { account_id: 0 }] = await t.server.db.query<{ account_id: number }>(
    'SELECT account_id FROM goods WHERE id = $1',
    [goods.id],
  );
  await t.server.db.query(
    `INSERT INTO order_item_links (account_id, item_key, sku_id, created_at)
     VALUES ($1, 'title:2:保温杯|红色', $2, 0), ($1, 'title:2:保温杯|黑色', $3, 0)`,
    [account_id, before.get('红色'), before.get('黑色')],
  );

  // Reordered, 红色's price changed, 黑色 removed, 白色 added.
  ({ version } = await api.call('/api/goods/sku-save', {
    id: goods.id,
    version,
    skus: [sku('蓝色', 3900), sku('白色', 4100), sku('红色', 4500)],
  }));
  const after = await idsOf();
  expect(after.get('红色')).toBe(before.get('红色'));
  expect(after.get('蓝色')).toBe(before.get('蓝色'));
  expect(after.has('黑色')).toBe(false);
  expect((await api.call('/api/goods/detail', { id: goods.id })).skus.map((s) => [s.spec, s.price])).toEqual([
    ['蓝色', 3900],
    ['白色', 4100],
    ['红色', 4500],
  ]);
  const links = await t.server.db.query<{ item_key: string; sku_id: number }>(
    'SELECT item_key, sku_id FROM order_item_links WHERE account_id = $1 AND item_key LIKE $2 ORDER BY item_key',
    [account_id, 'title:2:保温杯|%'],
  );
  expect(links).toEqual([{ item_key: 'title:2:保温杯|红色', sku_id: before.get('红色') }]);
  expect(version).toBeGreaterThan(0);
});
