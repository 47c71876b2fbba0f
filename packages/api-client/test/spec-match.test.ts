import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchSpec, specValues } from '../src';

const TEE = [
  { spec_id: 'w-l', spec: '白色,L', stock: 120 },
  { spec_id: 'w-xl', spec: '白色,XL', stock: 80 },
  { spec_id: 'n-xl', spec: '藏青,XL', stock: 0 },
];

describe('规格匹配', () => {
  it('chooses the spec the order names, not the first one', () => {
    expect(matchSpec('藏青,XL', TEE)?.spec_id).toBe('n-xl');
    expect(matchSpec('白色,XL', TEE)?.spec_id).toBe('w-xl');
  });

  it('reads full-width, case, spaces, separators, attribute names and common spellings as one', () => {
    for (const wanted of [
      '藏青；ｘｌ',
      'XL / 藏青色',
      '颜色：藏青 ，尺码：XL码',
      '藏蓝|xl',
      ' 藏青 、 X L ',
    ]) {
      expect(matchSpec(wanted, TEE)?.spec_id, wanted).toBe('n-xl');
    }
    expect(specValues('XXL,均码')).toEqual(specValues('2XL，Free Size'));
  });

  it('takes the one spec the line says less or more than; none when it fits several or none', () => {
    expect(matchSpec('XL 藏青 纯棉', TEE)?.spec_id).toBe('n-xl');
    expect(matchSpec('白色', TEE)).toBeNull();
    expect(matchSpec('红色,M', TEE)).toBeNull();
    expect(matchSpec('', TEE)).toBeNull();
  });

  it('property: a spec is found from its own values however they are ordered, spaced and separated', () => {
    const value = fc.constantFrom('白色', '藏青', '黑', '红色', 'S', 'M', 'L', 'XL', '2XL', '160', '170');
    const separator = fc.constantFrom(',', '，', ';', '；', '/', ' / ', '、', '|');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uniqueArray(value, { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 6,
          selector: (values) => [...values].sort().join(),
        }),
        fc.nat(),
        separator,
        fc.boolean(),
        (specValueLists, pick, sep, fullWidth) => {
          const specs = specValueLists.map((values, i) => ({ spec_id: String(i), spec: values.join(',') }));
          const chosen = specValueLists[pick % specValueLists.length] ?? [];
          let wanted = [...chosen].reverse().join(sep);
          if (fullWidth)
            wanted = wanted.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
          expect(matchSpec(wanted, specs)?.spec_id).toBe(String(pick % specValueLists.length));
        },
      ),
    );
  });
});
