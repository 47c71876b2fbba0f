import type { GoodsListItem, GoodsListing } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { GoodsListings } from './goods-listings';
import { SHOP_TEXT } from './texts';

const text = SHOP_TEXT.monitor;
const now = Math.floor(Date.now() / 1000);
const listing = (id: number, change: Partial<GoodsListing>): GoodsListing => ({
  id,
  shop_id: id,
  shop_name: `店铺${id}`,
  status: 'published',
  monitor_looked_at: now - 120,
  monitor_change: null,
  monitor_changed_at: null,
  attention: false,
  ...change,
});
const goods = (listings: GoodsListing[]): GoodsListItem => ({
  id: 9,
  shop_id: 1,
  shop_name: '店铺1',
  title: '夏季T恤',
  price: 2405,
  stock: 10,
  status: 'on_sale',
  images: ['/a.svg'],
  source_url: '',
  updated_at: now,
  version: 1,
  listings,
});

/**
 * 商品管理's 铺货 / 货源监控 cell: the first shop's state with 监控中 and its last look, 需处理 when any shop's
 * listing needs the seller, +N for the others; the popover has each shop's line with its last change.
 */
describe('GoodsListings', () => {
  it('a goods never listed says 未铺货', async () => {
    render(<GoodsListings goods={goods([])} />);
    await expect.element(page.getByText(text.none)).toBeVisible();
  });

  it('shows the first shop, 监控中 with its last look, 需处理 for another shop and +N; the popover has each line', async () => {
    const change = '货源已下架或不存在，商品已下架';
    render(
      <GoodsListings
        goods={goods([
          listing(1, {}),
          listing(2, { monitor_change: change, monitor_changed_at: now - 60, attention: true }),
          listing(3, { status: 'reviewing', monitor_looked_at: null }),
        ])}
      />,
    );
    const cell = page.getByRole('button', { name: text.open('夏季T恤') });
    await expect.element(cell).toHaveTextContent(/店铺1已发布需处理\+2监控中 · 最近检查 2分钟前/);
    await expect.element(cell.getByRole('time')).toHaveAttribute('title', expect.stringMatching(/^\d{4}-/));
    await cell.click();
    const lines = page.getByRole('listitem');
    await expect.element(lines.nth(0)).toHaveTextContent(/^店铺1已发布监控中/);
    await expect
      .element(lines.nth(1))
      .toHaveTextContent(new RegExp(`需处理.*${change}.*${text.attentionHint}`));
    await expect.element(lines.nth(2)).toHaveTextContent(/^店铺3审核中$/);
  });
});
