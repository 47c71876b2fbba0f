import { canTakeStep, type Order } from '@consign/api-client';
import { Button, toast } from '@consign/ui';
import { useMutation } from '@tanstack/react-query';
import { problemMessage } from '../../common/problem-message';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import type { FormStep } from './order-detail-dialog';
import { PURCHASE_TEXT } from './purchase-texts';

/**
 * 操作 of one order row: the steps its status allows, by the rules the detail dialog uses
 * (`canTakeStep` of the contract). 采购, 一键采购, 发货 and 取消 open the order's detail at that step's form;
 * 完成 takes no input and is done here.
 */
export function OrderRowActions({
  order,
  onStep,
}: {
  order: Order;
  onStep: (order: Order, step: FormStep) => void;
}) {
  const api = useApi();
  // The lists, the detail and 工作台 refresh after it, and after a refusal (lib/invalidate.ts).
  const complete = useMutation({
    ...callMutation(api, '/api/order/complete', { skipErrorHandler: true }),
    onSuccess: () => toast.success(FULFILMENT_TEXT.done(FULFILMENT_TEXT.complete, order.order_no)),
    onError: (error) => toast.error(problemMessage(error)),
  });
  // 售后中: not bought by any path (the server refuses it too), so neither 采购 nor 一键采购 is offered.
  const can = (step: 'purchase' | 'ship' | 'complete' | 'cancel') =>
    canTakeStep(step, order.status) && !(step === 'purchase' && order.after_sale);
  return (
    <span data-slot="order-row-actions" className="flex items-center gap-3 whitespace-nowrap">
      {can('purchase') ? (
        <Button variant="link" onClick={() => onStep(order, 'purchase')}>
          {FULFILMENT_TEXT.purchase}
        </Button>
      ) : null}
      {can('purchase') ? (
        <Button variant="link" onClick={() => onStep(order, 'oneclick')}>
          {PURCHASE_TEXT.oneClick}
        </Button>
      ) : null}
      {can('ship') ? (
        <Button variant="link" onClick={() => onStep(order, 'ship')}>
          {FULFILMENT_TEXT.ship}
        </Button>
      ) : null}
      {can('complete') ? (
        <Button
          variant="link"
          disabled={complete.isPending}
          onClick={() => complete.mutate({ id: order.id })}
        >
          {FULFILMENT_TEXT.complete}
        </Button>
      ) : null}
      {can('cancel') ? (
        <Button variant="link" className="text-error" onClick={() => onStep(order, 'cancel')}>
          {FULFILMENT_TEXT.rowCancel}
        </Button>
      ) : null}
    </span>
  );
}
