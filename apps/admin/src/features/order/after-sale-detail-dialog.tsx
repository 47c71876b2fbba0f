import {
  AFTER_SALE_STATUS_LABELS,
  type AfterSaleDetail,
  type AfterSaleOrder,
  type AfterSaleStatus,
  type AfterSaleStep,
  type AfterSaleStepResult,
  afterSaleStepAllowed,
} from '@consign/api-client';
import { afterSaleReceiveBodySchema, afterSaleRejectBodySchema } from '@consign/api-client/contract';
import { apiQuery } from '@consign/api-client/query';
import { Button, ConfirmDialog, Field, formatDateTime, formatMoney, Input, toast } from '@consign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FormProblem, landServerError, maxLengthOf, useContractForm } from '../../common/form';
import { DetailDialog } from '../../common/list/detail-dialog';
import { problemMessage } from '../../common/problem-message';
import { useCan } from '../../common/use-can';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { OrderGoodsList } from './order-goods-list';
import { ORDER_TEXT, PLATFORM_LABELS } from './texts';

const columnText = ORDER_TEXT.columns;

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
  // What this dialog answered, until the detail read again says the same.
  const [answered, setAnswered] = useState<AfterSaleStatus | null>(null);
  const [form, setForm] = useState<'reject' | 'receive' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const detail = useQuery({
    ...apiQuery(api, '/api/order/after-sale-detail', { id: request.id }),
    enabled: open,
  }).data;
  const status = answered ?? detail?.status ?? request.status;
  const canViewOrders = useCan('order:view');
  const done = (answer: AfterSaleStepResult, step: AfterSaleStep) => {
    setAnswered(answer.status);
    setForm(null);
    toast.success(
      FULFILMENT_TEXT.afterSaleDone(
        step === 'refund'
          ? FULFILMENT_TEXT.refund
          : step === 'reject'
            ? FULFILMENT_TEXT.reject
            : FULFILMENT_TEXT.receive,
      ),
    );
  };
  const refund = useMutation({
    ...callMutation(api, STEP_PATHS.refund, { skipErrorHandler: true }),
    onSuccess: (answer) => done(answer, 'refund'),
  });
  const can = (step: AfterSaleStep) => afterSaleStepAllowed(step, request.type, status);
  return (
    <DetailDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ORDER_TEXT.afterSaleDetailTitle}
      description={ORDER_TEXT.detailDescription(request.order_no)}
      closeText={ORDER_TEXT.close}
      items={[
        // 平台订单号 first, as in the order's detail.
        ...(request.platform_order_no
          ? [
              [
                ORDER_TEXT.platformOrderNo,
                <span key="platform-no" className="font-mono">
                  {request.platform_order_no}
                </span>,
              ] as const,
            ]
          : []),
        [
          columnText.orderNo,
          <span key="no" className="font-mono">
            {request.order_no}
          </span>,
        ],
        [columnText.shop, request.shop_name],
        [columnText.platform, PLATFORM_LABELS[request.platform]],
        [columnText.type, ORDER_TEXT.afterSaleType[request.type]],
        [
          columnText.status,
          <span key="status" data-slot="after-sale-status">
            {AFTER_SALE_STATUS_LABELS[status]}
          </span>,
        ],
        [columnText.refund, formatMoney(request.refund_amount)],
        [columnText.reason, request.reason],
        [columnText.appliedAt, formatDateTime(request.created_at)],
        ...(detail?.return_tracking_no
          ? [[FULFILMENT_TEXT.returnTrackingNo, detail.return_tracking_no] as const]
          : []),
        ...(detail?.reject_reason ? [[FULFILMENT_TEXT.rejectReason, detail.reject_reason] as const] : []),
      ]}
    >
      <OrderGoodsList goods={request.goods} />
      {detail ? (
        <AfterSaleTimeline detail={detail} />
      ) : (
        <p className="text-muted-foreground text-sm">{FULFILMENT_TEXT.loadingDetail}</p>
      )}
      {canViewOrders ? (
        <Link
          to="/order/index"
          search={{ keyword: request.order_no }}
          className="self-start text-primary text-sm underline-offset-4 hover:underline"
        >
          {FULFILMENT_TEXT.viewOrder(request.order_no)}
        </Link>
      ) : null}
      {refund.error ? (
        <p
          role="alert"
          className="rounded-md border border-error/40 bg-error/10 px-3 py-2 text-error text-sm"
        >
          {problemMessage(refund.error)}
        </p>
      ) : null}
      {form ? (
        form === 'reject' ? (
          <RejectForm
            id={request.id}
            onDone={(answer) => done(answer, 'reject')}
            onBack={() => setForm(null)}
          />
        ) : (
          <ReceiveForm
            id={request.id}
            onDone={(answer) => done(answer, 'receive')}
            onBack={() => setForm(null)}
          />
        )
      ) : can('refund') || can('reject') || can('receive') ? (
        <div className="flex flex-wrap gap-2" data-slot="after-sale-steps">
          {can('refund') ? (
            <Button variant="primary" onClick={() => setConfirming(true)}>
              {FULFILMENT_TEXT.refund}
            </Button>
          ) : null}
          {can('receive') ? (
            <Button variant="primary" onClick={() => setForm('receive')}>
              {FULFILMENT_TEXT.receive}
            </Button>
          ) : null}
          {can('reject') ? (
            <Button className="text-error" onClick={() => setForm('reject')}>
              {FULFILMENT_TEXT.reject}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={FULFILMENT_TEXT.refund}
        description={FULFILMENT_TEXT.refundConfirm(request.order_no)}
        confirmText={FULFILMENT_TEXT.refund}
        onConfirm={() => refund.mutateAsync({ id: request.id }).catch(() => undefined)}
      />
    </DetailDialog>
  );
}

/**
 * The answers that take a text, each the contract's body of its call: 拒绝 (a reason of 1-200
 * characters) and 确认收到退货 (a return tracking number of 6-40 letters or digits). A refusal of the
 * server shows on the form.
 */
function RejectForm({ id, onDone, onBack }: AnswerFormProps) {
  const api = useApi();
  const form = useContractForm(afterSaleRejectBodySchema, {
    defaultValues: { id, reason: '' },
    messages: { reason: FULFILMENT_TEXT.required(FULFILMENT_TEXT.rejectReason) },
  });
  const save = useMutation({
    ...callMutation(api, STEP_PATHS.reject, { skipErrorHandler: true }),
    onSuccess: onDone,
    onError: (error) => landServerError(form, error),
  });
  const { errors } = form.formState;
  return (
    <AnswerFrame
      title={FULFILMENT_TEXT.rejectTitle}
      errors={errors}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      onBack={onBack}
    >
      <Field label={FULFILMENT_TEXT.rejectReason} error={errors.reason?.message} required>
        <Input
          maxLength={maxLengthOf(afterSaleRejectBodySchema.shape.reason)}
          autoComplete="off"
          {...form.register('reason')}
        />
      </Field>
    </AnswerFrame>
  );
}

function ReceiveForm({ id, onDone, onBack }: AnswerFormProps) {
  const api = useApi();
  const form = useContractForm(afterSaleReceiveBodySchema, {
    defaultValues: { id, return_tracking_no: '' },
    messages: { return_tracking_no: FULFILMENT_TEXT.required(FULFILMENT_TEXT.returnTrackingNo) },
  });
  const save = useMutation({
    ...callMutation(api, STEP_PATHS.receive, { skipErrorHandler: true }),
    onSuccess: onDone,
    onError: (error) => landServerError(form, error),
  });
  const { errors } = form.formState;
  return (
    <AnswerFrame
      title={FULFILMENT_TEXT.receiveTitle}
      errors={errors}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      pending={save.isPending}
      onBack={onBack}
    >
      <Field label={FULFILMENT_TEXT.returnTrackingNo} error={errors.return_tracking_no?.message} required>
        <Input
          maxLength={maxLengthOf(afterSaleReceiveBodySchema.shape.return_tracking_no)}
          autoComplete="off"
          {...form.register('return_tracking_no')}
        />
      </Field>
    </AnswerFrame>
  );
}

interface AnswerFormProps {
  id: number;
  onDone: (answer: AfterSaleStepResult) => void;
  onBack: () => void;
}

/** The frame of an answer form: the server's refusal, the field, 返回 and 提交. */
function AnswerFrame({
  title,
  errors,
  onSubmit,
  pending,
  onBack,
  children,
}: {
  title: string;
  errors: FieldErrors;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={title}
      className="flex flex-col gap-3 rounded-md border border-border p-3"
      onSubmit={onSubmit}
    >
      <FormProblem errors={errors} />
      {children}
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={onBack}>
          {FULFILMENT_TEXT.back}
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? FULFILMENT_TEXT.saving : FULFILMENT_TEXT.submit}
        </Button>
      </div>
    </form>
  );
}

/** 处理记录 of an after-sale: the buyer's request, then each answer with who and when, oldest first. */
function AfterSaleTimeline({ detail }: { detail: AfterSaleDetail }) {
  return (
    <section aria-label={FULFILMENT_TEXT.timeline} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{FULFILMENT_TEXT.timeline}</h3>
      <ol
        className="flex flex-col gap-2 border-border border-l-2 pl-4 text-sm"
        data-slot="after-sale-timeline"
      >
        <li className="flex flex-col">
          <span>
            <strong className="font-medium">{FULFILMENT_TEXT.afterSaleApplied}</strong>
            <span className="text-muted-foreground"> · {formatDateTime(detail.created_at)}</span>
          </span>
          <span className="break-all text-muted-foreground">
            {FULFILMENT_TEXT.detailFields.reason} {detail.reason}
          </span>
        </li>
        {detail.events.map((event) => {
          const text = Object.entries(event.details)
            .filter(([, value]) => value !== null && value !== '')
            .map(([key, value]) => `${FULFILMENT_TEXT.detailFields[key] ?? key} ${value}`)
            .join('，');
          return (
            <li key={event.id} className="flex flex-col">
              <span>
                <strong className="font-medium">{FULFILMENT_TEXT.afterSaleEventLabels[event.action]}</strong>
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
