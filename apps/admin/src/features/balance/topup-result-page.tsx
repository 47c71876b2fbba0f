import { HttpError, TOPUP_STATUS_LABELS, type Topup } from '@consign/api-client';
import { outTradeNoSchema } from '@consign/api-client/contract';
import { apiQuery } from '@consign/api-client/query';
import { Button, formatDateTime, formatMoney, Spinner } from '@consign/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, CircleX, Clock } from 'lucide-react';
import { useId } from 'react';
import { usePageTitle } from '../../common/page-title';
import { useOpenTopUp } from '../../common/top-up-context';
import { useApi } from '../../lib/use-api';
import { BALANCE_TEXT } from './texts';

const route = getRouteApi('/_authed/finance/topup-result');
const resultText = BALANCE_TEXT.result;

/** While pending, the page asks again every 3 s, 40 times (two minutes), then says to look later. */
export const POLL_MS = 3000;
export const POLL_TIMES = 40;

/**
 * 充值结果, where Alipay brings the browser back (`?out_trade_no=`): the top-up as our records hold it
 * (`/api/balance/topup-status`, which asks Alipay about a pending one), never the query string's word.
 * 处理中 polls for a while; a malformed number, or one that is not this account's, says so.
 */
export function TopupResultPage() {
  const title = usePageTitle();
  const headingId = useId();
  const { out_trade_no: outTradeNo } = route.useSearch();
  return (
    <section
      aria-labelledby={headingId}
      data-slot="topup-result"
      className="flex max-w-xl flex-col gap-4 rounded-lg bg-card p-6 shadow-sm"
    >
      <h1 id={headingId} className="text-lg font-semibold">
        {title}
      </h1>
      {outTradeNo === undefined ? (
        <Problem text={resultText.noTrade} />
      ) : outTradeNoSchema.safeParse(outTradeNo).success ? (
        <TopupStatus outTradeNo={outTradeNo} />
      ) : (
        <Problem text={resultText.badTrade} />
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="primary">
          <Link to="/finance/balance">{resultText.toEntries}</Link>
        </Button>
        <TopUpAgain />
      </div>
    </section>
  );
}

function TopUpAgain() {
  const openTopUp = useOpenTopUp();
  return openTopUp ? <Button onClick={openTopUp}>{resultText.again}</Button> : null;
}

function Problem({ text }: { text: string }) {
  return (
    <p role="alert" className="flex items-center gap-2 text-error">
      <CircleAlert aria-hidden="true" className="size-5" />
      {text}
    </p>
  );
}

function TopupStatus({ outTradeNo }: { outTradeNo: string }) {
  const options = apiQuery(
    useApi(),
    '/api/balance/topup-status',
    { out_trade_no: outTradeNo },
    { skipErrorHandler: true },
  );
  const queryClient = useQueryClient();
  const query = useQuery({
    ...options,
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && q.state.dataUpdateCount < POLL_TIMES ? POLL_MS : false,
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof HttpError && (error.status === 404 || error.status === 422)) {
      return <Problem text={resultText.badTrade} />;
    }
    return (
      <div className="flex items-center gap-2">
        <Problem text={resultText.loadFailed} />
        <Button size="sm" onClick={() => void query.refetch()}>
          {resultText.retry}
        </Button>
      </div>
    );
  }
  const topup = query.data;
  // Each answer re-renders the page (`dataUpdatedAt` is read), so the count is the current one.
  const answers =
    query.dataUpdatedAt > 0 ? (queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;
  const gaveUp = topup.status === 'pending' && answers >= POLL_TIMES;
  return (
    <div className="flex flex-col gap-3">
      <Outcome topup={topup} gaveUp={gaveUp} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{resultText.outTradeNo}</dt>
        <dd className="font-mono">{topup.out_trade_no}</dd>
        <dt className="text-muted-foreground">{resultText.amount}</dt>
        <dd className="tabular-nums">{formatMoney(topup.amount)}</dd>
        <dt className="text-muted-foreground">{resultText.createdAt}</dt>
        <dd>{formatDateTime(topup.created_at)}</dd>
        {topup.settled_at !== null ? (
          <>
            <dt className="text-muted-foreground">{resultText.settledAt}</dt>
            <dd>{formatDateTime(topup.settled_at)}</dd>
          </>
        ) : null}
      </dl>
      {gaveUp ? (
        <div>
          <Button size="sm" onClick={() => void query.refetch()}>
            {resultText.refresh}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Outcome({ topup, gaveUp }: { topup: Topup; gaveUp: boolean }) {
  const label = TOPUP_STATUS_LABELS[topup.status];
  const [Icon, tone, text] =
    topup.status === 'paid'
      ? [CircleCheck, 'text-success', resultText.successText(formatMoney(topup.amount))]
      : topup.status === 'pending'
        ? [Clock, 'text-warning', gaveUp ? resultText.pendingLong : resultText.pendingText]
        : topup.status === 'closed'
          ? [CircleX, 'text-error', resultText.failedText]
          : [CircleAlert, 'text-error', resultText.flaggedText];
  return (
    <div role="status" data-status={topup.status} className="flex flex-col gap-1">
      <p className={`flex items-center gap-2 font-semibold text-xl ${tone}`}>
        <Icon aria-hidden="true" className="size-6" />
        {label}
      </p>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
