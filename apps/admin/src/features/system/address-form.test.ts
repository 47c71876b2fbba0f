import { describe, expect, it } from 'vitest';
import { addressToForm, formToAddress, validateAddress } from './address-form';

describe('the address form', () => {
  it('asks for every field and a valid mobile, and sends the version it read', () => {
    const empty = addressToForm(null, 'return');
    expect(empty.kind).toBe('return');
    expect(Object.keys(validateAddress(empty))).toEqual(['name', 'mobile', 'region', 'address']);
    const address = {
      id: 4,
      kind: 'sender',
      name: '仓库',
      mobile: '13800000000',
      region: '浙江省',
      address: '1 号',
      is_default: false,
      version: 3,
    } as const;
    const values = { ...addressToForm(address), mobile: '138 0000 0001' };
    expect(validateAddress(values)).toEqual({});
    expect(formToAddress(address, values)).toMatchObject({ id: 4, version: 3, mobile: '13800000001' });
  });
});
