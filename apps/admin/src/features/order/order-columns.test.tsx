import {
  ORDER_COLUMNS,
  ORDER_EXPORT_COLUMN_KEYS,
  ORDER_EXPORT_COLUMNS,
  type OrderColumnList,
  orderListColumns,
} from '@consign/api-client/contract';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { EXPORT_TEXT } from '../../common/export-texts';
import { Route as OrdersRoute } from '../../routes/_authed/order/[index]';
import { Route as PreSaleRoute } from '../../routes/_authed/order/pre-sale';
import { orderListPage, pendingOrder } from '../../testing/order-fixtures';
import { renderRouteInApp } from '../../testing/render-in-app';
import { ORDER_TEXT } from './texts';

/**
 * The order lists' columns are declared once (the contract's `ORDER_COLUMNS`): the table shows the
 * list's own in that order under those headers, and its 导出 offers every declared column. A column
 * added to a page without its declaration (or declared for a page that does not show it) fails here.
 */

/** The table's data headers, without the selection checkbox's and 操作. */
async function dataHeaders() {
  await expect
    .element(page.getByRole('button', { name: ORDER_TEXT.viewLabel(pendingOrder.order_no) }))
    .toBeVisible();
  return page
    .getByRole('columnheader')
    .elements()
    .filter((header) => !header.querySelector('[role="checkbox"], input[type="checkbox"]'))
    .map((header) => header.textContent?.trim() ?? '')
    .filter((text) => text !== ORDER_TEXT.columns.actions);
}

const declared = (list: OrderColumnList) => orderListColumns(list).map((id) => ORDER_COLUMNS[id].label);

describe('the order lists’ columns: one declaration for the table and its export', () => {
  it('代发订单 (with 成本 and 利润 shown) heads its table as declared, 平台订单号 first, and its export offers every declared column', async () => {
    renderRouteInApp('/_authed/order/index', OrdersRoute, '/order/index?profit_columns=1', {
      ...orderListPage(() => [pendingOrder]),
    });
    // 成本 and 利润 show once the session says finance:view.
    await expect.element(page.getByRole('columnheader', { name: ORDER_COLUMNS.profit.label })).toBeVisible();
    const headers = await dataHeaders();
    expect(headers).toEqual(declared('order'));
    expect(headers.slice(0, 2)).toEqual(['平台订单号', '订单号']);

    await page.getByRole('button', { name: EXPORT_TEXT.button }).click();
    const all = ORDER_EXPORT_COLUMN_KEYS.length;
    await page.getByRole('menuitem', { name: EXPORT_TEXT.columns.choose(all, all) }).click();
    const offered = page
      .getByRole('list', { name: EXPORT_TEXT.columns.title })
      .getByRole('listitem')
      .elements()
      .map((item) => item.textContent?.trim());
    expect(offered).toEqual(ORDER_EXPORT_COLUMN_KEYS.map((key) => ORDER_EXPORT_COLUMNS[key]));
    // Each column of the table is one of the export's, under the same name (the file's says its unit).
    for (const id of orderListColumns('order')) {
      expect(offered).toContain(ORDER_EXPORT_COLUMNS[id]);
      expect(ORDER_EXPORT_COLUMNS[id].startsWith(ORDER_COLUMNS[id].label)).toBe(true);
    }
  });

  it('预售订单 heads its table as declared (最晚发货 in it, offered in its export)', async () => {
    renderRouteInApp('/_authed/order/pre-sale', PreSaleRoute, '/order/pre-sale', {
      ...orderListPage(() => [{ ...pendingOrder, pre_sale: true }]),
    });
    expect(await dataHeaders()).toEqual(declared('pre-sale'));
    expect(ORDER_EXPORT_COLUMN_KEYS).toContain('ship_by');
  });
});
