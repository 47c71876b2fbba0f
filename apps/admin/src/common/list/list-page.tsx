import { Button, useIsMobile } from '@consign/ui';
import { DataTable, type DataTableProps } from '@consign/ui/components/data-table';
import { Pagination } from '@consign/ui/components/pagination';
import { useId } from 'react';
import { usePageTitle } from '../page-title';
import { FilterBar, type FilterBarOptions } from './filter-bar';
import { type CardView, ListCards } from './list-cards';
import { StatusTabs } from './status-tabs';
import { LIST_TEXT } from './texts';
import type { ListControls } from './use-list';

/** Status tabs over the table, each one a value of one filter of the address. */
export interface ListTabs {
  /** The address key the tabs set (`status`, `auth_status`). */
  filter: string;
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  /** The tab list's name (default 状态). */
  label?: string;
  /** How many rows each tab holds under the other filters (absent while unknown). */
  counts?: Partial<Readonly<Record<string, number>>>;
}

export interface ListPageProps<Row extends { id: number }> {
  /** Default: the route's title (`staticData.title`). */
  title?: string;
  /** From `useList(route, list)`. */
  list: ListControls<Row>;
  columns: DataTableProps<Row>['columns'];
  /** The keyword box's placeholder; a list without a keyword filter (余额明细) leaves it out. */
  keywordPlaceholder?: string;
  /** More filters beside the keyword: the shop picker, the date range, pickers of the page. */
  filters?: FilterBarOptions;
  tabs?: ListTabs;
  /** Under the tabs, over the table (代发订单's exception views). */
  belowTabs?: React.ReactNode;
  /** Busy while the list query fetches; a page may say otherwise (a background refresh). */
  loading?: boolean;
  /** Extra controls in the toolbar (links to sub-pages, a create button). */
  actions?: React.ReactNode;
  /** Open a row (a detail dialog); the row becomes keyboard-activatable. */
  onRowClick?: (row: Row) => void;
  /** Dialogs of the page. */
  children?: React.ReactNode;
  /** The table's row selection (a page's checkbox column reads and toggles it). */
  selection?: Pick<DataTableProps<Row>, 'rowSelection' | 'onRowSelectionChange'> | undefined;
  /** On a phone (below 768 px) the rows as these cards instead of the table. */
  card?: CardView<Row>;
}

/**
 * A list page: title and actions, the filter row (`FilterBar`), status tabs, the table (skeleton rows
 * on the first load, the empty state, an error with 重试) and the pagination, all driven by the
 * address query through `useList`. On a phone a page that gives `card` shows its rows as cards.
 */
export function ListPage<Row extends { id: number }>({
  title,
  list,
  columns,
  keywordPlaceholder,
  filters,
  tabs,
  belowTabs,
  loading = list.query.isFetching,
  actions,
  onRowClick,
  children,
  selection,
  card,
}: ListPageProps<Row>) {
  const phone = useIsMobile();
  const routeTitle = usePageTitle();
  const heading = title ?? routeTitle;
  const headingId = useId();
  const { query } = list;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-lg font-semibold">
          {heading}
        </h1>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <FilterBar
        {...filters}
        keywordPlaceholder={keywordPlaceholder}
        value={list.filters}
        onSearch={list.setFilters}
        onReset={list.resetFilters}
      />
      {tabs ? (
        <StatusTabs
          options={tabs.options}
          labels={tabs.labels}
          label={tabs.label}
          counts={tabs.counts}
          value={list.filters[tabs.filter]}
          onChange={(value) => list.setFilters({ [tabs.filter]: value })}
        />
      ) : null}
      {belowTabs}
      {phone && card ? (
        <ListCards
          card={card}
          rows={query.data?.list ?? []}
          label={heading}
          loading={loading && !query.data}
          error={query.isError ? <LoadError onRetry={() => void query.refetch()} /> : undefined}
          onOpen={onRowClick}
          selection={selection}
        />
      ) : (
        <DataTable
          columns={columns}
          data={query.data?.list ?? []}
          loading={loading && !query.data}
          error={query.isError ? <LoadError onRetry={() => void query.refetch()} /> : undefined}
          label={heading}
          aria-busy={loading || undefined}
          getRowId={(row) => String(row.id)}
          {...(onRowClick ? { onRowClick } : {})}
          {...selection}
        />
      )}
      <Pagination
        current={list.pagination.current}
        pageSize={list.pagination.pageSize}
        total={query.data?.total ?? 0}
        disabled={loading}
        onChange={list.setPagination}
      />
      {children}
    </section>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 text-sm text-error">
      <span>{LIST_TEXT.loadFailed}</span>
      <Button type="button" size="sm" onClick={onRetry}>
        {LIST_TEXT.retry}
      </Button>
    </div>
  );
}
