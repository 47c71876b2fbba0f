import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type Row,
  type RowData,
  type RowSelectionState,
  useReactTable,
} from '@tanstack/react-table';
import type * as React from 'react';
import { cn } from '../lib/cn';

/** Default texts; pass `copy` to translate. */
export const dataTableCopy = {
  label: '数据表格',
  empty: '暂无数据',
  loading: '加载中',
} as const;
export type DataTableCopy = { [K in keyof typeof dataTableCopy]: string };

/** Per-column styling read from `columnDef.meta`. */
export interface DataTableColumnMeta {
  /** Classes for the column's header and body cells (width, alignment). */
  className?: string;
  align?: 'left' | 'center' | 'right';
}

export type DataTableProps<TData extends RowData, TValue = unknown> = Omit<
  React.ComponentProps<'div'>,
  'children'
> & {
  columns: ColumnDef<TData, TValue>[];
  data: TData[];
  /** Paint skeleton rows (count `skeletonRows`) and mark the table busy. */
  loading?: boolean;
  /** Skeleton rows while loading; pass the page size. Default 10. */
  skeletonRows?: number;
  /** Shown when there are no rows and nothing is loading. Default: 暂无数据. */
  empty?: React.ReactNode;
  /** Shown instead of the rows when set (e.g. a retry panel). */
  error?: React.ReactNode;
  /** Makes rows clickable and keyboard-activatable (Tab, Enter or Space). */
  onRowClick?: (row: TData, event: React.MouseEvent | React.KeyboardEvent) => void;
  getRowId?: (row: TData, index: number) => string;
  /**
   * Row selection, controlled (TanStack Table's `rowSelection` state, keyed by `getRowId`): a column's
   * `header` and `cell` read and toggle it through `table` and `row` (`row.getIsSelected()`,
   * `table.toggleAllPageRowsSelected()`). A selected row has `data-state="selected"`.
   */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Height of the scroll container; the header stays sticky inside it. */
  maxHeight?: number | string;
  /** Accessible name of the table (default 数据表格). */
  label?: string;
  copy?: Partial<DataTableCopy>;
};

const alignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

function metaOf(meta: unknown): DataTableColumnMeta {
  return (meta ?? {}) as DataTableColumnMeta;
}

function DefaultEmpty({ text }: { text: string }) {
  return (
    <div
      data-slot="data-table-empty"
      className="flex flex-col items-center gap-2 py-10 text-muted-foreground"
    >
      <svg viewBox="0 0 64 41" width="64" height="41" aria-hidden="true" className="text-border">
        <g fill="none" fillRule="evenodd" transform="translate(0 1)">
          <ellipse cx="32" cy="33" rx="32" ry="7" fill="currentColor" opacity=".6" />
          <g stroke="currentColor" strokeWidth="1.5">
            <path d="M55 12.8 44.9 1.3C44.4.5 43.7 0 43 0H21c-.7 0-1.4.5-1.9 1.3L9 12.8V22h46v-9.2Z" />
            <path d="M41.6 15.9c0-1.6 1-2.9 2.2-2.9H55v18.1c0 2.1-1.3 3.9-3 3.9H12c-1.7 0-3-1.8-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 2.9 0 1.6 1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.3 2.2-2.9Z" />
          </g>
        </g>
      </svg>
      <span className="text-sm">{text}</span>
    </div>
  );
}

/** Rows of data on TanStack Table: sticky header, horizontal scroll, loading skeleton, empty and error slots. */
export function DataTable<TData extends RowData, TValue = unknown>({
  columns,
  data,
  loading = false,
  skeletonRows = 10,
  empty,
  error,
  onRowClick,
  getRowId,
  rowSelection,
  onRowSelectionChange,
  maxHeight,
  label,
  copy: copyOverride,
  className,
  style,
  ...props
}: DataTableProps<TData, TValue>) {
  const t = { ...dataTableCopy, ...copyOverride };
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    ...(getRowId ? { getRowId } : {}),
    ...(rowSelection ? { state: { rowSelection }, enableRowSelection: true } : {}),
    ...(onRowSelectionChange ? { onRowSelectionChange } : {}),
  });
  const leafColumns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const clickable = Boolean(onRowClick);

  const activate = (row: Row<TData>, event: React.MouseEvent | React.KeyboardEvent) => {
    // A button or link inside a cell does its own thing; it does not also open the row.
    const interactive = (event.target as HTMLElement).closest(
      'a,button,input,select,textarea,[role="button"]',
    );
    if (interactive && interactive !== event.currentTarget) return;
    onRowClick?.(row.original, event);
  };

  let body: React.ReactNode;
  if (error && !loading) {
    body = (
      <tr data-slot="data-table-error-row">
        <td colSpan={leafColumns.length} data-slot="data-table-error" className="px-4 py-6">
          {error}
        </td>
      </tr>
    );
  } else if (loading) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity.
      <tr key={index} data-slot="data-table-skeleton-row" className="border-b border-border last:border-0">
        {leafColumns.map((column) => (
          <td key={column.id} className="px-4 py-3">
            <div data-slot="data-table-skeleton" className="h-4 w-3/4 animate-pulse rounded-sm bg-muted" />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr data-slot="data-table-empty-row">
        <td colSpan={leafColumns.length}>{empty ?? <DefaultEmpty text={t.empty} />}</td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr
        key={row.id}
        data-slot="data-table-row"
        data-row-id={row.id}
        data-state={row.getIsSelected() ? 'selected' : undefined}
        data-clickable={clickable ? '' : undefined}
        tabIndex={clickable ? 0 : undefined}
        onClick={clickable ? (event) => activate(row, event) : undefined}
        onKeyDown={
          clickable
            ? (event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  activate(row, event);
                }
              }
            : undefined
        }
        className={cn(
          'border-b border-border transition-colors last:border-0 hover:bg-muted/60',
          clickable &&
            'cursor-pointer outline-none focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        )}
      >
        {row.getVisibleCells().map((cell) => {
          const meta = metaOf(cell.column.columnDef.meta);
          return (
            <td
              key={cell.id}
              data-slot="data-table-cell"
              className={cn('px-4 py-3 align-middle', meta.align && alignClass[meta.align], meta.className)}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
    ));
  }

  return (
    <section
      data-slot="data-table"
      data-state={loading ? 'loading' : error ? 'error' : rows.length === 0 ? 'empty' : 'ready'}
      aria-label={label ?? t.label}
      aria-busy={loading || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so that keyboard users can scroll it.
      tabIndex={0}
      className={cn(
        'relative w-full overflow-auto rounded-md border border-border bg-card text-card-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      style={{ ...(maxHeight !== undefined ? { maxHeight } : {}), ...style }}
      {...props}
    >
      <table data-slot="data-table-table" className="w-full min-w-max border-collapse text-sm">
        <thead data-slot="data-table-header" className="sticky top-0 z-10 bg-muted text-muted-foreground">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} data-slot="data-table-header-row">
              {group.headers.map((header) => {
                const meta = metaOf(header.column.columnDef.meta);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    colSpan={header.colSpan}
                    data-slot="data-table-head"
                    className={cn(
                      'whitespace-nowrap border-b border-border px-4 py-2.5 text-left font-medium',
                      meta.align && alignClass[meta.align],
                      meta.className,
                    )}
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody data-slot="data-table-body">{body}</tbody>
      </table>
      {loading && <span className="sr-only">{t.loading}</span>}
    </section>
  );
}

export type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
