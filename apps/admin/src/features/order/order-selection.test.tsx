import type { Order } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { invalidateLive } from '../../lib/invalidate';
import { Route } from '../../routes/_authed/order/[index]';
import { orderListPage, pendingOrder } from '../../testing/order-fixtures';
import { renderRouteInApp } from '../../testing/render-in-app';
import { FULFILMENT_TEXT } from './fulfilment-texts';

const orders: Order[] = [1, 2, 3, 4].map((id) => ({ ...pendingOrder, id, order_no: `DF2026010100${id}` }));
const [first, second, third, fourth] = orders as [Order, Order, Order, Order];

const box = (order: Order) => page.getByRole('checkbox', { name: FULFILMENT_TEXT.selectRow(order.order_no) });
const bar = () => page.getByText(/^已选 \d+ 单$/);

describe('代发订单: the selection across a live refresh', () => {
  it('keeps the ticked rows still on the page, drops the ones that left, and clears on another filter', async () => {
    let rows = orders;
    const { queryClient, server } = await renderRouteInApp('/_authed/order/index', Route, '/order/index', {
      ...orderListPage(() => rows),
    });
    await box(first).click();
    await box(second).click();
    await box(third).click();
    await expect.element(bar()).toHaveTextContent(FULFILMENT_TEXT.selected(3));

    // A colleague bought the second order (still on the page, changed) and the third left the page (a
    // newer order took its place); the live stream reads the list again.
    rows = [
      first,
      { ...second, status: 'purchased', supplier: '1688', supplier_order_no: '168800002' },
      fourth,
    ];
    const before = server.calls('/api/order/index').length;
    await invalidateLive(queryClient, 'orders');
    await expect.poll(() => server.calls('/api/order/index').length).toBeGreaterThan(before);
    await expect.element(box(fourth)).toBeVisible();
    await expect.element(box(first)).toBeChecked();
    await expect.element(box(second)).toBeChecked();
    await expect.element(box(fourth)).not.toBeChecked();
    await expect.element(bar()).toHaveTextContent(FULFILMENT_TEXT.selected(2));

    // The third comes back: it stays unticked (it left the page once).
    rows = [first, second, third, fourth];
    await invalidateLive(queryClient, 'orders');
    await expect.element(box(third)).toBeVisible();
    await expect.element(box(third)).not.toBeChecked();
    await expect.element(bar()).toHaveTextContent(FULFILMENT_TEXT.selected(2));

    // Another filter (a status tab) is another list: nothing ticked.
    await page.getByRole('tab', { name: /待采购/ }).click();
    await expect.poll(() => server.calls('/api/order/index').at(-1)?.status).toBe('pending');
    await expect.element(box(first)).toBeVisible();
    await expect.element(box(first)).not.toBeChecked();
    expect(bar().query()).toBeNull();
  });
});
