import { Button, Checkbox, IconButton, toast } from '@consign/ui';
import type { OnChangeFn, RowSelectionState } from '@consign/ui/components/data-table';
import { Copy } from 'lucide-react';
import type * as React from 'react';
import { useId } from 'react';
import { LIST_TEXT } from './texts';

/**
 * What a list page shows of a row on a phone (below `MOBILE_BREAKPOINT`), where `ListPage` draws cards
 * in place of the table: a page opts in by naming the fields, the frame does the rest.
 */
export interface CardView<Row> {
  /**
   * The card's first line: the number the row is known by and what it is (平台订单号), with a 复制
   * button named after it; null: the row has none (a dash).
   */
  number: (row: Row) => { label: string; text: string } | null;
  /** Beside the number: the row's status badge (and its marks). */
  badge?: (row: Row) => React.ReactNode;
  /** The body's first block (an order's goods: picture, title, SKU, quantity). */
  body?: (row: Row) => React.ReactNode;
  /** Labelled values under it (金额, 店铺), two per line. */
  fields?: readonly { label: string; value: (row: Row) => React.ReactNode }[];
  /** The row's actions (the table's 操作), at the card's foot after 详情. */
  actions?: (row: Row) => React.ReactNode;
}

export interface ListCardsProps<Row extends { id: number }> {
  card: CardView<Row>;
  rows: readonly Row[];
  /** The list's name (the region's label, as the table's). */
  label: string;
  loading: boolean;
  /** Shown instead of the cards (a load error with 重试). */
  error?: React.ReactNode;
  /** 详情 opens the row (a detail dialog). */
  onOpen?: ((row: Row) => void) | undefined;
  /** The table's row selection: each card gets a checkbox, the list a 全选本页. */
  selection?:
    | { rowSelection?: RowSelectionState; onRowSelectionChange?: OnChangeFn<RowSelectionState> }
    | undefined;
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(LIST_TEXT.copied(text));
  } catch {
    toast.error(LIST_TEXT.copyFailed);
  }
}

/** A list's rows as cards (the phone's table), with the table's states: skeletons, empty, error. */
export function ListCards<Row extends { id: number }>({
  card,
  rows,
  label,
  loading,
  error,
  onOpen,
  selection,
}: ListCardsProps<Row>) {
  const selectPageId = useId();
  const selected = selection?.rowSelection ?? {};
  const select = selection?.onRowSelectionChange;
  const allSelected = rows.length > 0 && rows.every((row) => selected[String(row.id)]);
  const someSelected = rows.some((row) => selected[String(row.id)]);
  let content: React.ReactNode;
  if (error && !loading) content = <div className="px-4 py-6">{error}</div>;
  else if (loading) {
    content = [0, 1, 2].map((n) => (
      <div key={n} data-slot="list-card-skeleton" className="h-32 animate-pulse rounded-lg bg-muted" />
    ));
  } else if (rows.length === 0) {
    content = <p className="py-10 text-center text-muted-foreground text-sm">{LIST_TEXT.empty}</p>;
  } else {
    content = rows.map((row) => {
      const id = String(row.id);
      const number = card.number(row);
      return (
        <article
          key={row.id}
          data-slot="list-card"
          data-state={selected[id] ? 'selected' : undefined}
          aria-label={number?.text ?? id}
          className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-3 data-[state=selected]:border-primary"
        >
          <div className="flex items-start gap-2">
            {select ? (
              <Checkbox
                className="mt-1"
                aria-label={LIST_TEXT.selectRow(number?.text ?? id)}
                checked={Boolean(selected[id])}
                onCheckedChange={(on) => select((prev) => ({ ...prev, [id]: on === true }))}
              />
            ) : null}
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
              <span className="flex min-w-0 items-center gap-1">
                {number ? <span className="sr-only">{number.label}</span> : null}
                <span data-slot="list-card-number" className="break-all font-medium font-mono">
                  {number?.text ?? LIST_TEXT.none}
                </span>
                {number ? (
                  <IconButton
                    size="sm"
                    aria-label={LIST_TEXT.copy(number.label)}
                    onClick={() => void copyText(number.text)}
                  >
                    <Copy />
                  </IconButton>
                ) : null}
              </span>
              {card.badge ? (
                <span className="flex flex-wrap items-center gap-1">{card.badge(row)}</span>
              ) : null}
            </div>
          </div>
          {card.body?.(row)}
          {card.fields?.length ? (
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {card.fields.map((field) => (
                <div key={field.label} className="min-w-0">
                  <dt className="text-muted-foreground text-xs">{field.label}</dt>
                  <dd className="truncate">{field.value(row)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {onOpen || card.actions ? (
            <div
              data-slot="list-card-actions"
              className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 border-border border-t pt-2"
            >
              {onOpen ? (
                <Button variant="link" onClick={() => onOpen(row)}>
                  {LIST_TEXT.detail}
                </Button>
              ) : null}
              {card.actions?.(row)}
            </div>
          ) : null}
        </article>
      );
    });
  }
  return (
    <section
      data-slot="list-cards"
      aria-label={label}
      aria-busy={loading || undefined}
      className="flex flex-col gap-3"
    >
      {select && rows.length > 0 && !loading ? (
        <span className="flex items-center gap-2 text-sm">
          <Checkbox
            id={selectPageId}
            checked={allSelected ? true : someSelected ? 'indeterminate' : false}
            onCheckedChange={(on) =>
              select(on === true ? Object.fromEntries(rows.map((row) => [String(row.id), true])) : {})
            }
          />
          <label htmlFor={selectPageId}>{LIST_TEXT.selectPage}</label>
        </span>
      ) : null}
      {content}
    </section>
  );
}
