import {
  type Order,
  type OrderWriteback,
  WRITEBACK_RETRY_FROM,
  WRITEBACK_STATUS_LABELS,
} from '@consign/api-client';
import { Button, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { problemMessage } from '../../common/problem-message';
import { StatusBadge, type Tone } from '../../common/status-badge';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';

const TONES: Record<OrderWriteback['status'], Tone> = {
  waiting: 'neutral',
  sending: 'primary',
  succeeded: 'success',
  failed: 'danger',
};

/** 发货回传 of a platform order as a badge: 待回传 / 回传中 / 已回传 / 回传失败; nothing for other orders. */
export function WritebackBadge({ writeback }: { writeback: Order['writeback'] }) {
  if (!writeback) return null;
  return (
    <span data-slot="writeback-status" data-status={writeback.status}>
      <StatusBadge label={WRITEBACK_STATUS_LABELS[writeback.status]} tone={TONES[writeback.status]} />
    </span>
  );
}

/**
 * 物流回传 in the order detail: the state, why it did not land (回传失败: the platform's message;
 * 回传中: what it is retried after), and 重新回传 for a 待回传 or 回传失败 one (with order:process).
 */
export function WritebackSection({
  orderId,
  orderNo,
  writeback,
  canRetry,
}: {
  orderId: number;
  orderNo: string;
  writeback: Order['writeback'];
  canRetry: boolean;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api.call('/api/order/writeback-retry', { id: orderId }, { skipErrorHandler: true }),
    onSuccess: () => toast.success(`订单 ${orderNo} 已重新回传`),
    onError: (error) => toast.error(problemMessage(error)),
    onSettled: () => invalidateAfter(queryClient, '/api/order/writeback-retry'),
  });
  if (!writeback) return null;
  const retryable = (WRITEBACK_RETRY_FROM as readonly string[]).includes(writeback.status);
  return (
    <section aria-label="物流回传" className="flex flex-col gap-2">
      <h3 className="font-medium text-sm">物流回传</h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <WritebackBadge writeback={writeback} />
        {writeback.message ? (
          <span data-slot="writeback-message" className="break-all text-muted-foreground">
            {writeback.message}
          </span>
        ) : null}
        {canRetry && retryable ? (
          <Button size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
            重新回传
          </Button>
        ) : null}
      </div>
    </section>
  );
}
