import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import {
  addressForm,
  addressMessages,
  addressValues,
  emptyPurchase,
  emptyShip,
  purchaseForm,
  purchaseMessages,
  shipForm,
  shipMessages,
} from './step-forms';

const submit = submitForm;

describe('the step forms', () => {
  it('purchase: every field required, the cost in yuan with at most two decimals, sent in fen', async () => {
    const bad = await submit(purchaseForm, purchaseMessages, { ...emptyPurchase(7), cost: 'x' });
    expect(Object.keys(bad.errors)).toEqual(['supplier', 'supplier_order_no', 'cost']);
    expect(bad.errors.cost).toBe('请输入正确的金额（最多两位小数）');
    expect(bad.errors.supplier).toBe('请输入供应商');
    expect(
      (await submit(purchaseForm, purchaseMessages, { ...emptyPurchase(7), cost: '1.234' })).errors.cost,
    ).toBe('请输入正确的金额（最多两位小数）');
    const ok = await submit(purchaseForm, purchaseMessages, {
      id: 7,
      supplier: ' 1688 ',
      supplier_order_no: 'CG1',
      cost: '12.30',
    });
    expect(ok.errors).toEqual({});
    expect(ok.body).toEqual({ id: 7, supplier: '1688', supplier_order_no: 'CG1', cost: 1230 });
    // The limit is the contract's: 64 characters.
    expect(
      (
        await submit(purchaseForm, purchaseMessages, {
          id: 7,
          supplier: 'x'.repeat(65),
          supplier_order_no: 'a',
          cost: '1',
        })
      ).errors.supplier,
    ).toBe('请输入供应商');
  });

  it('ship: the default sender preselected, the tracking number checked against the carrier', async () => {
    const addresses = [
      {
        id: 1,
        kind: 'sender',
        name: 'a',
        mobile: '',
        region: '',
        address: '',
        is_default: false,
        version: 1,
      },
      { id: 2, kind: 'sender', name: 'b', mobile: '', region: '', address: '', is_default: true, version: 1 },
    ] as const;
    const empty = emptyShip(3, [...addresses]);
    expect(empty.sender_address_id).toBe('2');
    expect(
      Object.keys((await submit(shipForm, shipMessages, { ...empty, sender_address_id: '' })).errors),
    ).toEqual(['carrier', 'sender_address_id']);
    const wrong = await submit(shipForm, shipMessages, {
      ...empty,
      carrier: 'SF',
      tracking_no: 'YT1234567890123',
    });
    expect(wrong.errors.tracking_no).toMatch(/顺丰速运/);
    const ok = await submit(shipForm, shipMessages, {
      ...empty,
      carrier: 'SF',
      tracking_no: ' sf1234567890123',
    });
    expect(ok.errors).toEqual({});
    expect(ok.body).toEqual({ id: 3, carrier: 'SF', tracking_no: 'SF1234567890123', sender_address_id: 2 });
  });

  it('修改收货地址: name and address required; the mobile kept when left empty, else a mainland mobile', async () => {
    const values = {
      ...addressValues({ id: 5, version: 3, receiver: { name: ' 王芳 ', address: ' 文三路 1 号 ' } }),
    };
    const kept = await submit(addressForm, addressMessages, values);
    expect(kept.errors).toEqual({});
    expect(kept.body).toEqual({ id: 5, name: '王芳', address: '文三路 1 号', version: 3 });
    const bad = await submit(addressForm, addressMessages, {
      ...values,
      name: '',
      mobile: '12345',
      address: '',
    });
    expect(Object.keys(bad.errors).sort()).toEqual(['address', 'mobile', 'name']);
    expect(bad.errors.mobile).toBe('请输入正确的手机号');
    expect(
      (await submit(addressForm, addressMessages, { ...values, mobile: '11012345678' })).errors.mobile,
    ).toBeDefined();
    const typed = await submit(addressForm, addressMessages, {
      ...values,
      version: 1,
      mobile: '136 2222 3333',
    });
    expect(typed.errors).toEqual({});
    expect(typed.body).toEqual({
      id: 5,
      name: '王芳',
      mobile: '13622223333',
      address: '文三路 1 号',
      version: 1,
    });
  });
});
