import {
  type BatchResult,
  type CarrierCode,
  normalizeTrackingNo,
  ORDER_BATCH_MAX,
  type Order,
  type OrderFilter,
  trackingNoProblem,
} from '@consign/api-client';
import {
  Button,
  Checkbox,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
} from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FormDialog } from '../list/form-dialog';
import { FULFILMENT_COPY as f } from './fulfilment-copy';
import { problemMessage } from './problem-message';
import { CarrierField, SenderField, useSenders } from './ship-fields';

/**
 * Batch work on 代发订单: a checkbox per row and 全选本页, or every order matching the filter; then
 * 批量采购 (one supplier), 批量发货 (one carrier and sender, a tracking number per row: selected rows
 * only) or 批量取消 (one reason). The server handles each order on its own; the result dialog lists
 * each order's result row by row.
 */

export type Selection = { kind: 'rows'; ids: ReadonlySet<number> } | { kind: 'filter' };
const NONE: Selection = { kind: 'rows', ids: new Set() };

/** The selection of a list page, cleared when the page's rows change (another page, another filter). */
export function useOrderSelection(rows: readonly Order[]) {
  const [selection, setSelection] = useState<Selection>(NONE);
  const rowKey = rows.map((r) => r.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter starts unselected.
  useEffect(() => setSelection(NONE), [rowKey]);
  const selectedIds = selection.kind === 'rows' ? selection.ids : new Set(rows.map((r) => r.id));
  const toggle = (id: number, on: boolean) =>
    setSelection((s) => {
      const ids = new Set(s.kind === 'rows' ? s.ids : []);
      if (on) ids.add(id);
      else ids.delete(id);
      return { kind: 'rows', ids };
    });
  const togglePage = (on: boolean) =>
    setSelection(on ? { kind: 'rows', ids: new Set(rows.map((r) => r.id)) } : NONE);
  // Rebuilt on every render: the checkboxes show the current selection.
  const columns: DataTableProps<Order>['columns'] = [
    {
      id: 'select',
      header: () => (
        <Checkbox
          aria-label={f.selectPage}
          checked={rows.length > 0 && rows.every((r) => selectedIds.has(r.id))}
          onCheckedChange={(checked) => togglePage(checked === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={f.selectRow(row.original.order_no)}
          checked={selectedIds.has(row.original.id)}
          onCheckedChange={(checked) => toggle(row.original.id, checked === true)}
        />
      ),
    },
  ];
  return { selection, setSelection, selectedIds, columns, clear: () => setSelection(NONE) };
}

type BatchKind = 'purchase' | 'ship' | 'cancel';

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
  const target =
    selection.kind === 'filter' ? { filter, expected_count: total } : { ids: selectedRows.map((r) => r.id) };
  const done = (answer: BatchResult) => {
    setKind(null);
    setResult(answer);
    onClear();
  };
  if (count === 0 && !result) return null;
  return (
    <>
      {count > 0 ? (
        <div data-slot="order-batch-bar" className="flex flex-wrap items-center gap-2 text-sm">
          <span aria-live="polite">
            {selection.kind === 'filter' ? f.allMatching(count) : f.selected(count)}
          </span>
          {selection.kind === 'rows' && total > selection.ids.size && total <= ORDER_BATCH_MAX ? (
            <Button variant="link" onClick={onSelectAllMatching}>
              {f.selectAllMatching(total)}
            </Button>
          ) : null}
          {selection.kind === 'rows' && total > ORDER_BATCH_MAX ? (
            <span className="text-muted-foreground">{f.tooManyMatching(total, ORDER_BATCH_MAX)}</span>
          ) : null}
          <Button variant="link" onClick={onClear}>
            {f.clearSelection}
          </Button>
          <Button onClick={() => setKind('purchase')}>{f.batchPurchase}</Button>
          <Button
            onClick={() => setKind('ship')}
            disabled={selection.kind === 'filter'}
            title={selection.kind === 'filter' ? f.batchShipOnlyPage : undefined}
          >
            {f.batchShip}
          </Button>
          <Button className="text-error" onClick={() => setKind('cancel')}>
            {f.batchCancel}
          </Button>
        </div>
      ) : null}
      <ReasonBatchDialog
        kind={kind === 'purchase' || kind === 'cancel' ? kind : null}
        count={count}
        target={target}
        onOpenChange={(open) => !open && setKind(null)}
        onDone={done}
      />
      <ShipBatchDialog
        open={kind === 'ship'}
        rows={selectedRows}
        onOpenChange={(open) => !open && setKind(null)}
        onDone={done}
      />
      <BatchResultDialog result={result} onOpenChange={(open) => !open && setResult(null)} />
    </>
  );
}

/** 批量采购 (one supplier) or 批量取消 (one reason). */
function ReasonBatchDialog({
  kind,
  count,
  target,
  onOpenChange,
  onDone,
}: {
  kind: 'purchase' | 'cancel' | null;
  count: number;
  target: { ids: number[] } | { filter: OrderFilter; expected_count: number };
  onOpenChange: (open: boolean) => void;
  onDone: (result: BatchResult) => void;
}) {
  const api = useApi();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (kind) {
      setText('');
      setError(undefined);
      setProblem(null);
    }
  }, [kind]);
  const run = useMutation({
    mutationKey: [kind === 'purchase' ? '/api/order/batch-purchase' : '/api/order/batch-cancel'],
    mutationFn: () =>
      kind === 'purchase'
        ? api.call(
            '/api/order/batch-purchase',
            { ...target, supplier: text.trim() },
            { skipErrorHandler: true },
          )
        : api.call('/api/order/batch-cancel', { ...target, reason: text.trim() }, { skipErrorHandler: true }),
    onSuccess: onDone,
    onError: (e) => setProblem(problemMessage(e)),
  });
  const label = kind === 'purchase' ? f.supplier : f.reason;
  return (
    <FormDialog
      open={kind !== null}
      onOpenChange={onOpenChange}
      title={kind === 'purchase' ? f.batchPurchase : f.batchCancel}
      description={f.selected(count)}
      pending={run.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return setError(f.required(label));
        run.mutate();
      }}
    >
      <Field label={label} error={error} required>
        <Input
          value={text}
          maxLength={kind === 'purchase' ? 64 : 200}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {problem ? (
        <p role="alert" className="text-error text-sm">
          {problem}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** 批量发货: one carrier and sender address, a tracking number per selected order. */
function ShipBatchDialog({
  open,
  rows,
  onOpenChange,
  onDone,
}: {
  open: boolean;
  rows: readonly Order[];
  onOpenChange: (open: boolean) => void;
  onDone: (result: BatchResult) => void;
}) {
  const api = useApi();
  const { senders, defaultSender } = useSenders(open);
  const [carrier, setCarrier] = useState<CarrierCode | ''>('');
  const [sender, setSender] = useState('');
  const [tracking, setTracking] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setCarrier('');
      setTracking({});
      setErrors({});
      setProblem(null);
    }
  }, [open]);
  useEffect(() => {
    if (open && defaultSender !== undefined) setSender((s) => s || String(defaultSender));
  }, [open, defaultSender]);
  const run = useMutation({
    ...callMutation(api, '/api/order/batch-ship', { skipErrorHandler: true }),
    onSuccess: onDone,
    onError: (e) => setProblem(problemMessage(e)),
  });
  const ship = () =>
    run.mutate({
      carrier: carrier as CarrierCode,
      sender_address_id: Number(sender),
      items: rows.map((r) => ({ id: r.id, tracking_no: normalizeTrackingNo(tracking[r.id] ?? '') })),
    });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={f.batchShip}
      description={f.selected(rows.length)}
      pending={run.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const found: Record<string, string> = {};
        if (!carrier) found.carrier = f.pickOne(f.carrier);
        if (!sender) found.sender = f.pickOne(f.sender);
        for (const row of rows) {
          // Only an empty number stops the dialog; a wrong format is that row's refusal in the result.
          if (!(tracking[row.id] ?? '').trim()) found[row.id] = f.required(f.trackingNo);
        }
        setErrors(found);
        if (Object.keys(found).length === 0) ship();
      }}
    >
      <CarrierField value={carrier} onChange={setCarrier} error={errors.carrier} />
      <SenderField senders={senders} value={sender} onChange={setSender} error={errors.sender} />
      <div className="flex max-h-72 flex-col gap-2 overflow-y-auto" data-slot="batch-ship-rows">
        {rows.map((row) => (
          <Field
            key={row.id}
            label={`${f.trackingNo} ${row.order_no}`}
            error={errors[row.id]}
            description={
              carrier && tracking[row.id]
                ? (trackingNoProblem(carrier, tracking[row.id] ?? '') ?? undefined)
                : undefined
            }
          >
            <Input
              value={tracking[row.id] ?? ''}
              maxLength={40}
              autoComplete="off"
              onChange={(e) => setTracking((t) => ({ ...t, [row.id]: e.target.value }))}
            />
          </Field>
        ))}
      </div>
      {problem ? (
        <p role="alert" className="text-error text-sm">
          {problem}
        </p>
      ) : null}
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
          <DialogTitle>{f.batchResultTitle}</DialogTitle>
          <DialogDescription>
            {result ? f.batchSummary(result.succeeded, result.failed) : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="max-h-96 overflow-y-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-2 font-normal">{f.resultColumns.orderNo}</th>
                <th className="py-1 pr-2 font-normal">{f.resultColumns.result}</th>
                <th className="py-1 font-normal">{f.resultColumns.reason}</th>
              </tr>
            </thead>
            <tbody>
              {result?.results.map((r) => (
                <tr key={r.id} className="border-border border-t" data-state={r.ok ? 'ok' : 'failed'}>
                  <td className="py-1 pr-2 font-mono">{r.order_no || r.id}</td>
                  <td className={`py-1 pr-2 ${r.ok ? 'text-success' : 'text-error'}`}>
                    {r.ok ? f.resultOk : f.resultFailed}
                  </td>
                  <td className="py-1 break-all">{r.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">{f.close}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
