import { Button, Input } from '@consign/ui';
import { DataTable, type DataTableProps } from '@consign/ui/components/data-table';
import { Pagination } from '@consign/ui/components/pagination';
import { useEffect, useId, useState } from 'react';
import type { ListSearchValue } from '../../lib/list-state';
import type { ListStateControls } from '../../lib/use-list-state';
import { LIST_COPY } from './copy';

export interface ListPageProps<S extends ListSearchValue & { keyword?: string }, Row> {
  title: string;
  /** From `useListState(route)`. */
  state: ListStateControls<S>;
  /** The page of rows from the list query (undefined while the first page loads). */
  data: { list: Row[]; total: number } | undefined;
  loading: boolean;
  error: boolean;
  columns: DataTableProps<Row>['columns'];
  /** Placeholder of the keyword box; no box when absent. */
  keywordPlaceholder?: string;
  getRowId?: (row: Row) => string;
  /** Extra controls in the toolbar (links to sub-pages). */
  actions?: React.ReactNode;
}

/**
 * A plain list page: title, keyword filter, table and pagination, all driven by the address query.
 * The domain pages grow from here (features/<domain>/).
 */
export function ListPage<S extends ListSearchValue & { keyword?: string }, Row>({
  title,
  state,
  data,
  loading,
  error,
  columns,
  keywordPlaceholder,
  getRowId,
  actions,
}: ListPageProps<S, Row>) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-lg font-semibold">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {keywordPlaceholder ? (
            <KeywordFilter
              value={state.filters.keyword ?? ''}
              placeholder={keywordPlaceholder}
              onSearch={(keyword) => state.setFilters({ keyword } as Parameters<typeof state.setFilters>[0])}
              onReset={state.resetFilters}
            />
          ) : null}
          {actions}
        </div>
      </div>
      <DataTable
        columns={columns}
        data={data?.list ?? []}
        loading={loading && !data}
        error={error ? LIST_COPY.loadFailed : undefined}
        label={title}
        {...(getRowId ? { getRowId } : {})}
      />
      <Pagination
        current={state.pagination.current}
        pageSize={state.pagination.pageSize}
        total={data?.total ?? 0}
        disabled={loading}
        onChange={state.setPagination}
      />
    </section>
  );
}

function KeywordFilter({
  value,
  placeholder,
  onSearch,
  onReset,
}: {
  value: string;
  placeholder: string;
  onSearch: (keyword: string) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState(value);
  // Back/forward changes the address: the box follows it.
  useEffect(() => setDraft(value), [value]);
  return (
    <search>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft);
        }}
      >
        <Input
          aria-label={LIST_COPY.keyword}
          placeholder={placeholder}
          value={draft}
          maxLength={64}
          onChange={(event) => setDraft(event.target.value)}
          className="w-56"
        />
        <Button type="submit" variant="primary">
          {LIST_COPY.search}
        </Button>
        <Button type="button" onClick={onReset}>
          {LIST_COPY.reset}
        </Button>
      </form>
    </search>
  );
}
