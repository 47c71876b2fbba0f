import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Refusal } from '../../testing/fake-server';
import { linkedItems, pendingOrder, purchasedOrder, session, viewer } from '../../testing/order-fixtures';
import { renderInApp } from '../../testing/render-in-app';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { OrderDetailDialog } from './order-detail-dialog';
import { PURCHASE_TEXT } from './purchase-texts';
import { ORDER_TEXT } from './texts';

/** 订单详情 of order `id`, opened (as the list opens it from `?order=id`). */
function Detail({ id = pendingOrder.id }: { id?: number } = {}) {
  return <OrderDetailDialog id={id} open onOpenChange={() => {}} />;
}

const steps = () => page.getByRole('dialog', { name: ORDER_TEXT.detailTitle });

describe('订单详情', () => {
  it('shows the order as the server has it, with the steps its state allows', async () => {
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': () => linkedItems,
    });
    const dialog = steps();
    await expect.element(dialog.getByText(pendingOrder.platform_order_no ?? '')).toBeVisible();
    await expect.element(dialog.getByText(pendingOrder.order_no, { exact: true })).toBeVisible();
    await expect.element(dialog.getByText('待采购', { exact: true })).toBeVisible();
    await expect.element(dialog.getByText('张三 138****1234 上海市浦东新区世纪大道1号')).toBeVisible();
    await expect.element(dialog.getByText('请尽快发货')).toBeVisible();
    // The line's 货源 (关联货源 of the purchase items).
    await expect
      .element(dialog.getByText(PURCHASE_TEXT.sourceText('610000000001', 1)))
      .toHaveAttribute('href', 'https://detail.1688.com/offer/610000000001.html');
    await expect.element(dialog.getByText(FULFILMENT_TEXT.noEvents)).toBeVisible();
    // 待采购: 采购, 一键采购, 修改收货地址, 取消订单; nothing of a later state.
    for (const name of [
      FULFILMENT_TEXT.purchase,
      PURCHASE_TEXT.oneClick,
      FULFILMENT_TEXT.correctAddress,
      FULFILMENT_TEXT.cancel,
    ]) {
      await expect.element(dialog.getByRole('button', { name, exact: true })).toBeVisible();
    }
    expect(dialog.getByRole('button', { name: FULFILMENT_TEXT.ship, exact: true }).query()).toBeNull();
    expect(dialog.getByRole('button', { name: FULFILMENT_TEXT.complete, exact: true }).query()).toBeNull();
    expect(server.calls('/api/order/detail')).toEqual([{ id: pendingOrder.id }]);
    expect(server.calls('/api/purchase/items')).toEqual([{ id: pendingOrder.id }]);
  });

  it('shows a member without order:process the order but no step', async () => {
    await renderInApp(Detail, {
      ...session(viewer),
      '/api/order/detail': () => pendingOrder,
      '/api/purchase/items': () => linkedItems,
    });
    const dialog = steps();
    await expect.element(dialog.getByText(pendingOrder.order_no, { exact: true })).toBeVisible();
    await expect.element(dialog.getByText(FULFILMENT_TEXT.noEvents)).toBeVisible();
    expect(dialog.getByRole('button', { name: FULFILMENT_TEXT.purchase, exact: true }).query()).toBeNull();
    expect(dialog.getByRole('button', { name: PURCHASE_TEXT.oneClick }).query()).toBeNull();
    // Nor 关联货源 on the line.
    expect(dialog.getByRole('button', { name: PURCHASE_TEXT.relink }).query()).toBeNull();
  });

  it('says so when the order is not one of the account’s', async () => {
    await renderInApp(() => <Detail id={999} />, {
      ...session(),
      '/api/order/detail': () => new Refusal(404, '订单不存在'),
      '/api/purchase/items': () => new Refusal(404, '订单不存在'),
    });
    await expect.element(steps().getByRole('alert')).toHaveTextContent(ORDER_TEXT.orderMissing(999));
  });

  it('shows a bought order’s supplier, cost, profit and 处理记录, and 发货 as its next step', async () => {
    await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => purchasedOrder,
      '/api/purchase/items': () => linkedItems,
    });
    const dialog = steps();
    const fulfilment = dialog.getByRole('region', { name: FULFILMENT_TEXT.fulfilment });
    await expect.element(fulfilment).toHaveTextContent('供应商1688');
    await expect.element(fulfilment).toHaveTextContent('供应商订单号168800001');
    await expect.element(fulfilment).toHaveTextContent('¥50.00');
    await expect.element(fulfilment).toHaveTextContent('¥25.00');
    const timeline = dialog.getByRole('region', { name: FULFILMENT_TEXT.timeline });
    await expect.element(timeline).toHaveTextContent('采购 · 店主');
    await expect.element(timeline).toHaveTextContent('供应商 1688，供应商订单号 168800001，采购成本 ¥50.00');
    await expect
      .element(dialog.getByRole('button', { name: FULFILMENT_TEXT.ship, exact: true }))
      .toBeVisible();
    expect(dialog.getByRole('button', { name: FULFILMENT_TEXT.purchase, exact: true }).query()).toBeNull();
  });

  it('shows the server’s refusal of 完成 and the order as it stands now', async () => {
    const shipped = {
      ...purchasedOrder,
      status: 'shipped' as const,
      carrier: 'SF',
      tracking_no: 'SF1234567890123',
    };
    let current: typeof purchasedOrder = shipped;
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => current,
      '/api/purchase/items': () => linkedItems,
      '/api/order/complete': () => {
        // Another member cancelled it meanwhile.
        current = { ...shipped, status: 'cancelled', cancel_reason: '买家取消' };
        return new Refusal(409, '订单当前状态为已取消，不能完成');
      },
    });
    const dialog = steps();
    await dialog.getByRole('button', { name: FULFILMENT_TEXT.complete, exact: true }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('订单当前状态为已取消，不能完成');
    expect(server.calls('/api/order/complete')).toEqual([{ id: pendingOrder.id }]);
    // The refusal refreshed the order: 已取消, its reason, and no step left.
    await expect.element(dialog.getByText('已取消', { exact: true })).toBeVisible();
    await expect
      .element(dialog.getByRole('region', { name: FULFILMENT_TEXT.fulfilment }))
      .toHaveTextContent('买家取消');
    expect(dialog.getByRole('button', { name: FULFILMENT_TEXT.complete, exact: true }).query()).toBeNull();
  });
});
