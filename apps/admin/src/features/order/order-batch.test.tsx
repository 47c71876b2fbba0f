import type { Order } from '@consign/api-client';
import { DataTable } from '@consign/ui/components/data-table';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pendingOrder, senders, session } from '../../testing/order-fixtures';
import { renderInApp } from '../../testing/render-in-app';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { OrderBatchBar, useOrderSelection } from './order-batch';
import { purchaseInputLabel } from './purchase-inputs';
import { PURCHASE_TEXT } from './purchase-texts';

/** Three orders of a list page. */
const rows: Order[] = [101, 102, 103].map((id, index) => ({
  ...pendingOrder,
  id,
  order_no: `DF2026010100${index + 1}`,
}));
const [first, second, third] = rows as [Order, Order, Order];

/** The selection and the batch bar over a table of `rows`, wired as 代发订单 wires them. */
function BatchDesk() {
  const select = useOrderSelection(rows, 'the list');
  return (
    <>
      <OrderBatchBar
        rows={rows}
        total={rows.length}
        filter={{}}
        selection={select.selection}
        onSelectAllMatching={select.selectAllMatching}
        onClear={select.clear}
      />
      <DataTable
        columns={[...select.columns, { header: '订单号', cell: ({ row }) => row.original.order_no }]}
        data={rows}
        getRowId={(row) => String(row.id)}
        {...select.table}
      />
    </>
  );
}

const pick = (order: Order) =>
  page.getByRole('checkbox', { name: FULFILMENT_TEXT.selectRow(order.order_no) }).click();
const result = () => page.getByRole('dialog', { name: FULFILMENT_TEXT.batchResultTitle });

describe('批量', () => {
  it('ships the picked orders with one carrier and a tracking number each, and lists each result', async () => {
    const { server } = await renderInApp(BatchDesk, {
      ...session(),
      '/api/address/index': () => senders,
      '/api/order/batch-ship': (body) => ({
        results: [
          { id: body.items[0]?.id ?? 0, order_no: first.order_no, ok: true, message: '已发货' },
          {
            id: body.items[1]?.id ?? 0,
            order_no: third.order_no,
            ok: false,
            message: '订单当前状态为已取消',
          },
        ],
        succeeded: 1,
        failed: 1,
      }),
    });
    await pick(first);
    await pick(third);
    await expect.element(page.getByText(FULFILMENT_TEXT.selected(2))).toBeVisible();
    await page.getByRole('button', { name: FULFILMENT_TEXT.batchShip }).click();
    const form = page.getByRole('dialog', { name: FULFILMENT_TEXT.batchShip });
    await form.getByRole('combobox', { name: FULFILMENT_TEXT.carrier }).click();
    await page.getByRole('option', { name: '顺丰速运' }).click();
    await form
      .getByRole('textbox', { name: `${FULFILMENT_TEXT.trackingNo} ${first.order_no}` })
      .fill('sf1234567890123');
    await form
      .getByRole('textbox', { name: `${FULFILMENT_TEXT.trackingNo} ${third.order_no}` })
      .fill('SF1234567890124');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(result()).toHaveTextContent(FULFILMENT_TEXT.batchSummary(1, 1));
    await expect.element(result()).toHaveTextContent('订单当前状态为已取消');
    expect(server.calls('/api/order/batch-ship')).toEqual([
      {
        carrier: 'SF',
        sender_address_id: 31,
        items: [
          { id: first.id, tracking_no: 'SF1234567890123' },
          { id: third.id, tracking_no: 'SF1234567890124' },
        ],
      },
    ]);
    // The batch is done: the selection is cleared.
    expect(page.getByText(FULFILMENT_TEXT.selected(2)).query()).toBeNull();
  });

  it('buys the picked orders with each one’s supplier order number and cost, refusing empty rows first', async () => {
    const { server } = await renderInApp(BatchDesk, {
      ...session(),
      '/api/order/batch-purchase': (body) => ({
        results: body.items.map((item) => ({ id: item.id, order_no: '', ok: true, message: '已采购' })),
        succeeded: body.items.length,
        failed: 0,
      }),
    });
    await pick(first);
    await pick(second);
    await page.getByRole('button', { name: FULFILMENT_TEXT.batchPurchase }).click();
    const form = page.getByRole('dialog', { name: FULFILMENT_TEXT.batchPurchase });
    await form.getByRole('textbox', { name: purchaseInputLabel('supplier'), exact: true }).fill('1688');
    await form
      .getByRole('textbox', { name: `${purchaseInputLabel('supplier_order_no')} ${first.order_no}` })
      .fill('168800001');
    await form.getByRole('textbox', { name: `${purchaseInputLabel('cost')} ${first.order_no}` }).fill('25.5');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    // The second row is empty: its own fields say so, and nothing is sent.
    await expect
      .element(form.getByText(FULFILMENT_TEXT.required(purchaseInputLabel('supplier_order_no'))))
      .toBeVisible();
    await expect.element(form.getByText(FULFILMENT_TEXT.badCost)).toBeVisible();
    expect(server.calls('/api/order/batch-purchase')).toEqual([]);

    await form
      .getByRole('textbox', { name: `${purchaseInputLabel('supplier_order_no')} ${second.order_no}` })
      .fill('168800002');
    await form.getByRole('textbox', { name: `${purchaseInputLabel('cost')} ${second.order_no}` }).fill('30');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(result()).toHaveTextContent(FULFILMENT_TEXT.batchSummary(2, 0));
    expect(server.calls('/api/order/batch-purchase')).toEqual([
      {
        supplier: '1688',
        items: [
          { id: first.id, supplier_order_no: '168800001', cost: 2550 },
          { id: second.id, supplier_order_no: '168800002', cost: 3000 },
        ],
      },
    ]);
  });

  it('queues the picked orders for 一键采购', async () => {
    const { server } = await renderInApp(BatchDesk, {
      ...session(),
      '/api/purchase/start': (body) => ({
        results: body.ids.map((id) => ({ id, order_no: `#${id}`, ok: true, message: '已加入采购队列' })),
        succeeded: body.ids.length,
        failed: 0,
      }),
    });
    await pick(second);
    await pick(third);
    await page.getByRole('button', { name: PURCHASE_TEXT.batchOneClick }).click();
    const dialog = page.getByRole('dialog', { name: PURCHASE_TEXT.batchOneClick });
    await expect.element(dialog).toHaveTextContent(PURCHASE_TEXT.batchOneClickIntro(2));
    await dialog.getByRole('button', { name: PURCHASE_TEXT.start }).click();
    await expect.element(result()).toHaveTextContent(FULFILMENT_TEXT.batchSummary(2, 0));
    expect(server.calls('/api/purchase/start')).toEqual([{ ids: [second.id, third.id] }]);
  });

  it('cancels every order of the page with one reason', async () => {
    const { server } = await renderInApp(BatchDesk, {
      ...session(),
      '/api/order/batch-cancel': () => ({
        results: rows.map((row) => ({ id: row.id, order_no: row.order_no, ok: true, message: '已取消' })),
        succeeded: 3,
        failed: 0,
      }),
    });
    await page.getByRole('checkbox', { name: FULFILMENT_TEXT.selectPage }).click();
    await expect.element(page.getByText(FULFILMENT_TEXT.selected(3))).toBeVisible();
    await page.getByRole('button', { name: FULFILMENT_TEXT.batchCancel }).click();
    const form = page.getByRole('dialog', { name: FULFILMENT_TEXT.batchCancel });
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(form.getByText(FULFILMENT_TEXT.required(FULFILMENT_TEXT.reason))).toBeVisible();
    await form.getByRole('textbox', { name: FULFILMENT_TEXT.reason, exact: true }).fill('缺货');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(result()).toHaveTextContent(FULFILMENT_TEXT.batchSummary(3, 0));
    expect(server.calls('/api/order/batch-cancel')).toEqual([{ ids: [101, 102, 103], reason: '缺货' }]);
  });
});
