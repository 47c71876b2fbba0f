import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search';

describe('parseSearch', () => {
  it('reads flat keys as strings, with or without the leading ?', () => {
    expect(parseSearch('?pageIndex=2&pageSize=50&keyword=%E5%A5%BD')).toEqual({
      pageIndex: '2',
      pageSize: '50',
      keyword: '好',
    });
    expect(parseSearch('pageIndex=2')).toEqual({ pageIndex: '2' });
    expect(parseSearch('')).toEqual({});
    expect(parseSearch('?')).toEqual({});
  });

  it('keeps nonsense values as strings for the route schemas to reject', () => {
    expect(parseSearch('?pageIndex=abc&pageSize=-5&x')).toEqual({ pageIndex: 'abc', pageSize: '-5', x: '' });
  });

  it('reads arrays up to 20 items and turns a longer one or an index past 20 into an object', () => {
    expect(parseSearch('?ids[]=1&ids[]=2')).toEqual({ ids: ['1', '2'] });
    expect(parseSearch('?ids=1&ids=2')).toEqual({ ids: ['1', '2'] });
    // qs's documented rule: "any array members with an index of greater than 20" become object keys.
    expect(parseSearch('?a[20]=x')).toEqual({ a: ['x'] });
    expect(parseSearch('?a[21]=x')).toEqual({ a: { 21: 'x' } });
    const twenty = Array.from({ length: 20 }, (_, i) => `b[]=${i}`).join('&');
    expect(parseSearch(`?${twenty}`).b).toHaveLength(20);
    const long = parseSearch(`?${twenty}&b[]=20`).b;
    expect(Array.isArray(long)).toBe(false);
    expect(Object.keys(long as object)).toHaveLength(21);
  });

  it('cuts 2,000 junk parameters at 1,000 without throwing', () => {
    const junk = Array.from({ length: 2000 }, (_, i) => `junk${i}=${i}`).join('&');
    const parsed = parseSearch(`?pageIndex=3&${junk}`);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.pageIndex).toBe('3');
    expect(parsed.junk998).toBe('998');
    expect(parsed).not.toHaveProperty('junk999');
  });

  it('stops nesting at depth 5 and keeps the rest of the key as a literal', () => {
    expect(parseSearch('?a[b][c][d][e][f][g][h]=1')).toEqual({
      a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } },
    });
  });

  it('never lets a query touch the prototype', () => {
    const parsed = parseSearch('?__proto__[polluted]=1&constructor[prototype][polluted]=1') as Record<
      string,
      unknown
    >;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(parsed, '__proto__')).toBe(false);
  });

  it('survives malformed encoding', () => {
    expect(parseSearch('?a=%E0%A4%A&b=%')).toEqual({ a: '%E0%A4%A', b: '%' });
  });

  it('never throws and always answers a plain object (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (input) => {
        const parsed = parseSearch(input);
        expect(typeof parsed).toBe('object');
        expect(parsed).not.toBeNull();
      }),
    );
  });
});

describe('stringifySearch', () => {
  it('writes nothing for an empty search and a ? otherwise', () => {
    expect(stringifySearch({})).toBe('');
    expect(stringifySearch({ pageIndex: 2, keyword: '好 物' })).toBe(
      '?pageIndex=2&keyword=%E5%A5%BD%20%E7%89%A9',
    );
  });

  it('leaves out undefined and null', () => {
    expect(stringifySearch({ a: undefined, b: null, c: 'x' })).toBe('?c=x');
  });

  it('round-trips flat string values and arrays (property)', () => {
    // Keys that name Object.prototype members are dropped on purpose (allowPrototypes: false).
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/).filter((k) => !(k in Object.prototype));
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 10 }), (search) => {
        expect(parseSearch(stringifySearch(search))).toEqual(search);
      }),
    );
  });
});
