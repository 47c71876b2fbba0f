import { STALE_RECORD_MESSAGE } from '@consign/api-client';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { VERSIONS_TEXT } from '../../common/versions/texts';
import { type Answer, Refusal } from '../../testing/fake-server';
import { linkedItems, pendingOrder, purchasedOrder, session } from '../../testing/order-fixtures';
import { renderInApp } from '../../testing/render-in-app';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { OrderDetailDialog } from './order-detail-dialog';
import { ORDER_TEXT } from './texts';

/** 订单详情 of the order, opened from the list. */
function Detail() {
  return <OrderDetailDialog id={pendingOrder.id} open onOpenChange={() => {}} />;
}

const dialog = () => page.getByRole('dialog', { name: ORDER_TEXT.detailTitle });
const form = () => dialog().getByRole('form', { name: FULFILMENT_TEXT.correctAddress });
const field = (name: string) => form().getByRole('textbox', { name, exact: true });
const receiverLine = (r: { name: string; mobile: string; address: string }) =>
  dialog().getByText(`${r.name} ${r.mobile} ${r.address}`);

/** The order as another member left it: a new receiver, the version after theirs. */
const correctedByOther: Answer<'/api/order/detail'> = {
  ...pendingOrder,
  receiver: { name: '李雷', mobile: '137****2222', address: '上海市浦东新区世纪大道8号' },
  version: 2,
};

describe('修改收货地址', () => {
  it('saves the corrected receiver at the version it was read, a new mobile only when typed', async () => {
    let current = pendingOrder;
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => current,
      '/api/purchase/items': () => linkedItems,
      '/api/order/address': (body) => {
        current = {
          ...current,
          receiver: { name: body.name, mobile: '139****1111', address: body.address },
          version: current.version + 1,
        };
        return { id: pendingOrder.id, status: 'pending' };
      },
    });
    await dialog().getByRole('button', { name: FULFILMENT_TEXT.correctAddress, exact: true }).click();
    // The receiver as it is; the mobile is masked, so its field starts empty (kept when left so).
    await expect.element(field(FULFILMENT_TEXT.receiverName)).toHaveValue('张三');
    await expect.element(field(FULFILMENT_TEXT.receiverAddress)).toHaveValue(pendingOrder.receiver.address);
    await expect.element(field(FULFILMENT_TEXT.receiverMobile)).toHaveValue('');
    await field(FULFILMENT_TEXT.receiverMobile).fill('1390000');
    await form().getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(form().getByText(FULFILMENT_TEXT.mobileInvalid)).toBeVisible();
    expect(server.calls('/api/order/address')).toEqual([]);

    await field(FULFILMENT_TEXT.receiverName).fill('张三丰');
    await field(FULFILMENT_TEXT.receiverMobile).fill('139 0000 1111');
    await field(FULFILMENT_TEXT.receiverAddress).fill('上海市浦东新区世纪大道2号');
    await form().getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect
      .element(page.getByText(FULFILMENT_TEXT.done('修改收货地址', pendingOrder.order_no)))
      .toBeVisible();
    expect(server.calls('/api/order/address')).toEqual([
      {
        id: pendingOrder.id,
        name: '张三丰',
        mobile: '13900001111',
        address: '上海市浦东新区世纪大道2号',
        version: pendingOrder.version,
      },
    ]);
    // The order read again shows the new receiver; the form is gone.
    await expect
      .element(receiverLine({ name: '张三丰', mobile: '139****1111', address: '上海市浦东新区世纪大道2号' }))
      .toBeVisible();
    expect(form().query()).toBeNull();
  });

  it('keeps what was typed when another member corrected it first, and reloads theirs on 重新加载', async () => {
    let current = pendingOrder;
    const { server } = await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => current,
      '/api/purchase/items': () => linkedItems,
      '/api/order/address': (body) => {
        if (body.version === correctedByOther.version) return { id: pendingOrder.id, status: 'pending' };
        // Another member saved version 2 meanwhile.
        current = correctedByOther;
        return new Refusal(409, STALE_RECORD_MESSAGE);
      },
    });
    await dialog().getByRole('button', { name: FULFILMENT_TEXT.correctAddress, exact: true }).click();
    await field(FULFILMENT_TEXT.receiverAddress).fill('上海市浦东新区世纪大道3号');
    await form().getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect.element(form().getByRole('alert')).toHaveTextContent(STALE_RECORD_MESSAGE);
    // Nothing typed is lost, and nothing is saved over theirs; the detail shows the order as it is now.
    await expect.element(field(FULFILMENT_TEXT.receiverAddress)).toHaveValue('上海市浦东新区世纪大道3号');
    await expect.element(receiverLine(correctedByOther.receiver)).toBeVisible();

    await form().getByRole('button', { name: VERSIONS_TEXT.reload }).click();
    await expect.element(field(FULFILMENT_TEXT.receiverName)).toHaveValue('李雷');
    await expect
      .element(field(FULFILMENT_TEXT.receiverAddress))
      .toHaveValue(correctedByOther.receiver.address);
    expect(form().getByRole('alert').query()).toBeNull();
    await form().getByRole('button', { name: FULFILMENT_TEXT.submit }).click();
    await expect
      .element(page.getByText(FULFILMENT_TEXT.done('修改收货地址', pendingOrder.order_no)))
      .toBeVisible();
    expect(server.calls('/api/order/address').map((body) => [body.address, body.version])).toEqual([
      ['上海市浦东新区世纪大道3号', 1],
      [correctedByOther.receiver.address, 2],
    ]);
  });

  it('offers no correction once the order has shipped', async () => {
    await renderInApp(Detail, {
      ...session(),
      '/api/order/detail': () => ({
        ...purchasedOrder,
        status: 'shipped',
        carrier: 'SF',
        tracking_no: 'SF1234567890123',
      }),
      '/api/purchase/items': () => linkedItems,
    });
    await expect.element(dialog().getByText('已发货', { exact: true })).toBeVisible();
    await expect
      .element(dialog().getByRole('button', { name: FULFILMENT_TEXT.complete, exact: true }))
      .toBeVisible();
    expect(
      dialog().getByRole('button', { name: FULFILMENT_TEXT.correctAddress, exact: true }).query(),
    ).toBeNull();
  });
});
