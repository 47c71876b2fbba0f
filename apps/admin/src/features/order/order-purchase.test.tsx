import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { type Answer, Refusal } from '../../testing/fake-server';
import { linkedItems, pendingOrder, preview, purchasedOrder, session } from '../../testing/order-fixtures';
import { renderInApp } from '../../testing/render-in-app';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { OrderDetailDialog } from './order-detail-dialog';
import { purchaseInputLabel } from './purchase-inputs';
import { PURCHASE_TEXT } from './purchase-texts';
import { ORDER_TEXT } from './texts';

/** 订单详情 opened, as the list opens it. */
function Detail() {
  return <OrderDetailDialog id={pendingOrder.id} open onOpenChange={() => {}} />;
}

const dialog = () => page.getByRole('dialog', { name: ORDER_TEXT.detailTitle });

/** The detail of an order that becomes `after` once a purchase is sent. */
function orderBoughtBy(after: Answer<'/api/order/detail'>, before = pendingOrder) {
  let current = before;
  return {
    detail: () => current,
    buy: () => {
      current = after;
    },
  };
}

describe('采购', () => {
  it('refuses an empty form without a request, then sends the cost in fen and shows the order bought', async () => {
    const order = orderBoughtBy(purchasedOrder);
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': order.detail,
      '/api/purchase/items': () => linkedItems,
      '/api/order/purchase': () => {
        order.buy();
        return { id: pendingOrder.id, status: 'purchased' };
      },
    });
    await dialog().getByRole('button', { name: FULFILMENT_TEXT.purchase, exact: true }).click();
    const form = dialog().getByRole('form', { name: FULFILMENT_TEXT.purchase });
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect
      .element(form.getByText(FULFILMENT_TEXT.required(purchaseInputLabel('supplier')), { exact: true }))
      .toBeVisible();
    await expect
      .element(form.getByText(FULFILMENT_TEXT.required(purchaseInputLabel('supplier_order_no'))))
      .toBeVisible();
    await expect.element(form.getByText(FULFILMENT_TEXT.badCost)).toBeVisible();
    expect(server.calls('/api/order/purchase')).toEqual([]);

    await form.getByRole('textbox', { name: purchaseInputLabel('supplier'), exact: true }).fill('1688');
    await form
      .getByRole('textbox', { name: purchaseInputLabel('supplier_order_no'), exact: true })
      .fill('168800001');
    await form.getByRole('textbox', { name: purchaseInputLabel('cost'), exact: true }).fill('50');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(page.getByText(FULFILMENT_TEXT.done('采购', pendingOrder.order_no))).toBeVisible();
    expect(server.calls('/api/order/purchase')).toEqual([
      { id: pendingOrder.id, supplier: '1688', supplier_order_no: '168800001', cost: 5000 },
    ]);
    // The write refreshed the order: 已采购, with its supplier, and 发货 is its next step.
    await expect.element(dialog().getByText('已采购', { exact: true })).toBeVisible();
    await expect
      .element(dialog().getByRole('region', { name: FULFILMENT_TEXT.fulfilment }))
      .toHaveTextContent('供应商订单号168800001');
    await expect
      .element(dialog().getByRole('button', { name: FULFILMENT_TEXT.ship, exact: true }))
      .toBeVisible();
  });

  it('asks before buying for a blacklisted buyer, and says so to the server', async () => {
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => ({ ...pendingOrder, blacklisted: true }),
      '/api/purchase/items': () => linkedItems,
      '/api/order/purchase': () => ({ id: pendingOrder.id, status: 'purchased' }),
    });
    await dialog().getByRole('button', { name: FULFILMENT_TEXT.purchase, exact: true }).click();
    const form = dialog().getByRole('form', { name: FULFILMENT_TEXT.purchase });
    await form.getByRole('textbox', { name: purchaseInputLabel('supplier'), exact: true }).fill('1688');
    await form
      .getByRole('textbox', { name: purchaseInputLabel('supplier_order_no'), exact: true })
      .fill('168800002');
    await form.getByRole('textbox', { name: purchaseInputLabel('cost'), exact: true }).fill('12.5');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    const confirm = page.getByRole('alertdialog', { name: FULFILMENT_TEXT.blacklistTitle });
    await expect
      .element(confirm)
      .toHaveTextContent(FULFILMENT_TEXT.blacklistDescription(pendingOrder.buyer_name));
    expect(server.calls('/api/order/purchase')).toEqual([]);
    await confirm.getByRole('button', { name: FULFILMENT_TEXT.blacklistConfirm }).click();
    await expect.element(page.getByText(FULFILMENT_TEXT.done('采购', pendingOrder.order_no))).toBeVisible();
    expect(server.calls('/api/order/purchase')).toEqual([
      {
        id: pendingOrder.id,
        supplier: '1688',
        supplier_order_no: '168800002',
        cost: 1250,
        confirm_blacklist: true,
      },
    ]);
  });
});

describe('一键采购', () => {
  it('shows 1688’s price now and queues the order on 确认采购', async () => {
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': () => linkedItems,
      '/api/purchase/preview': () => preview,
      '/api/purchase/start': () => ({
        results: [
          { id: pendingOrder.id, order_no: pendingOrder.order_no, ok: true, message: '已加入采购队列' },
        ],
        succeeded: 1,
        failed: 0,
      }),
    });
    await dialog().getByRole('button', { name: PURCHASE_TEXT.oneClick, exact: true }).click();
    const form = dialog().getByRole('form', { name: PURCHASE_TEXT.oneClick });
    const prices = form.getByRole('definition');
    await expect.element(prices.nth(0)).toHaveTextContent('¥50.00');
    await expect.element(prices.nth(1)).toHaveTextContent('¥5.00');
    await expect.element(prices.nth(2)).toHaveTextContent('¥55.00');
    await expect.element(form.getByText(PURCHASE_TEXT.withinLimit(10))).toBeVisible();
    expect(server.calls('/api/purchase/preview')).toEqual([{ id: pendingOrder.id }]);
    await form.getByRole('button', { name: PURCHASE_TEXT.confirm }).click();
    await expect.element(page.getByText(PURCHASE_TEXT.queued(pendingOrder.order_no))).toBeVisible();
    expect(server.calls('/api/purchase/start')).toEqual([{ ids: [pendingOrder.id] }]);
    // Done: the detail shows its steps again.
    await expect
      .element(dialog().getByRole('button', { name: PURCHASE_TEXT.oneClick, exact: true }))
      .toBeVisible();
  });

  it('buys nothing when 1688’s price rose past 代发设置’s limit', async () => {
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': () => linkedItems,
      '/api/purchase/preview': () => ({ ...preview, goods: 6000, total: 6500, within_limit: false }),
    });
    await dialog().getByRole('button', { name: PURCHASE_TEXT.oneClick, exact: true }).click();
    const form = dialog().getByRole('form', { name: PURCHASE_TEXT.oneClick });
    await expect.element(form.getByRole('alert')).toHaveTextContent(PURCHASE_TEXT.overLimit(10));
    await expect.element(form.getByRole('button', { name: PURCHASE_TEXT.confirm })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(server.calls('/api/purchase/start')).toEqual([]);
  });

  it('shows the server’s reason when the order is refused', async () => {
    await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': () => linkedItems,
      '/api/purchase/preview': () => preview,
      '/api/purchase/start': () => ({
        results: [
          { id: pendingOrder.id, order_no: pendingOrder.order_no, ok: false, message: '1688账号未连接' },
        ],
        succeeded: 0,
        failed: 1,
      }),
    });
    await dialog().getByRole('button', { name: PURCHASE_TEXT.oneClick, exact: true }).click();
    const form = dialog().getByRole('form', { name: PURCHASE_TEXT.oneClick });
    await form.getByRole('button', { name: PURCHASE_TEXT.confirm }).click();
    await expect.element(form.getByRole('alert')).toHaveTextContent('1688账号未连接');
    // The form stays open (nothing was queued) with 确认采购 to try again.
    await expect.element(form.getByRole('button', { name: PURCHASE_TEXT.confirm })).toBeEnabled();
  });

  it('answers a preview 1688 cannot give with the server’s words', async () => {
    await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': () => linkedItems,
      '/api/purchase/preview': () => new Refusal(422, '第 1 件商品未关联货源'),
    });
    await dialog().getByRole('button', { name: PURCHASE_TEXT.oneClick, exact: true }).click();
    const form = dialog().getByRole('form', { name: PURCHASE_TEXT.oneClick });
    await expect.element(form.getByRole('alert')).toHaveTextContent('第 1 件商品未关联货源');
    await expect.element(form.getByRole('button', { name: PURCHASE_TEXT.confirm })).toBeDisabled();
  });
});
