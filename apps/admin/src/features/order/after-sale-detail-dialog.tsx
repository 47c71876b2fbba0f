import {
  AFTER_SALE_STATUS_LABELS,
  type AfterSaleDetail,
  type AfterSaleOrder,
  type AfterSaleStatus,
  type AfterSaleStep,
  afterSaleStepAllowed,
} from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { Button, ConfirmDialog, Field, formatDateTime, formatMoney, Input, toast } from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { DetailDialog } from '../list/detail-dialog';
import { ORDER_COPY, PLATFORM_LABELS } from './copy';
import { FULFILMENT_COPY as f } from './fulfilment-copy';
import { OrderGoodsList } from './order-goods-list';
import { problemMessage } from './problem-message';
import { useCan } from './use-can';

const c = ORDER_COPY.columns;

/** The call of each answer; what each refreshes is said once, in `lib/invalidate.ts`. */
const STEP_PATHS = {
  refund: '/api/order/after-sale-refund',
  reject: '/api/order/after-sale-reject',
  receive: '/api/order/after-sale-receive',
} as const;

/**
 * 售后详情 with its answers: 同意退款 (asked again in a confirmation), 拒绝 (with a reason) and, for a
 * return or an exchange, 确认收到退货 (with the return tracking number). Which ones show follows the
 * contract's `afterSaleStepAllowed`; a refusal (another member answered first: 409) shows the server's
 * message. Below: the reject reason and the return tracking number, the 处理记录 (the request, then
 * each answer with who and when) and a link to the order.
 */
export function AfterSaleDetailDialog({
  request,
  open,
  onOpenChange,
}: {
  request: AfterSaleOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AfterSaleStatus>(request.status);
  const [form, setForm] = useState<'reject' | 'receive' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const detail = useQuery({
    ...apiQuery(api, '/api/order/after-sale-detail', { id: request.id }),
    enabled: open,
  }).data;
  const canViewOrders = useCan('order:view');
  // biome-ignore lint/correctness/useExhaustiveDependencies: another request (or reopening) starts afresh.
  useEffect(() => {
    setStatus(request.status);
    setForm(null);
    setProblem(null);
  }, [request, open]);
  useEffect(() => {
    if (detail) setStatus(detail.status);
  }, [detail]);
  const run = useMutation({
    mutationFn: (step: AfterSaleStep) => {
      const options = { skipErrorHandler: true };
      if (step === 'refund') return api.call(STEP_PATHS.refund, { id: request.id }, options);
      if (step === 'reject')
        return api.call(STEP_PATHS.reject, { id: request.id, reason: text.trim() }, options);
      return api.call(STEP_PATHS.receive, { id: request.id, return_tracking_no: text.trim() }, options);
    },
    onSuccess: async (answer, step) => {
      setStatus(answer.status);
      setForm(null);
      setProblem(null);
      toast.success(f.afterSaleDone(step === 'refund' ? f.refund : step === 'reject' ? f.reject : f.receive));
    },
    onError: (e) => setProblem(problemMessage(e)),
    onSettled: (_answer, _error, step) => invalidateAfter(queryClient, STEP_PATHS[step]),
  });
  const can = (step: AfterSaleStep) => afterSaleStepAllowed(step, request.type, status);
  const openForm = (next: 'reject' | 'receive') => {
    setText('');
    setError(undefined);
    setProblem(null);
    setForm(next);
  };
  return (
    <DetailDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ORDER_COPY.afterSaleDetailTitle}
      description={ORDER_COPY.detailDescription(request.order_no)}
      closeText={ORDER_COPY.close}
      items={[
        [
          c.orderNo,
          <span key="no" className="font-mono">
            {request.order_no}
          </span>,
        ],
        [c.shop, request.shop_name],
        [c.platform, PLATFORM_LABELS[request.platform]],
        [c.type, ORDER_COPY.afterSaleType[request.type]],
        [
          c.status,
          <span key="status" data-slot="after-sale-status">
            {AFTER_SALE_STATUS_LABELS[status]}
          </span>,
        ],
        [c.refund, formatMoney(request.refund_amount)],
        [c.reason, request.reason],
        [c.appliedAt, formatDateTime(request.created_at)],
        ...(detail?.return_tracking_no ? [[f.returnTrackingNo, detail.return_tracking_no] as const] : []),
        ...(detail?.reject_reason ? [[f.rejectReason, detail.reject_reason] as const] : []),
      ]}
    >
      <OrderGoodsList goods={request.goods} />
      {detail ? (
        <AfterSaleTimeline detail={detail} />
      ) : (
        <p className="text-muted-foreground text-sm">{f.loadingDetail}</p>
      )}
      {canViewOrders ? (
        <Link
          to="/order/index"
          search={{ keyword: request.order_no }}
          className="self-start text-primary text-sm underline-offset-4 hover:underline"
        >
          {f.viewOrder(request.order_no)}
        </Link>
      ) : null}
      {problem ? (
        <p
          role="alert"
          className="rounded-md border border-error/40 bg-error/10 px-3 py-2 text-error text-sm"
        >
          {problem}
        </p>
      ) : null}
      {form ? (
        <form
          noValidate
          aria-label={form === 'reject' ? f.rejectTitle : f.receiveTitle}
          className="flex flex-col gap-3 rounded-md border border-border p-3"
          onSubmit={(event) => {
            event.preventDefault();
            const label = form === 'reject' ? f.rejectReason : f.returnTrackingNo;
            if (!text.trim()) return setError(f.required(label));
            run.mutate(form);
          }}
        >
          <Field label={form === 'reject' ? f.rejectReason : f.returnTrackingNo} error={error} required>
            <Input
              value={text}
              maxLength={form === 'reject' ? 200 : 40}
              autoComplete="off"
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" onClick={() => setForm(null)}>
              {f.back}
            </Button>
            <Button type="submit" variant="primary" disabled={run.isPending}>
              {run.isPending ? f.saving : f.submit}
            </Button>
          </div>
        </form>
      ) : can('refund') || can('reject') || can('receive') ? (
        <div className="flex flex-wrap gap-2" data-slot="after-sale-steps">
          {can('refund') ? (
            <Button variant="primary" onClick={() => setConfirming(true)}>
              {f.refund}
            </Button>
          ) : null}
          {can('receive') ? (
            <Button variant="primary" onClick={() => openForm('receive')}>
              {f.receive}
            </Button>
          ) : null}
          {can('reject') ? (
            <Button className="text-error" onClick={() => openForm('reject')}>
              {f.reject}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={f.refund}
        description={f.refundConfirm(request.order_no)}
        confirmText={f.refund}
        onConfirm={() => run.mutateAsync('refund').catch(() => undefined)}
      />
    </DetailDialog>
  );
}

/** 处理记录 of an after-sale: the buyer's request, then each answer with who and when, oldest first. */
function AfterSaleTimeline({ detail }: { detail: AfterSaleDetail }) {
  return (
    <section aria-label={f.timeline} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{f.timeline}</h3>
      <ol
        className="flex flex-col gap-2 border-border border-l-2 pl-4 text-sm"
        data-slot="after-sale-timeline"
      >
        <li className="flex flex-col">
          <span>
            <strong className="font-medium">{f.afterSaleApplied}</strong>
            <span className="text-muted-foreground"> · {formatDateTime(detail.created_at)}</span>
          </span>
          <span className="break-all text-muted-foreground">
            {f.detailFields.reason} {detail.reason}
          </span>
        </li>
        {detail.events.map((event) => {
          const text = Object.entries(event.details)
            .filter(([, value]) => value !== null && value !== '')
            .map(([key, value]) => `${f.detailFields[key] ?? key} ${value}`)
            .join('，');
          return (
            <li key={event.id} className="flex flex-col">
              <span>
                <strong className="font-medium">{f.afterSaleEventLabels[event.action]}</strong>
                <span className="text-muted-foreground">
                  {' '}
                  · {event.actor} · {formatDateTime(event.created_at)}
                </span>
              </span>
              {text ? <span className="break-all text-muted-foreground">{text}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
