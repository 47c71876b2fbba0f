import {
  type BatchResult,
  normalizeTrackingNo,
  ORDER_BATCH_MAX,
  type Order,
  type OrderFilter,
  trackingNoProblem,
} from '@consign/api-client';
import {
  orderBatchCancelBodySchema,
  orderBatchPurchaseBodySchema,
  orderBatchShipBodySchema,
} from '@consign/api-client/contract';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  toast,
} from '@consign/ui';
import type { DataTableProps, OnChangeFn, RowSelectionState } from '@consign/ui/components/data-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod';
import { FormProblem, landServerError, maxLengthOf, useContractForm } from '../../common/form';
import { FormDialog } from '../../common/list/form-dialog';
import { selectColumn } from '../../common/list/select-column';
import { useRowSelection } from '../../common/list/use-row-selection';
import { problemMessage } from '../../common/problem-message';
import { callMutation, invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import {
  emptyPurchaseInputs,
  PurchaseInput,
  purchaseFieldProblem,
  purchaseFieldsOf,
  purchaseMessagesOf,
  typedPurchaseShape,
} from './purchase-inputs';
import { PURCHASE_TEXT } from './purchase-texts';
import { ShipPickers, useSenders } from './ship-fields';
import { EXCEPTION_TEXT } from './texts';

/**
 * Batch work on 代发订单: TanStack Table's row selection (a checkbox per row and 全选本页), or every
 * order matching the filter; then 批量采购 (one supplier, a supplier order number and a cost per row:
 * selected rows only), 批量发货 (one carrier and sender, a tracking number per row: selected rows
 * only), 批量一键采购 (selected rows only: each queued for 1688) or 批量取消 (one reason), each a form on the
 * contract's body schema (`useContractForm`). The server handles each order on its own; the result
 * dialog lists each order's result row by row.
 */

export type Selection = { kind: 'rows'; ids: ReadonlySet<number> } | { kind: 'filter' };

/** The selection column: the table's own row selection, read and toggled through `table` and `row`. */
const selectColumns: DataTableProps<Order>['columns'] = [
  selectColumn<Order>({
    page: FULFILMENT_TEXT.selectPage,
    row: (order) => FULFILMENT_TEXT.selectRow(order.order_no),
  }),
];

/**
 * The selection of a list page (`address`: `ListControls.address`): the ids of the rows picked
 * (`useRowSelection`: a live refresh keeps those still on the page), or every order matching the
 * filter (all rows of the page show picked; unpicking one goes back to picking rows). Another filter,
 * page or page size starts unselected. The table holds it as its `rowSelection`.
 */
export function useOrderSelection(rows: readonly Order[] | undefined, address: string) {
  const picked = useRowSelection(rows, address);
  const [allFor, setAllFor] = useState<string | null>(null);
  const all = allFor === address;
  const selection: Selection = all ? { kind: 'filter' } : { kind: 'rows', ids: picked.ids };
  const rowSelection: RowSelectionState = all
    ? Object.fromEntries((rows ?? []).map((r) => [String(r.id), true]))
    : picked.table.rowSelection;
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (update) => {
    const next = typeof update === 'function' ? update(rowSelection) : update;
    setAllFor(null);
    picked.table.onRowSelectionChange(next);
  };
  return {
    selection,
    selectAllMatching: () => setAllFor(address),
    columns: selectColumns,
    table: { rowSelection, onRowSelectionChange },
    clear: () => {
      setAllFor(null);
      picked.clear();
    },
  };
}

type BatchKind = 'purchase' | 'oneclick' | 'ship' | 'cancel';

/** The batches of the selected rows only (each row has its own fields or is queued): off by filter. */
const ROW_BATCHES = [
  { kind: 'purchase', label: FULFILMENT_TEXT.batchPurchase, onlyPage: FULFILMENT_TEXT.batchPurchaseOnlyPage },
  { kind: 'oneclick', label: PURCHASE_TEXT.batchOneClick, onlyPage: PURCHASE_TEXT.batchOneClickOnlyPage },
  { kind: 'ship', label: FULFILMENT_TEXT.batchShip, onlyPage: FULFILMENT_TEXT.batchShipOnlyPage },
] as const satisfies readonly { kind: BatchKind; label: string; onlyPage: string }[];

export interface OrderBatchBarProps {
  rows: readonly Order[];
  /** How many orders match the filter (the list's total). */
  total: number;
  filter: OrderFilter;
  selection: Selection;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

/** The bar over the table while rows are selected: the count, 选择全部符合筛选的 N 单, the batch buttons. */
export function OrderBatchBar({
  rows,
  total,
  filter,
  selection,
  onSelectAllMatching,
  onClear,
}: OrderBatchBarProps) {
  const [kind, setKind] = useState<BatchKind | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const count = selection.kind === 'filter' ? total : selection.ids.size;
  const selectedRows = selection.kind === 'rows' ? rows.filter((r) => selection.ids.has(r.id)) : [];
  // By filter, the batch says how many orders the user saw: the server refuses it when that changed.
  const target: BatchTarget =
    selection.kind === 'filter' ? { filter, expected_count: total } : { ids: selectedRows.map((r) => r.id) };
  const done = (answer: BatchResult) => {
    setKind(null);
    setResult(answer);
    onClear();
  };
  const close = (open: boolean) => {
    if (!open) setKind(null);
  };
  if (count === 0 && !result) return null;
  return (
    <>
      {count > 0 ? (
        <div data-slot="order-batch-bar" className="flex flex-wrap items-center gap-2 text-sm">
          <span aria-live="polite">
            {selection.kind === 'filter'
              ? FULFILMENT_TEXT.allMatching(count)
              : FULFILMENT_TEXT.selected(count)}
          </span>
          {selection.kind === 'rows' && total > selection.ids.size && total <= ORDER_BATCH_MAX ? (
            <Button variant="link" onClick={onSelectAllMatching}>
              {FULFILMENT_TEXT.selectAllMatching(total)}
            </Button>
          ) : null}
          {selection.kind === 'rows' && total > ORDER_BATCH_MAX ? (
            <span className="text-muted-foreground">
              {FULFILMENT_TEXT.tooManyMatching(total, ORDER_BATCH_MAX)}
            </span>
          ) : null}
          <Button variant="link" onClick={onClear}>
            {FULFILMENT_TEXT.clearSelection}
          </Button>
          {ROW_BATCHES.map((batch) => (
            <Button
              key={batch.kind}
              onClick={() => setKind(batch.kind)}
              disabled={selection.kind === 'filter'}
              title={selection.kind === 'filter' ? batch.onlyPage : undefined}
            >
              {batch.label}
            </Button>
          ))}
          <PayBatchButton ids={selectedRows.map((r) => r.id)} disabled={selection.kind === 'filter'} />
          {selection.kind === 'filter' || selectedRows.some((r) => r.writeback) ? (
            <WritebackBatchButton rows={selectedRows} disabled={selection.kind === 'filter'} onDone={done} />
          ) : null}
          <Button className="text-error" onClick={() => setKind('cancel')}>
            {FULFILMENT_TEXT.batchCancel}
          </Button>
        </div>
      ) : null}
      {/* Each opening is a new form (mounted while open). */}
      {kind === 'cancel' ? (
        <CancelBatchDialog count={count} target={target} onOpenChange={close} onDone={done} />
      ) : null}
      {kind === 'purchase' ? (
        <PurchaseBatchDialog rows={selectedRows} onOpenChange={close} onDone={done} />
      ) : null}
      {kind === 'oneclick' ? (
        <OneClickBatchDialog ids={selectedRows.map((r) => r.id)} onOpenChange={close} onDone={done} />
      ) : null}
      {kind === 'ship' ? <ShipBatchDialog rows={selectedRows} onOpenChange={close} onDone={done} /> : null}
      <BatchResultDialog result={result} onOpenChange={(open) => !open && setResult(null)} />
    </>
  );
}

/**
 * 批量付款: asks for 1688's cashier of the selected orders' 1688 orders still 待付款 and opens it in a
 * new tab (opened at the click, so no popup blocker stops it, then sent to the cashier; closed again
 * when there is nothing to pay). The payment is seen by the supplier logistics follow-up.
 */
function PayBatchButton({ ids, disabled }: { ids: number[]; disabled: boolean }) {
  const api = useApi();
  // Changes nothing in Consign (1688 is asked for a link): no list to refresh.
  const pay = useMutation({
    mutationFn: (body: { ids: number[] }) =>
      api.call('/api/purchase/pay-url', body, { skipErrorHandler: true }),
  });
  const click = () => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    pay.mutate(
      { ids },
      {
        onSuccess: (answer) => {
          if (tab) tab.location.href = answer.url;
          else window.open(answer.url, '_blank', 'noopener');
          toast.success(PURCHASE_TEXT.payOpened(answer.orders));
          if (answer.skipped.length > 0) toast.info(PURCHASE_TEXT.paySkipped(answer.skipped));
        },
        onError: (error) => {
          tab?.close();
          toast.error(problemMessage(error));
        },
      },
    );
  };
  return (
    <Button
      onClick={click}
      disabled={disabled || pay.isPending}
      title={disabled ? PURCHASE_TEXT.batchPayOnlyPage : undefined}
    >
      {pay.isPending ? PURCHASE_TEXT.paying : PURCHASE_TEXT.batchPay}
    </Button>
  );
}

/**
 * 批量重新回传 (回传失败's retry): 重新回传 of each selected order in turn, each call its own (and its
 * own operation-log entry); the result dialog lists each order's outcome.
 */
function WritebackBatchButton({
  rows,
  disabled,
  onDone,
}: {
  rows: readonly Order[];
  disabled: boolean;
  onDone: (result: BatchResult) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: async (orders: readonly Order[]): Promise<BatchResult> => {
      const results: BatchResult['results'] = [];
      for (const order of orders) {
        try {
          await api.call('/api/order/writeback-retry', { id: order.id }, { skipErrorHandler: true });
          results.push({
            id: order.id,
            order_no: order.order_no,
            ok: true,
            message: EXCEPTION_TEXT.writebackRetried,
          });
        } catch (error) {
          results.push({ id: order.id, order_no: order.order_no, ok: false, message: problemMessage(error) });
        }
      }
      const succeeded = results.filter((r) => r.ok).length;
      return { results, succeeded, failed: results.length - succeeded };
    },
    onSuccess: onDone,
    onSettled: () => invalidateAfter(queryClient, '/api/order/writeback-retry'),
  });
  return (
    <Button
      onClick={() => retry.mutate(rows)}
      disabled={disabled || retry.isPending}
      title={disabled ? EXCEPTION_TEXT.batchWritebackOnlyPage : undefined}
    >
      {retry.isPending ? EXCEPTION_TEXT.writebackRetrying : EXCEPTION_TEXT.batchWriteback}
    </Button>
  );
}

/** What every batch dialog takes: closing it, and the batch's answer. */
interface BatchDialogProps {
  onOpenChange: (open: boolean) => void;
  onDone: (result: BatchResult) => void;
}

type BatchPath =
  | '/api/order/batch-cancel'
  | '/api/order/batch-purchase'
  | '/api/order/batch-ship'
  | '/api/purchase/start';

/** The call of a batch: its answer goes to `onDone` (the result dialog), a refusal to `onError`. */
function useBatchCall<P extends BatchPath>(
  path: P,
  onDone: (result: BatchResult) => void,
  onError: (error: unknown) => void,
) {
  const api = useApi();
  return useMutation({ ...callMutation(api, path, { skipErrorHandler: true }), onSuccess: onDone, onError });
}

/** 批量取消's one reason: the contract's field. */
const cancelForm = z.object({ text: orderBatchCancelBodySchema.shape.reason });

type BatchTarget = { ids: number[] } | { filter: OrderFilter; expected_count: number };

/** 批量取消: one reason, for the selected rows or every order matching the filter. */
function CancelBatchDialog({
  count,
  target,
  onOpenChange,
  onDone,
}: BatchDialogProps & { count: number; target: BatchTarget }) {
  const form = useContractForm(cancelForm, {
    defaultValues: { text: '' },
    messages: { text: FULFILMENT_TEXT.required(FULFILMENT_TEXT.reason) },
  });
  const run = useBatchCall('/api/order/batch-cancel', onDone, (error) => landServerError(form, error));
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={FULFILMENT_TEXT.batchCancel}
      description={FULFILMENT_TEXT.selected(count)}
      pending={run.isPending}
      onSubmit={form.handleSubmit(({ text }) => run.mutate({ ...target, reason: text }))}
    >
      <Field label={FULFILMENT_TEXT.reason} error={form.formState.errors.text?.message} required>
        <Input maxLength={maxLengthOf(cancelForm.shape.text)} autoComplete="off" {...form.register('text')} />
      </Field>
      <FormProblem errors={form.formState.errors} />
    </FormDialog>
  );
}

/** 批量采购's fields given once for all orders, and those each order has its own (purchase-fields.ts). */
const sharedPurchaseFields = purchaseFieldsOf('shared');
const rowPurchaseFields = purchaseFieldsOf('row');
const batchPurchaseItem = orderBatchPurchaseBodySchema.shape.items.element;
/**
 * 批量采购's form: the contract's body, each row's money typed in yuan (at most two decimals) and sent
 * in fen.
 */
const batchPurchaseForm = orderBatchPurchaseBodySchema.extend({
  items: z.array(batchPurchaseItem.extend(typedPurchaseShape(rowPurchaseFields))),
});

/** 批量采购: the shared fields once, and per selected order its own fields. */
function PurchaseBatchDialog({ rows, onOpenChange, onDone }: BatchDialogProps & { rows: readonly Order[] }) {
  const form = useContractForm(batchPurchaseForm, {
    defaultValues: {
      ...emptyPurchaseInputs(sharedPurchaseFields),
      items: rows.map((r) => ({ id: r.id, ...emptyPurchaseInputs(rowPurchaseFields) })),
    },
    messages: purchaseMessagesOf(sharedPurchaseFields),
  });
  const run = useBatchCall('/api/order/batch-purchase', onDone, (error) => landServerError(form, error));
  const { errors, isSubmitted } = form.formState;
  // The form resolver reports a list field as one error: each row says its own problem here, once a
  // submit was tried (the schema above still decides what is sent).
  const typed = form.watch('items');
  const rowProblem = (index: number, name: (typeof rowPurchaseFields)[number]) => {
    const item = typed[index];
    return isSubmitted && item ? purchaseFieldProblem(name, item[name] ?? '') : undefined;
  };
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={FULFILMENT_TEXT.batchPurchase}
      description={FULFILMENT_TEXT.selected(rows.length)}
      pending={run.isPending}
      onSubmit={form.handleSubmit((body) => run.mutate(body))}
    >
      {sharedPurchaseFields.map((name) => (
        <PurchaseInput key={name} name={name} error={errors[name]?.message} input={form.register(name)} />
      ))}
      <div className="flex max-h-72 flex-col gap-3 overflow-y-auto" data-slot="batch-purchase-rows">
        {rows.map((row, index) => (
          <fieldset key={row.id} className="grid gap-2 sm:grid-cols-2" data-slot="batch-purchase-row">
            <legend className="mb-1 font-mono text-sm">{row.order_no}</legend>
            {rowPurchaseFields.map((name) => (
              <PurchaseInput
                key={name}
                name={name}
                suffix={row.order_no}
                error={rowProblem(index, name)}
                input={form.register(`items.${index}.${name}`)}
              />
            ))}
          </fieldset>
        ))}
      </div>
      {errors.items?.message ? (
        <p role="alert" className="text-error text-sm">
          {errors.items.message}
        </p>
      ) : null}
      <FormProblem errors={errors} />
    </FormDialog>
  );
}

/**
 * 批量一键采购: the selected orders (ids only) are queued for the `purchase` job; each order's result
 * (queued, or refused with its reason) in the result dialog. The orders move on as the job buys them.
 */
function OneClickBatchDialog({ ids, onOpenChange, onDone }: BatchDialogProps & { ids: number[] }) {
  const [problem, setProblem] = useState<string | null>(null);
  const run = useBatchCall('/api/purchase/start', onDone, (error) => setProblem(problemMessage(error)));
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-slot="batch-one-click">
        <DialogHeader>
          <DialogTitle>{PURCHASE_TEXT.batchOneClick}</DialogTitle>
          <DialogDescription>{PURCHASE_TEXT.batchOneClickIntro(ids.length)}</DialogDescription>
        </DialogHeader>
        {problem ? (
          <p role="alert" className="text-error text-sm">
            {problem}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{FULFILMENT_TEXT.close}</Button>
          </DialogClose>
          <Button
            type="button"
            variant="primary"
            disabled={run.isPending || ids.length === 0}
            onClick={() => run.mutate({ ids })}
          >
            {run.isPending ? PURCHASE_TEXT.starting : PURCHASE_TEXT.start}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const batchShipItem = orderBatchShipBodySchema.shape.items.element;
/**
 * 批量发货's form: the contract's body, each tracking number typed as the carrier prints it (trimmed,
 * upper-cased) and required; a number in another carrier's format is that row's refusal in the result.
 */
const batchShipForm = orderBatchShipBodySchema.extend({
  items: z.array(
    batchShipItem.extend({
      tracking_no: z
        .string()
        .transform(normalizeTrackingNo)
        .pipe(batchShipItem.shape.tracking_no.min(1, FULFILMENT_TEXT.required(FULFILMENT_TEXT.trackingNo))),
    }),
  ),
});

/** 批量发货: one carrier and sender address, a tracking number per selected order. */
function ShipBatchDialog({ rows, onOpenChange, onDone }: BatchDialogProps & { rows: readonly Order[] }) {
  const { defaultSender } = useSenders(true);
  const form = useContractForm(batchShipForm, {
    defaultValues: {
      carrier: '' as z.input<typeof batchShipForm>['carrier'],
      sender_address_id: defaultSender === undefined ? '' : String(defaultSender),
      items: rows.map((r) => ({ id: r.id, tracking_no: '' })),
    },
    messages: {
      carrier: FULFILMENT_TEXT.pickOne(FULFILMENT_TEXT.carrier),
      sender_address_id: FULFILMENT_TEXT.pickOne(FULFILMENT_TEXT.sender),
    },
  });
  const run = useBatchCall('/api/order/batch-ship', onDone, (error) => landServerError(form, error));
  const { errors } = form.formState;
  const carrier = form.watch('carrier');
  const typed = form.watch('items');
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={FULFILMENT_TEXT.batchShip}
      description={FULFILMENT_TEXT.selected(rows.length)}
      pending={run.isPending}
      onSubmit={form.handleSubmit((body) => run.mutate(body))}
    >
      <ShipPickers form={form} />
      <div className="flex max-h-72 flex-col gap-2 overflow-y-auto" data-slot="batch-ship-rows">
        {rows.map((row, index) => {
          const value = typed[index]?.tracking_no ?? '';
          return (
            <Field
              key={row.id}
              label={`${FULFILMENT_TEXT.trackingNo} ${row.order_no}`}
              error={errors.items?.[index]?.tracking_no?.message}
              description={carrier && value ? (trackingNoProblem(carrier, value) ?? undefined) : undefined}
            >
              <Input maxLength={40} autoComplete="off" {...form.register(`items.${index}.tracking_no`)} />
            </Field>
          );
        })}
      </div>
      <FormProblem errors={errors} />
    </FormDialog>
  );
}

/** Each order's result of a batch: 成功, or 失败 with the reason. */
function BatchResultDialog({
  result,
  onOpenChange,
}: {
  result: BatchResult | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={result !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-slot="batch-result">
        <DialogHeader>
          <DialogTitle>{FULFILMENT_TEXT.batchResultTitle}</DialogTitle>
          <DialogDescription>
            {result ? FULFILMENT_TEXT.batchSummary(result.succeeded, result.failed) : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="max-h-96 overflow-y-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-2 font-normal">{FULFILMENT_TEXT.resultColumns.orderNo}</th>
                <th className="py-1 pr-2 font-normal">{FULFILMENT_TEXT.resultColumns.result}</th>
                <th className="py-1 font-normal">{FULFILMENT_TEXT.resultColumns.reason}</th>
              </tr>
            </thead>
            <tbody>
              {result?.results.map((r) => (
                <tr key={r.id} className="border-border border-t" data-state={r.ok ? 'ok' : 'failed'}>
                  <td className="py-1 pr-2 font-mono">{r.order_no || r.id}</td>
                  <td className={`py-1 pr-2 ${r.ok ? 'text-success' : 'text-error'}`}>
                    {r.ok ? FULFILMENT_TEXT.resultOk : FULFILMENT_TEXT.resultFailed}
                  </td>
                  <td className="py-1 break-all">{r.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{FULFILMENT_TEXT.close}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
