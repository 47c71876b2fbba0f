import { describe, expect, it } from 'vitest';
import { type SkuRow, skuRows, skusBody } from './goods-skus-form';

const source = { offer_id: '610000000001', spec_id: 'spec-1', quantity: 1, cost: 1850 };
const cup = { offer_id: '610000000002', spec_id: null, quantity: 2, cost: 2390 };
const row = (patch: Partial<SkuRow>): SkuRow => ({
  key: 'k',
  spec: '白色,L',
  price: '29.90',
  stock: '5',
  outer_sku_id: '',
  source: { ...source, spec_text: '白色,L' },
  backup: null,
  ...patch,
});

describe('规格与货源: the 备用货源 of a SKU', () => {
  it('is saved inside the 货源 and read back into its own row field', () => {
    const { skus, errors } = skusBody([row({ backup: { ...cup, spec_text: '' } })]);
    expect(errors).toEqual({});
    expect(skus?.[0]?.source).toEqual({ ...source, backup: cup });
    const [read] = skuRows(skus ?? []);
    expect(read?.backup).toEqual({ ...cup, spec_text: '' });
    expect(read?.source).toMatchObject(source);
  });

  it('needs a first 货源, and may not be the same spec', () => {
    expect(skusBody([row({ source: null, backup: { ...cup, spec_text: '' } })]).errors[0]).toBe(
      '请先关联首选货源，再设置备用货源',
    );
    expect(skusBody([row({ backup: { ...source, spec_text: '' } })]).errors[0]).toBe(
      '备用货源不能与首选货源是同一规格',
    );
  });
});
