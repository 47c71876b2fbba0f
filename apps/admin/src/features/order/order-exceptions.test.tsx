import {
  ORDER_EXCEPTION_LABELS,
  type Order,
  type OrderException,
  writebackRetryRefusedMessage,
} from '@consign/api-client';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { Route } from '../../routes/_authed/order/[index]';
import { Refusal } from '../../testing/fake-server';
import { orderListPage, pendingOrder } from '../../testing/order-fixtures';
import { renderRouteInApp } from '../../testing/render-in-app';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { PURCHASE_TEXT } from './purchase-texts';
import { EXCEPTION_TEXT } from './texts';

/** An order of the list in exception view `kind`, with the server's reason. */
function inException(id: number, kind: OrderException, reason: string, order: Partial<Order>): Order {
  return {
    ...pendingOrder,
    id,
    order_no: `DF2026010100${id}`,
    ...order,
    exceptions: [{ kind, reason }],
  };
}

/** 代发订单 (its route, the seller's own page) opened on its first page, no view chosen. */
const openOrders = (handlers: Parameters<typeof renderRouteInApp>[3]) =>
  renderRouteInApp('/_authed/order/index', Route, '/order/index', handlers);

/** The exception view `kind` chosen above the list (its button carries its count). */
const chooseView = (kind: OrderException) =>
  page
    .getByRole('group', { name: EXCEPTION_TEXT.views })
    .getByRole('button', { name: ORDER_EXCEPTION_LABELS[kind] })
    .click();

const pick = (order: Order) =>
  page.getByRole('checkbox', { name: FULFILMENT_TEXT.selectRow(order.order_no) }).click();
const rowOf = (order: Order) => page.getByRole('row').filter({ hasText: order.order_no });

describe('待付款: 批量付款', () => {
  const bought = (id: number) =>
    inException(id, 'unpaid', '1688采购单待付款', {
      status: 'purchased',
      supplier: '1688',
      supplier_order_no: `16880000${id}`,
    });
  const [first, second, third] = [bought(1), bought(2), bought(3)] as [Order, Order, Order];
  const rows = [first, second, third, { ...pendingOrder, id: 4, order_no: 'DF20260101004' }];

  /** The tab 批量付款 opens at the click (window.open, stubbed): where it is sent, whether it closed. */
  function cashierTab() {
    const tab = { opener: window as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    return { tab, open };
  }

  it('opens 1688’s cashier for the picked orders of the view and names the ones skipped', async () => {
    const url = 'https://trade.1688.com/order/cashier.htm?orderIds=168800001,168800002';
    const { server } = await openOrders({
      ...orderListPage(() => rows),
      '/api/purchase/pay-url': () => ({ url, orders: 1, skipped: [second.order_no] }),
    });
    await chooseView('unpaid');
    // The view: only its orders, each with the server's reason, and what to do with them.
    await expect.element(page.getByText(EXCEPTION_TEXT.hint.unpaid)).toBeVisible();
    await expect.element(rowOf(third)).toHaveTextContent('1688采购单待付款');
    expect(rowOf(rows[3] as Order).query()).toBeNull();
    expect(server.calls('/api/order/index').at(-1)).toMatchObject({ exception: 'unpaid' });

    const { tab, open } = cashierTab();
    await pick(first);
    await pick(second);
    await page.getByRole('button', { name: PURCHASE_TEXT.batchPay }).click();
    await expect.element(page.getByText(PURCHASE_TEXT.payOpened(1))).toBeVisible();
    await expect.element(page.getByText(PURCHASE_TEXT.paySkipped([second.order_no]))).toBeVisible();
    expect(server.calls('/api/purchase/pay-url')).toEqual([{ ids: [first.id, second.id] }]);
    // A blank tab opened at the click (no popup blocker), cut from this page, then sent to the cashier.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab).toMatchObject({ opener: null, location: { href: url } });
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal, closes the blank tab and keeps the selection', async () => {
    const refusal = '所选订单没有待付款的1688采购单（未在1688下单或已付款）';
    const { server } = await openOrders({
      ...orderListPage(() => rows),
      '/api/purchase/pay-url': () => new Refusal(409, refusal),
    });
    await chooseView('unpaid');
    const { tab } = cashierTab();
    await pick(third);
    await page.getByRole('button', { name: PURCHASE_TEXT.batchPay }).click();
    await expect.element(page.getByText(refusal)).toBeVisible();
    expect(server.calls('/api/purchase/pay-url')).toEqual([{ ids: [third.id] }]);
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
    await expect.element(page.getByText(FULFILMENT_TEXT.selected(1))).toBeVisible();
    await expect.element(page.getByRole('button', { name: PURCHASE_TEXT.batchPay })).toBeEnabled();
  });
});

describe('回传失败: 批量重新回传', () => {
  it('retries each picked order on its own and lists each one’s result', async () => {
    const failedAt = { status: 'failed' as const, message: '运单号不存在', updated_at: 1_767_300_000 };
    const shipped = (id: number) =>
      inException(id, 'writeback_failed', '平台拒绝回传：运单号不存在', {
        status: 'shipped',
        carrier: 'SF',
        tracking_no: `SF123456789012${id}`,
        writeback: failedAt,
      });
    let rows = [shipped(1), shipped(2), shipped(3)];
    const [first, second, third] = rows as [Order, Order, Order];
    const { server } = await openOrders({
      ...orderListPage(() => rows),
      '/api/order/writeback-retry': ({ id }) => {
        if (id === second.id) return new Refusal(409, writebackRetryRefusedMessage('succeeded'));
        // Sent again: 回传中, out of the view.
        rows = rows.filter((o) => o.id !== id);
        return { status: 'sending', message: '', updated_at: 1_767_300_060 };
      },
    });
    await chooseView('writeback_failed');
    await expect.element(page.getByText(EXCEPTION_TEXT.hint.writeback_failed)).toBeVisible();
    await expect.element(rowOf(first)).toHaveTextContent('平台拒绝回传：运单号不存在');
    await page.getByRole('checkbox', { name: FULFILMENT_TEXT.selectPage }).click();
    await page.getByRole('button', { name: EXCEPTION_TEXT.batchWriteback }).click();
    const result = page.getByRole('dialog', { name: FULFILMENT_TEXT.batchResultTitle });
    await expect.element(result).toHaveTextContent(FULFILMENT_TEXT.batchSummary(2, 1));
    // One call per order, in the list's order.
    expect(server.calls('/api/order/writeback-retry')).toEqual([
      { id: first.id },
      { id: second.id },
      { id: third.id },
    ]);
    const resultRow = (order: Order) => result.getByRole('row').filter({ hasText: order.order_no });
    await expect
      .element(resultRow(first))
      .toHaveTextContent(`${FULFILMENT_TEXT.resultOk}${EXCEPTION_TEXT.writebackRetried}`);
    await expect
      .element(resultRow(second))
      .toHaveTextContent(`${FULFILMENT_TEXT.resultFailed}${writebackRetryRefusedMessage('succeeded')}`);
    await expect
      .element(resultRow(third))
      .toHaveTextContent(`${FULFILMENT_TEXT.resultOk}${EXCEPTION_TEXT.writebackRetried}`);
    // The list was read again: only the refused order is left in the view.
    await result.getByRole('button', { name: FULFILMENT_TEXT.close }).first().click();
    await expect.element(rowOf(second)).toBeVisible();
    expect(rowOf(first).query()).toBeNull();
    expect(rowOf(third).query()).toBeNull();
  });
});
