import type { GoodsListItem as Goods } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Route } from '../../routes/_authed/shop/goods/index';
import { session } from '../../testing/order-fixtures';
import { renderRouteInApp } from '../../testing/render-in-app';
import { SHOP_TEXT } from './texts';

const goods: Goods[] = [1, 2, 3].map((id) => ({
  id,
  shop_id: 1,
  shop_name: '旗舰店',
  title: `纯棉T恤 ${id}`,
  price: 3990,
  stock: 10,
  status: 'on_sale',
  images: ['/static/goods/1.svg'],
  source_url: '',
  updated_at: 1_764_000_000,
  version: 1,
  listings: [],
}));
const [first, second, third] = goods as [Goods, Goods, Goods];

const box = (row: Goods) => page.getByRole('checkbox', { name: SHOP_TEXT.selectGoods(row.title) });
const publish = (n: number) =>
  page.getByRole('button', { name: n ? SHOP_TEXT.publish.actionSelected(n) : SHOP_TEXT.publish.action });

describe('商品管理: the selection across a refetch', () => {
  it('keeps the goods still listed, drops the one that left, and clears on another filter', async () => {
    let rows = goods;
    const { queryClient, server } = await renderRouteInApp('/_authed/shop/goods/', Route, '/shop/goods', {
      ...session(),
      '/api/shop/index': () => ({ list: [], total: 0 }),
      '/api/goods/index': (body) => {
        const list = rows.filter((g) => !body.status || g.status === body.status);
        return { list, total: list.length };
      },
    });
    await box(first).click();
    await box(third).click();
    await expect.element(publish(2)).toBeVisible();

    // Read again (another member took the third off sale elsewhere and it left; the first changed).
    rows = [{ ...first, stock: 9, version: 2 }, second];
    const before = server.calls('/api/goods/index').length;
    await queryClient.invalidateQueries();
    await expect.poll(() => server.calls('/api/goods/index').length).toBeGreaterThan(before);
    await expect.element(box(third)).not.toBeInTheDocument();
    await expect.element(box(first)).toBeChecked();
    await expect.element(box(second)).not.toBeChecked();
    await expect.element(publish(1)).toBeVisible();

    // Another tab: nothing picked.
    await page.getByRole('tab', { name: new RegExp(SHOP_TEXT.goodsStatus.on_sale) }).click();
    await expect.poll(() => server.calls('/api/goods/index').at(-1)?.status).toBe('on_sale');
    await expect.element(box(first)).not.toBeChecked();
    await expect.element(publish(0)).toBeDisabled();
  });
});
