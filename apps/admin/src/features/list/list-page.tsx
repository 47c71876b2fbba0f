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
  /** A filter row under the title (`FilterBar`); replaces the keyword box. */
  filters?: React.ReactNode;
  /** Status tabs over the table (`StatusTabs`). */
  tabs?: React.ReactNode;
  /** Open a row (a detail dialog); the row becomes keyboard-activatable. */
  onRowClick?: DataTableProps<Row>['onRowClick'];
  /** Shown with the error: fetch again. */
  onRetry?: () => void;
  /** Dialogs of the page. */
  children?: React.ReactNode;
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
  filters,
  tabs,
  onRowClick,
  onRetry,
  children,
}: ListPageProps<S, Row>) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-lg font-semibold">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          {!filters && keywordPlaceholder ? (
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
      {filters}
      {tabs}
      <DataTable
        columns={columns}
        data={data?.list ?? []}
        loading={loading && !data}
        error={error ? <LoadError onRetry={onRetry} /> : undefined}
        label={title}
        aria-busy={loading || undefined}
        {...(getRowId ? { getRowId } : {})}
        {...(onRowClick ? { onRowClick } : {})}
      />
      <Pagination
        current={state.pagination.current}
        pageSize={state.pagination.pageSize}
        total={data?.total ?? 0}
        disabled={loading}
        onChange={state.setPagination}
      />
      {children}
    </section>
  );
}

function LoadError({ onRetry }: { onRetry: (() => void) | undefined }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 text-sm text-error">
      <span>{LIST_COPY.loadFailed}</span>
      {onRetry ? (
        <Button type="button" size="sm" onClick={onRetry}>
          {LIST_COPY.retry}
        </Button>
      ) : null}
    </div>
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
          wrapperClassName="w-56"
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
