import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../lib/search';
import { filter, LIST_DEFAULTS, listSearch } from './define-list';
import { filtersOf, withFilters, withoutFilters, withPagination } from './use-list';

const schema = v.object({ ...listSearch.entries, keyword: filter, status: filter });
const search = { pageIndex: 3, pageSize: 50, keyword: 'abc', status: undefined };

describe('list state', () => {
  it('reads the filters of a search, leaving out the pagination and empty filters', () => {
    expect(filtersOf(search)).toEqual({ keyword: 'abc' });
    expect(filtersOf({ pageIndex: 1, pageSize: 20, keyword: '' })).toEqual({});
  });

  it('a pagination change writes the page and size the Pagination reports', () => {
    expect(withPagination(search, 5, 50)).toEqual({ ...search, pageIndex: 5 });
    // The Pagination keeps the first visible row: row 101 (page 3 at 50) is on page 11 at 10.
    expect(withPagination(search, 11, 10)).toEqual({ ...search, pageIndex: 11, pageSize: 10 });
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
    expect(withFilters(search, { pageIndex: '9', pageSize: 'x' })).toMatchObject({
      pageIndex: 1,
      pageSize: 50,
    });
  });

  it('clearing the filters keeps the page size only', () => {
    expect(withoutFilters(search)).toEqual({ pageIndex: LIST_DEFAULTS.pageIndex, pageSize: 50 });
  });

  it('a written state reads back the same through the address (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.option(
          fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim() === s && s !== ''),
          { nil: undefined },
        ),
        (page, size, keyword) => {
          const written = withPagination(withFilters(v.parse(schema, {}), { keyword }), page, size);
          const read = v.parse(schema, parseSearch(stringifySearch(written)));
          expect(read).toEqual(written);
        },
      ),
    );
  });
});
