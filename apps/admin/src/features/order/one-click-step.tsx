import { apiQuery } from '@consign/api-client/query';
import { ConfirmDialog, formatMoney, toast } from '@consign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { problemMessage } from '../../common/problem-message';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { PURCHASE_TEXT } from './purchase-texts';
import { type StepFormProps, StepFrame } from './step-frame';

/**
 * 一键采购 of one order: 1688's price now (`/api/purchase/preview`: goods, freight, total, and whether the
 * goods stay within 代发设置's 允许采购价上浮 of the 货源 price), then 确认采购 queues it
 * (`/api/purchase/start`); the detail then shows the purchase until it settles. A refusal (a line
 * without 货源, 1688 not connected, another member came first) shows the server's words. A blacklisted
 * buyer's order asks to confirm first, as 采购 does.
 */
export function OneClickStep({ detail, onDone }: StepFormProps) {
  const api = useApi();
  const preview = useQuery({
    ...apiQuery(api, '/api/purchase/preview', { id: detail.id }, { skipErrorHandler: true }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const start = useMutation({
    ...callMutation(api, '/api/purchase/start', { skipErrorHandler: true }),
    onSuccess: (result) => {
      const mine = result.results[0];
      if (mine && !mine.ok) {
        setProblem(mine.message);
        return;
      }
      toast.success(PURCHASE_TEXT.queued(detail.order_no));
      onDone();
    },
    onError: (error) => setProblem(problemMessage(error)),
  });
  const send = (confirmBlacklist: boolean) =>
    start.mutate({ ids: [detail.id], ...(confirmBlacklist ? { confirm_blacklist: true } : {}) });
  const data = preview.data;
  const shownProblem = problem ?? (preview.isError ? problemMessage(preview.error) : null);
  return (
    <StepFrame
      label={PURCHASE_TEXT.oneClick}
      errors={{}}
      submitText={PURCHASE_TEXT.confirm}
      submitDisabled={!data?.within_limit}
      pending={start.isPending}
      onBack={onDone}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        if (detail.blacklisted) setConfirming(true);
        else send(false);
      }}
    >
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        variant="danger"
        title={FULFILMENT_TEXT.blacklistTitle}
        description={FULFILMENT_TEXT.blacklistDescription(detail.buyer_name)}
        confirmText={FULFILMENT_TEXT.blacklistConfirm}
        onConfirm={() => send(true)}
      />
      {preview.isPending ? <p className="text-muted-foreground text-sm">{PURCHASE_TEXT.previewing}</p> : null}
      {data ? (
        <>
          <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-1 text-sm" data-slot="purchase-preview">
            <dt className="text-muted-foreground">{PURCHASE_TEXT.previewGoods}</dt>
            <dd data-slot="preview-goods">{formatMoney(data.goods)}</dd>
            <dt className="text-muted-foreground">{PURCHASE_TEXT.previewFreight}</dt>
            <dd data-slot="preview-freight">{formatMoney(data.freight)}</dd>
            <dt className="text-muted-foreground">{PURCHASE_TEXT.previewTotal}</dt>
            <dd data-slot="preview-total" className="font-medium">
              {formatMoney(data.total)}
            </dd>
            <dt className="text-muted-foreground">{PURCHASE_TEXT.previewExpected}</dt>
            <dd>
              {data.expected_goods === null
                ? PURCHASE_TEXT.previewNoExpected
                : formatMoney(data.expected_goods)}
            </dd>
            {data.service_fee !== undefined ? (
              <>
                <dt className="text-muted-foreground">{PURCHASE_TEXT.previewServiceFee}</dt>
                <dd data-slot="preview-service-fee">{formatMoney(data.service_fee)}</dd>
              </>
            ) : null}
            {data.balance_after !== undefined ? (
              <>
                <dt className="text-muted-foreground">{PURCHASE_TEXT.previewBalanceAfter}</dt>
                <dd data-slot="preview-balance-after" className={data.balance_after < 0 ? 'text-error' : ''}>
                  {formatMoney(data.balance_after)}
                </dd>
              </>
            ) : null}
            {data.profit !== undefined ? (
              <>
                <dt className="text-muted-foreground">{PURCHASE_TEXT.previewProfit}</dt>
                <dd
                  data-slot="preview-profit"
                  title={PURCHASE_TEXT.profitHint}
                  className={data.profit < 0 ? 'text-error' : ''}
                >
                  {formatMoney(data.profit)}
                </dd>
              </>
            ) : null}
          </dl>
          {data.sender_address_missing ? (
            <p role="alert" data-slot="preview-sender-missing" className="text-sm text-warning">
              {PURCHASE_TEXT.senderMissing}{' '}
              <Link to="/system/address" className="underline">
                {PURCHASE_TEXT.senderMissingLink}
              </Link>
            </p>
          ) : null}
          {data.source_note ? (
            <p data-slot="preview-source-note" className="text-sm">
              {PURCHASE_TEXT.previewBackup}：{data.source_note}
            </p>
          ) : null}
          <p
            data-slot="preview-limit"
            data-within={data.within_limit ? 'yes' : 'no'}
            role={data.within_limit ? undefined : 'alert'}
            className={data.within_limit ? 'text-muted-foreground text-sm' : 'text-error text-sm'}
          >
            {data.within_limit
              ? PURCHASE_TEXT.withinLimit(data.rise_percent)
              : PURCHASE_TEXT.overLimit(data.rise_percent)}
          </p>
        </>
      ) : null}
      {shownProblem ? (
        <p role="alert" data-slot="step-problem" className="text-error text-sm">
          {shownProblem}
        </p>
      ) : null}
    </StepFrame>
  );
}
