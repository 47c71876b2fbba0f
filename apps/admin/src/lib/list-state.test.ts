import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIST_DEFAULTS, listSearchSchema } from './list-search';
import {
  toListState,
  withFilters,
  withoutFilters,
  withPage,
  withPageSize,
  withPagination,
} from './list-state';
import { parseSearch } from './search';

const validateOrderSearch = listSearchSchema(['keyword', 'status']);
/** The route calls its validator with whatever the address held. */
const orderSearch = (input: unknown) =>
  validateOrderSearch(input as Parameters<typeof validateOrderSearch>[0]);
/** What a route does with an address: qs, then the route's schema. */
const fromUrl = (query: string) => orderSearch(parseSearch(query));

describe('listSearchSchema (validateSearch of the list routes)', () => {
  it('reads pageIndex and pageSize as numbers and the filters as strings', () => {
    expect(fromUrl('?pageIndex=3&pageSize=50&keyword=abc&status=pending')).toEqual({
      pageIndex: 3,
      pageSize: 50,
      keyword: 'abc',
      status: 'pending',
    });
  });

  it('fills in the defaults 1 and 20', () => {
    expect(fromUrl('')).toEqual({ pageIndex: 1, pageSize: 20, keyword: undefined, status: undefined });
  });

  it.each([
    ['?pageIndex=abc&pageSize=-5', 1, 20],
    ['?pageIndex=0&pageSize=0', 1, 20],
    ['?pageIndex=1.5&pageSize=2e1', 1, 20],
    ['?pageIndex=-1&pageSize=101', 1, 20],
    ['?pageIndex=99999999999&pageSize=100', 1, 100],
    ['?pageIndex[]=2&pageSize[a]=3', 1, 20],
    ['?pageIndex=&pageSize=', 1, 20],
    ['?pageIndex=%20&pageSize=Infinity', 1, 20],
    ['?pageIndex=NaN&pageSize=0x10', 1, 20],
  ])('falls back to the defaults for %s', (query, pageIndex, pageSize) => {
    expect(fromUrl(query)).toMatchObject({ pageIndex, pageSize });
  });

  it('drops filters that are not short strings and never throws', () => {
    const parsed = fromUrl(`?keyword[]=a&status[x]=1&other=1&keyword2=${'x'.repeat(10)}`);
    expect(parsed).toEqual({ pageIndex: 1, pageSize: 20, keyword: undefined, status: undefined });
    // The keys are present (as undefined), so they override the raw values when the router merges.
    expect(Object.keys(parsed).sort()).toEqual(['keyword', 'pageIndex', 'pageSize', 'status']);
    expect(fromUrl(`?keyword=${'x'.repeat(65)}`).keyword).toBeUndefined();
  });

  it('accepts numbers as they come from navigation', () => {
    expect(orderSearch({ pageIndex: 4, pageSize: 10 })).toMatchObject({ pageIndex: 4, pageSize: 10 });
  });

  it('never throws on any query (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const result = orderSearch(parseSearch(query));
        expect(Number.isInteger(result.pageIndex) && result.pageIndex >= 1).toBe(true);
        expect(Number.isInteger(result.pageSize) && result.pageSize >= 1 && result.pageSize <= 100).toBe(
          true,
        );
        for (const key of ['keyword', 'status'] as const) {
          expect(result[key] === undefined || typeof result[key] === 'string').toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('list state', () => {
  const search = { pageIndex: 3, pageSize: 50, keyword: 'abc', status: undefined };

  it('maps the search to pagination and filters, leaving out empty filters', () => {
    expect(toListState(search)).toEqual({
      pagination: { current: 3, pageSize: 50 },
      filters: { keyword: 'abc' },
    });
    expect(toListState({ pageIndex: 1, pageSize: 20, keyword: '' })).toEqual({
      pagination: { current: 1, pageSize: 20 },
      filters: {},
    });
  });

  it('moves to a page and refuses impossible pages', () => {
    expect(withPage(search, 7)).toEqual({ ...search, pageIndex: 7 });
    expect(withPage(search, 0).pageIndex).toBe(LIST_DEFAULTS.pageIndex);
    expect(withPage(search, Number.NaN).pageIndex).toBe(LIST_DEFAULTS.pageIndex);
    expect(withPage(search, 2.5).pageIndex).toBe(LIST_DEFAULTS.pageIndex);
  });

  it('changing the page size goes back to page 1', () => {
    expect(withPageSize(search, 10)).toEqual({ ...search, pageIndex: 1, pageSize: 10 });
    expect(withPageSize(search, -1).pageSize).toBe(LIST_DEFAULTS.pageSize);
  });

  it('a pagination change moves the page, or goes back to 1 when the size changed', () => {
    expect(withPagination(search, 5, 50)).toEqual({ ...search, pageIndex: 5 });
    expect(withPagination(search, 5, 100)).toEqual({ ...search, pageIndex: 1, pageSize: 100 });
  });

  it('changing a filter resets the page to 1, keeps the other filters and trims', () => {
    expect(withFilters({ ...search, status: 'pending' }, { keyword: ' new ' })).toEqual({
      pageIndex: 1,
      pageSize: 50,
      keyword: 'new',
      status: 'pending',
    });
  });

  it('an empty or blank filter clears its key', () => {
    const next = withFilters(search, { keyword: '   ' });
    expect(next).toEqual({ pageIndex: 1, pageSize: 50, status: undefined });
    expect('keyword' in next).toBe(false);
    expect('keyword' in withFilters(search, { keyword: undefined })).toBe(false);
  });

  it('filters cannot overwrite the pagination keys', () => {
    const sneaky = { pageIndex: '9', pageSize: 'x' } as unknown as { keyword?: string };
    expect(withFilters(search, sneaky)).toMatchObject({ pageIndex: 1, pageSize: 50 });
  });

  it('clearing the filters keeps the page size only', () => {
    expect(withoutFilters(search)).toEqual({ pageIndex: 1, pageSize: 50 });
  });

  it('a written state reads back the same through the URL (property)', async () => {
    const { stringifySearch } = await import('./search');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.option(
          fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim() === s && s !== ''),
          {
            nil: undefined,
          },
        ),
        (page, size, keyword) => {
          const next = withFilters(withPageSize(withPage({ pageIndex: 1, pageSize: 20 }, page), size), {
            keyword,
          });
          const back = fromUrl(stringifySearch(next));
          expect(toListState(back)).toEqual(toListState(next));
        },
      ),
    );
  });
});
