import {
  CARRIERS,
  canCorrectAddress,
  canTakeStep,
  HttpError,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderDetail,
  type OrderStep,
} from '@consign/api-client';
import {
  PURCHASE_FIELD_NAMES,
  PURCHASE_FIELDS,
  type PurchaseField,
  type PurchaseFieldName,
} from '@consign/api-client/contract';
import { apiQuery } from '@consign/api-client/query';
import { Button, formatDateTime, formatMoney, toast } from '@consign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { DetailDialog } from '../../common/list/detail-dialog';
import { problemMessage } from '../../common/problem-message';
import { StatusBadge } from '../../common/status-badge';
import { useCan } from '../../common/use-can';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { AddressStep } from './address-step';
import { CancelStep } from './cancel-step';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { OneClickStep } from './one-click-step';
import { OrderGoodsList } from './order-goods-list';
import { LineSource, PurchaseStatus, usePurchaseItems } from './purchase-source';
import { PurchaseStep } from './purchase-step';
import { PURCHASE_TEXT } from './purchase-texts';
import { ReceiverDecrypt } from './receiver-decrypt';
import { ShipStep } from './ship-step';
import type { StepFormProps } from './step-frame';
import { ORDER_PROFIT_TEXT, ORDER_TEXT, PLATFORM_LABELS } from './texts';
import { WritebackSection } from './writeback-status';

const columnText = ORDER_TEXT.columns;
/** A step with a form: 采购, 一键采购, 发货, 取消 and 修改收货地址 (完成 is one button). */
export type FormStep = Exclude<OrderStep, 'complete'> | 'address' | 'oneclick';

/** Whether an order in `status` may take `step` now (the server's rules, from the contract). */
export function stepAllowed(step: FormStep, status: Order['status']): boolean {
  if (step === 'address') return canCorrectAddress(status);
  return canTakeStep(step === 'oneclick' ? 'purchase' : step, status);
}

/**
 * 订单详情 of order `id`: the order, its goods, its purchase and shipping details and its timeline
 * (处理记录), with the steps its state allows (采购, 发货, 完成, 取消订单) for a user with order:process;
 * `step` opens one step's form at once (the list's 操作). The list's row paints it at once when given;
 * opened from an address alone it loads first, and an id that is not one of the account's orders says
 * so. A step the server refuses (another member came first: 409 naming the current state) shows the
 * server's message and reloads the order, so the user sees where it stands now.
 */
export function OrderDetailDialog({
  id,
  row,
  step: firstStep = null,
  open,
  onOpenChange,
}: {
  id: number;
  row?: Order | undefined;
  step?: FormStep | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const detail = useQuery({
    // The dialog says why an order cannot be shown; no notification on top.
    ...apiQuery(api, '/api/order/detail', { id }, { skipErrorHandler: true }),
    enabled: open,
    // 回传中 changes by itself (the server sends it in the background): look again while it lasts.
    refetchInterval: (query) => (query.state.data?.writeback?.status === 'sending' ? 2000 : false),
  });
  const order: Order | undefined = detail.data ?? row;
  const [step, setStep] = useState<FormStep | null>(firstStep);
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another order or another opening starts at its step.
  useEffect(() => {
    setStep(firstStep);
    setProblem(null);
  }, [id, open, firstStep]);
  if (!order) {
    return (
      <DetailDialog
        open={open}
        onOpenChange={onOpenChange}
        title={ORDER_TEXT.detailTitle}
        closeText={ORDER_TEXT.close}
        items={[]}
      >
        {detail.isError ? (
          <p role="alert" data-slot="order-missing" className="text-error text-sm">
            {detail.error instanceof HttpError && detail.error.status === 404
              ? ORDER_TEXT.orderMissing(id)
              : problemMessage(detail.error)}
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">{FULFILMENT_TEXT.loadingDetail}</p>
        )}
      </DetailDialog>
    );
  }
  return (
    <OrderDetailBody
      order={order}
      data={detail.data}
      open={open}
      onOpenChange={onOpenChange}
      step={step}
      setStep={setStep}
      problem={problem}
      setProblem={setProblem}
    />
  );
}

function OrderDetailBody({
  order,
  data,
  open,
  onOpenChange,
  step,
  setStep,
  problem,
  setProblem,
}: {
  order: Order;
  data: OrderDetail | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  step: FormStep | null;
  setStep: (step: FormStep | null) => void;
  problem: string | null;
  setProblem: (problem: string | null) => void;
}) {
  const current: Order | OrderDetail = data ?? order;
  const canProcess = useCan('order:process');
  const canDecrypt = useCan('order:decrypt');
  // 一键采购 and 关联货源: each line's 货源 and the purchase, polled while the job works on it.
  const purchase = usePurchaseItems(order.id, open);
  const items = purchase.data?.items;
  return (
    <DetailDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ORDER_TEXT.detailTitle}
      description={ORDER_TEXT.detailDescription(order.order_no)}
      closeText={ORDER_TEXT.close}
      items={[
        // 平台订单号 first: the number the seller and the buyer know the order by.
        ...(order.platform_order_no
          ? [
              [
                ORDER_TEXT.platformOrderNo,
                <span key="platform-no" className="font-mono">
                  {order.platform_order_no}
                </span>,
              ] as const,
            ]
          : []),
        [
          columnText.orderNo,
          <span key="no" className="font-mono">
            {order.order_no}
          </span>,
        ],
        [columnText.shop, order.shop_name],
        [columnText.platform, PLATFORM_LABELS[order.platform]],
        [
          columnText.status,
          <span key="status" className="flex items-center gap-2">
            <span data-slot="order-status">{ORDER_STATUS_LABELS[current.status]}</span>
            {current.intercept ? <StatusBadge label={ORDER_TEXT.intercept} tone="danger" /> : null}
            {current.after_sale ? <StatusBadge label={ORDER_TEXT.afterSale} tone="primary" /> : null}
          </span>,
        ],
        [columnText.amount, formatMoney(order.amount)],
        [columnText.buyer, order.buyer_name],
        // The receiver as the server has it now: 修改收货地址 changes it while the dialog is open.
        [
          ORDER_TEXT.receiver,
          <span key="receiver" data-slot="order-receiver">
            {`${current.receiver.name} ${current.receiver.mobile} ${current.receiver.address}`}
          </span>,
        ],
        [columnText.createdAt, formatDateTime(order.created_at)],
        ...(data?.buyer_message ? [[ORDER_TEXT.buyerMessage, data.buyer_message] as const] : []),
      ]}
    >
      {canDecrypt && data?.receiver_encrypted ? <ReceiverDecrypt orderId={order.id} /> : null}
      <OrderGoodsList
        goods={order.goods}
        lineExtra={(index) => (
          <LineSource
            orderId={order.id}
            item={items?.find((item) => item.index === index)}
            canLink={canProcess}
          />
        )}
      />
      <PurchaseStatus purchase={purchase.data?.purchase ?? null} />
      {data ? <FulfilmentDetails detail={data} /> : null}
      {data ? (
        <WritebackSection
          orderId={data.id}
          orderNo={data.order_no}
          writeback={data.writeback}
          canRetry={canProcess}
        />
      ) : null}
      {data ? (
        <Timeline detail={data} />
      ) : (
        <p className="text-muted-foreground text-sm">{FULFILMENT_TEXT.loadingDetail}</p>
      )}
      {problem ? (
        <p
          role="alert"
          data-slot="step-problem"
          className="rounded-md border border-error/40 bg-error/10 px-3 py-2 text-error text-sm"
        >
          {problem}
        </p>
      ) : null}
      {canProcess && data ? (
        // A step the order no longer allows (it moved on since the list was read) shows the buttons.
        step && stepAllowed(step, data.status) ? (
          <StepFormOf step={step} detail={data} onDone={() => setStep(null)} />
        ) : (
          <StepButtons
            detail={data}
            onPick={(next) => {
              setProblem(null);
              setStep(next);
            }}
            onProblem={setProblem}
          />
        )
      ) : null}
    </DetailDialog>
  );
}

function FulfilmentDetails({ detail }: { detail: OrderDetail }) {
  const carrier = CARRIERS.find((x) => x.code === detail.carrier)?.name ?? detail.carrier;
  const rows: [string, string][] = [];
  // 采购's fields (purchase-fields.ts), once purchased; its money is shown with 利润 below.
  if (detail.supplier) {
    for (const name of PURCHASE_FIELD_NAMES) {
      const field: PurchaseField = PURCHASE_FIELDS[name];
      if (field.input !== 'yuan') rows.push([field.label, String(detail[name] ?? FULFILMENT_TEXT.none)]);
    }
  }
  // profit: 成本 and 利润 on every order (未录入 until a purchase gives the cost), for those who hold
  // finance:view: the server leaves both out for the others (absent, not null).
  const notEntered = ORDER_PROFIT_TEXT.columns.notEntered;
  if (detail.cost !== undefined) {
    rows.push([PURCHASE_FIELDS.cost.label, detail.cost === null ? notEntered : formatMoney(detail.cost)]);
    rows.push([
      ORDER_PROFIT_TEXT.columns.profit,
      detail.profit === null || detail.profit === undefined ? notEntered : formatMoney(detail.profit),
    ]);
  }
  if (detail.tracking_no) {
    rows.push([FULFILMENT_TEXT.carrier, carrier ?? FULFILMENT_TEXT.none]);
    rows.push([FULFILMENT_TEXT.trackingNo, detail.tracking_no]);
    if (detail.sender) {
      rows.push([
        FULFILMENT_TEXT.sender,
        `${detail.sender.name} ${detail.sender.mobile} ${detail.sender.region}${detail.sender.address}`,
      ]);
    }
  }
  if (detail.cancel_reason) rows.push([FULFILMENT_TEXT.cancelReason, detail.cancel_reason]);
  if (rows.length === 0) return null;
  return (
    <section aria-label={FULFILMENT_TEXT.fulfilment} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{FULFILMENT_TEXT.fulfilment}</h3>
      <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function eventText(details: OrderDetail['events'][number]['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => {
      const label = FULFILMENT_TEXT.detailFields[key] ?? key;
      const purchaseField: PurchaseField | undefined = PURCHASE_FIELDS[key as PurchaseFieldName];
      if (purchaseField?.log === 'fen' && typeof value === 'number') return `${label} ${formatMoney(value)}`;
      if (key === 'carrier') return String(CARRIERS.find((x) => x.code === value)?.name ?? value);
      return `${label} ${value}`;
    })
    .join('，');
}

/** 处理记录: who did which step when, oldest first. */
function Timeline({ detail }: { detail: OrderDetail }) {
  return (
    <section aria-label={FULFILMENT_TEXT.timeline} className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">{FULFILMENT_TEXT.timeline}</h3>
      {detail.events.length === 0 ? (
        <p className="text-muted-foreground text-sm">{FULFILMENT_TEXT.noEvents}</p>
      ) : (
        <ol className="flex flex-col gap-2 border-border border-l-2 pl-4 text-sm" data-slot="order-timeline">
          {detail.events.map((event) => (
            <li key={event.id} className="flex flex-col">
              <span>
                <strong className="font-medium">{FULFILMENT_TEXT.eventLabels[event.action]}</strong>
                <span className="text-muted-foreground">
                  {' '}
                  · {event.actor} · {formatDateTime(event.created_at)}
                </span>
              </span>
              {eventText(event.details) ? (
                <span className="break-all text-muted-foreground">{eventText(event.details)}</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function StepButtons({
  detail,
  onPick,
  onProblem,
}: {
  detail: OrderDetail;
  onPick: (step: FormStep) => void;
  onProblem: (message: string | null) => void;
}) {
  const api = useApi();
  // The order, its lists and 工作台 refresh after a step, and after a refusal (lib/invalidate.ts).
  const complete = useMutation({
    ...callMutation(api, '/api/order/complete', { skipErrorHandler: true }),
    onSuccess: () => {
      onProblem(null);
      toast.success(FULFILMENT_TEXT.done(FULFILMENT_TEXT.complete, detail.order_no));
    },
    onError: (error) => onProblem(problemMessage(error)),
  });
  // 售后中: neither 采购 nor 一键采购 (every purchase path refuses it).
  const can = (step: OrderStep) =>
    canTakeStep(step, detail.status) && !(step === 'purchase' && detail.after_sale);
  if (!(['purchase', 'ship', 'complete', 'cancel'] as const).some(can)) return null;
  return (
    <div className="flex flex-wrap gap-2" data-slot="order-steps">
      {can('purchase') ? (
        <Button variant="primary" onClick={() => onPick('purchase')}>
          {FULFILMENT_TEXT.purchase}
        </Button>
      ) : null}
      {can('purchase') ? (
        <Button variant="primary" onClick={() => onPick('oneclick')}>
          {PURCHASE_TEXT.oneClick}
        </Button>
      ) : null}
      {can('ship') ? (
        <Button variant="primary" onClick={() => onPick('ship')}>
          {FULFILMENT_TEXT.ship}
        </Button>
      ) : null}
      {can('complete') ? (
        <Button
          variant="primary"
          disabled={complete.isPending}
          onClick={() => complete.mutate({ id: detail.id })}
        >
          {FULFILMENT_TEXT.complete}
        </Button>
      ) : null}
      {canCorrectAddress(detail.status) ? (
        <Button onClick={() => onPick('address')}>{FULFILMENT_TEXT.correctAddress}</Button>
      ) : null}
      {can('cancel') ? (
        <Button className="text-error" onClick={() => onPick('cancel')}>
          {FULFILMENT_TEXT.cancel}
        </Button>
      ) : null}
    </div>
  );
}

/** The form of `step` (one file each); a new step picked is a new form. */
function StepFormOf({ step, ...props }: StepFormProps & { step: FormStep }) {
  const Form = STEP_FORMS[step];
  return <Form key={step} {...props} />;
}

const STEP_FORMS = {
  purchase: PurchaseStep,
  oneclick: OneClickStep,
  ship: ShipStep,
  cancel: CancelStep,
  address: AddressStep,
} as const satisfies Record<FormStep, (props: StepFormProps) => ReactNode>;
