import {
  ORDER_EXCEPTIONS,
  type Order,
  type OrderException,
  type OrderExceptionCounts,
} from '@consign/api-client';
import { Button, cn } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { EXCEPTION_TEXT } from './texts';

/**
 * 异常订单: the exception views of 代发订单 under its status tabs (docs/design.md#order-exceptions),
 * each with its count under the list's other filters (`/api/order/exception-counts`). Choosing one
 * puts `exception` in the address (and leaves the status tab); choosing it again leaves the view.
 */
export function OrderExceptionViews({
  value,
  counts,
  onChange,
}: {
  value: OrderException | undefined;
  counts: OrderExceptionCounts['counts'] | undefined;
  onChange: (value: OrderException | undefined) => void;
}) {
  return (
    <div data-slot="exception-views" className="flex flex-col gap-1">
      <fieldset aria-label={EXCEPTION_TEXT.views} className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{EXCEPTION_TEXT.views}</span>
        {ORDER_EXCEPTIONS.map((kind) => {
          const count = counts?.[kind];
          const on = value === kind;
          return (
            <Button
              key={kind}
              size="sm"
              aria-pressed={on}
              data-kind={kind}
              variant={on ? 'primary' : 'default'}
              onClick={() => onChange(on ? undefined : kind)}
            >
              {EXCEPTION_TEXT.labels[kind]}
              {count === undefined ? null : (
                <span
                  data-slot="exception-count"
                  className={cn('ml-1 tabular-nums', count > 0 && !on ? 'text-error' : '')}
                >
                  {count}
                </span>
              )}
            </Button>
          );
        })}
      </fieldset>
      {value ? <p className="text-muted-foreground text-xs">{EXCEPTION_TEXT.hint[value]}</p> : null}
    </div>
  );
}

/** The 异常原因 column of a view: the server's reason for the order being in it. */
export function exceptionReasonColumn(kind: OrderException): DataTableProps<Order>['columns'][number] {
  return {
    id: 'exception_reason',
    header: EXCEPTION_TEXT.reason,
    cell: ({ row }) => {
      const reason = row.original.exceptions?.find((e) => e.kind === kind)?.reason;
      return (
        <span data-slot="exception-reason" className="block max-w-64 break-all text-error text-sm">
          {reason ?? ''}
        </span>
      );
    },
  };
}
