import { describe, expect, it } from 'vitest';
import {
  addressBody,
  emptyShip,
  purchaseBody,
  shipBody,
  validateAddress,
  validatePurchase,
  validateShip,
} from './step-forms';

describe('the step forms', () => {
  it('purchase: every field required, the cost in yuan with at most two decimals, sent in fen', () => {
    expect(Object.keys(validatePurchase({ supplier: '', supplier_order_no: '', cost: 'x' }))).toEqual([
      'supplier',
      'supplier_order_no',
      'cost',
    ]);
    const values = { supplier: ' 1688 ', supplier_order_no: 'CG1', cost: '12.30' };
    expect(validatePurchase(values)).toEqual({});
    expect(purchaseBody(7, values)).toEqual({
      id: 7,
      supplier: '1688',
      supplier_order_no: 'CG1',
      cost: 1230,
    });
  });

  it('ship: the default sender preselected, the tracking number checked against the carrier', () => {
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
    const empty = emptyShip([...addresses]);
    expect(empty.sender_address_id).toBe('2');
    expect(validateShip({ ...empty, carrier: 'SF', tracking_no: 'YT1234567890123' }).tracking_no).toMatch(
      /顺丰速运/,
    );
    const ok = { ...empty, carrier: 'SF' as const, tracking_no: ' sf1234567890123' };
    expect(validateShip(ok)).toEqual({});
    expect(shipBody(3, ok)).toEqual({
      id: 3,
      carrier: 'SF',
      tracking_no: 'SF1234567890123',
      sender_address_id: 2,
    });
  });

  it('修改收货地址: name and address required; the mobile kept when left empty, else a mainland mobile', () => {
    const values = { name: ' 王芳 ', mobile: '', address: ' 文三路 1 号 ' };
    expect(validateAddress(values)).toEqual({});
    expect(addressBody(5, 3, values)).toEqual({ id: 5, name: '王芳', address: '文三路 1 号', version: 3 });
    expect(Object.keys(validateAddress({ name: '', mobile: '12345', address: '' }))).toEqual([
      'name',
      'mobile',
      'address',
    ]);
    expect(validateAddress({ ...values, mobile: '11012345678' }).mobile).toBeDefined();
    const typed = { ...values, mobile: '136 2222 3333' };
    expect(validateAddress(typed)).toEqual({});
    expect(addressBody(5, 1, typed)).toEqual({
      id: 5,
      name: '王芳',
      mobile: '13622223333',
      address: '文三路 1 号',
      version: 1,
    });
  });
});
