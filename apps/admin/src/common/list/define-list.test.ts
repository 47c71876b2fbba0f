import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../lib/search';
import { dateFrom, filter, idFilter, idFrom, listSearch, oneOf, openParam } from './define-list';

const schema = v.object({ ...listSearch.entries, keyword: filter, status: filter });
/** What a list route does with an address: qs-esm, then the route's schema. */
const fromUrl = (query: string) => v.parse(schema, parseSearch(query));

describe('listSearch (validateSearch of the list routes)', () => {
  it('reads pageIndex and pageSize as numbers and the filters as strings', () => {
    expect(fromUrl('?pageIndex=3&pageSize=50&keyword=abc&status=pending')).toEqual({
      pageIndex: 3,
      pageSize: 50,
      keyword: 'abc',
      status: 'pending',
    });
  });

  it('fills in the defaults 1 and 20', () => {
    expect(fromUrl('')).toEqual({ pageIndex: 1, pageSize: 20 });
  });

  it.each([
    ['?pageIndex=abc&pageSize=-5', 1, 20],
    ['?pageIndex=0&pageSize=0', 1, 20],
    ['?pageIndex=1.5&pageSize=2e1', 1, 20],
    ['?pageIndex=-1&pageSize=101', 1, 20],
    ['?pageIndex=99999999999&pageSize=100', 1, 100],
    ['?pageIndex=100001&pageSize=50', 1, 50],
    ['?pageIndex[]=2&pageSize[a]=3', 1, 20],
    ['?pageIndex=&pageSize=', 1, 20],
    ['?pageIndex=%20&pageSize=Infinity', 1, 20],
    ['?pageIndex=NaN&pageSize=0x10', 1, 20],
  ])('falls back to the defaults for %s', (query, pageIndex, pageSize) => {
    expect(fromUrl(query)).toMatchObject({ pageIndex, pageSize });
  });

  it('reads filters that are not short strings as none, keeping the key so the raw value cannot leak', () => {
    const parsed = fromUrl(`?keyword[]=a&status[x]=1&other=1`);
    expect(parsed).toEqual({ pageIndex: 1, pageSize: 20, keyword: undefined, status: undefined });
    // The keys are present (as undefined): they override the raw values when the router merges.
    expect(Object.keys(parsed).sort()).toEqual(['keyword', 'pageIndex', 'pageSize', 'status']);
    expect(fromUrl(`?keyword=${'x'.repeat(65)}`).keyword).toBeUndefined();
    expect(fromUrl(`?keyword=${'x'.repeat(64)}`).keyword).toHaveLength(64);
  });

  it('trims filters and reads a blank one as none', () => {
    expect(fromUrl('?keyword=%20abc%20&status=%20%20')).toMatchObject({ keyword: 'abc', status: undefined });
  });

  it('accepts numbers as they come from navigation', () => {
    expect(v.parse(schema, { pageIndex: 4, pageSize: 10 })).toMatchObject({ pageIndex: 4, pageSize: 10 });
  });

  it('reads its own output the same again: the router validates a validated search when it builds the address', () => {
    const ids = v.object({ ...listSearch.entries, keyword: filter, shop_id: idFilter, order: openParam });
    const once = v.parse(ids, parseSearch('?keyword=%20x&shop_id=7&order=123'));
    expect(once).toEqual({ pageIndex: 1, pageSize: 20, keyword: 'x', shop_id: 7, order: 123 });
    expect(v.parse(ids, once)).toEqual(once);
    const malformed = v.parse(ids, parseSearch('?order=abc'));
    expect(malformed.order).toBe('malformed');
    expect(v.parse(ids, malformed)).toEqual(malformed);
    expect(v.parse(ids, { keyword: 1.5, shop_id: -3 })).toMatchObject({
      keyword: undefined,
      shop_id: undefined,
    });
  });

  it('never throws on any query (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const result = fromUrl(query);
        expect(Number.isInteger(result.pageIndex) && result.pageIndex >= 1).toBe(true);
        expect(Number.isInteger(result.pageSize) && result.pageSize >= 1 && result.pageSize <= 100).toBe(
          true,
        );
        for (const key of ['keyword', 'status'] as const) {
          expect(result[key] === undefined || typeof result[key] === 'string').toBe(true);
        }
      }),
    );
  });
});

describe('address filters to API values', () => {
  it('oneOf keeps only the allowed values', () => {
    expect(oneOf('pending', ['pending', 'shipped'] as const)).toBe('pending');
    expect(oneOf('PENDING', ['pending'] as const)).toBeUndefined();
    expect(oneOf('toString', ['pending'] as const)).toBeUndefined();
    expect(oneOf(undefined, ['pending'] as const)).toBeUndefined();
  });

  it('idFrom reads positive ids only', () => {
    expect(idFrom('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '01', '1e3', ' 1', '12345678901', ''])
      expect(idFrom(bad), bad).toBeUndefined();
  });

  it('dateFrom reads YYYY-MM-DD only', () => {
    expect(dateFrom('2026-11-22')).toBe('2026-11-22');
    for (const bad of ['2026-1-2', '22/11/2026', '2026-11-22T00:00', ''])
      expect(dateFrom(bad), bad).toBeUndefined();
  });
});
