import { describe, expect, it } from 'vitest';
import { submitForm } from '../../common/form-testing';
import { ADDRESS_TEXT, addressForm, addressMessages, addressValues } from './address-form';

describe('the address form', () => {
  it('asks for every field and a valid mobile, and sends the version it read', async () => {
    const empty = addressValues(null, 'return');
    expect(empty.kind).toBe('return');
    const refused = await submitForm(addressForm, addressMessages, empty);
    expect(Object.keys(refused.errors)).toEqual(['name', 'mobile', 'region', 'address']);
    expect(refused.errors).toEqual(ADDRESS_TEXT.errors);
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
    const { errors, body } = await submitForm(addressForm, addressMessages, {
      ...addressValues(address),
      mobile: '138 0000 0001',
    });
    expect(errors).toEqual({});
    expect(body).toMatchObject({ id: 4, version: 3, mobile: '13800000001' });
  });
});
