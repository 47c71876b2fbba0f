import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Refusal } from '../../testing/fake-server';
import { linkedItems, purchasedOrder, senders, session } from '../../testing/order-fixtures';
import { renderInApp } from '../../testing/render-in-app';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { OrderDetailDialog } from './order-detail-dialog';
import { ORDER_TEXT } from './texts';

/** 订单详情 of the bought order, opened at its 发货 step (the list's 操作 › 发货). */
function ShipDetail() {
  return <OrderDetailDialog id={purchasedOrder.id} step="ship" open onOpenChange={() => {}} />;
}

const dialog = () => page.getByRole('dialog', { name: ORDER_TEXT.detailTitle });
const shipped = {
  ...purchasedOrder,
  status: 'shipped' as const,
  carrier: 'SF',
  tracking_no: 'SF1234567890123',
  sender: { name: '李四', mobile: '139****5678', region: '浙江省杭州市', address: '余杭区仓前街道1号' },
};

describe('发货', () => {
  it('checks the tracking number against the carrier, then ships from the default sender address', async () => {
    let current: typeof purchasedOrder = purchasedOrder;
    const { server } = await renderInApp(ShipDetail, {
      ...session(),
      '/api/order/detail': () => current,
      '/api/purchase/items': () => linkedItems,
      '/api/address/index': () => senders,
      '/api/order/ship': () => {
        current = shipped;
        return { id: purchasedOrder.id, status: 'shipped' };
      },
    });
    const form = dialog().getByRole('form', { name: FULFILMENT_TEXT.ship });
    // The default sender address is picked already.
    await expect
      .element(form.getByRole('combobox', { name: FULFILMENT_TEXT.sender }))
      .toHaveTextContent('李四 浙江省杭州市余杭区仓前街道1号');
    await form.getByRole('combobox', { name: FULFILMENT_TEXT.carrier }).click();
    await page.getByRole('option', { name: '顺丰速运' }).click();
    await form.getByRole('textbox', { name: FULFILMENT_TEXT.trackingNo, exact: true }).fill('7123456789012');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(form.getByText('运单号格式与顺丰速运不符（应为SF 加 13 位数字）')).toBeVisible();
    expect(server.calls('/api/order/ship')).toEqual([]);

    await form
      .getByRole('textbox', { name: FULFILMENT_TEXT.trackingNo, exact: true })
      .fill(' sf1234567890123 ');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(page.getByText(FULFILMENT_TEXT.done('发货', purchasedOrder.order_no))).toBeVisible();
    expect(server.calls('/api/order/ship')).toEqual([
      { id: purchasedOrder.id, carrier: 'SF', tracking_no: 'SF1234567890123', sender_address_id: 31 },
    ]);
    // The order as it is now: 已发货 with its carrier, tracking number and sender.
    await expect.element(dialog().getByText('已发货', { exact: true })).toBeVisible();
    const fulfilment = dialog().getByRole('region', { name: FULFILMENT_TEXT.fulfilment });
    await expect.element(fulfilment).toHaveTextContent('快递公司顺丰速运');
    await expect.element(fulfilment).toHaveTextContent('运单号SF1234567890123');
    await expect.element(fulfilment).toHaveTextContent('李四 139****5678 浙江省杭州市余杭区仓前街道1号');
  });

  it('ships from another sender address when one is picked', async () => {
    const { server } = await renderInApp(ShipDetail, {
      ...session(),
      '/api/order/detail': () => purchasedOrder,
      '/api/purchase/items': () => linkedItems,
      '/api/address/index': () => senders,
      '/api/order/ship': () => ({ id: purchasedOrder.id, status: 'shipped' }),
    });
    const form = dialog().getByRole('form', { name: FULFILMENT_TEXT.ship });
    await form.getByRole('combobox', { name: FULFILMENT_TEXT.carrier }).click();
    await page.getByRole('option', { name: '中通快递' }).click();
    await form.getByRole('textbox', { name: FULFILMENT_TEXT.trackingNo, exact: true }).fill('712345678901');
    await form.getByRole('combobox', { name: FULFILMENT_TEXT.sender }).click();
    await page.getByRole('option', { name: '王五 广东省广州市白云区机场路2号' }).click();
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(page.getByText(FULFILMENT_TEXT.done('发货', purchasedOrder.order_no))).toBeVisible();
    expect(server.calls('/api/order/ship')).toEqual([
      { id: purchasedOrder.id, carrier: 'ZTO', tracking_no: '712345678901', sender_address_id: 32 },
    ]);
  });

  it('keeps the form with the server’s refusal when another member shipped first', async () => {
    await renderInApp(ShipDetail, {
      ...session(),
      '/api/order/detail': () => purchasedOrder,
      '/api/purchase/items': () => linkedItems,
      '/api/address/index': () => senders,
      '/api/order/ship': () => new Refusal(409, '订单当前状态为已发货，不能发货'),
    });
    const form = dialog().getByRole('form', { name: FULFILMENT_TEXT.ship });
    await form.getByRole('combobox', { name: FULFILMENT_TEXT.carrier }).click();
    await page.getByRole('option', { name: '顺丰速运' }).click();
    await form
      .getByRole('textbox', { name: FULFILMENT_TEXT.trackingNo, exact: true })
      .fill('SF1234567890123');
    await form.getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(form.getByRole('alert')).toHaveTextContent('订单当前状态为已发货，不能发货');
    await expect
      .element(form.getByRole('textbox', { name: FULFILMENT_TEXT.trackingNo, exact: true }))
      .toHaveValue('SF1234567890123');
  });
});
