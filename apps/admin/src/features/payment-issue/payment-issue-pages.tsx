import {
  type FlaggedTopup,
  PAYMENT_ISSUE_STATE_LABELS,
  PAYMENT_ISSUE_STATES,
  type PaymentIssueKind,
  type PaymentNotice,
} from '@consign/api-client';
import { Button, ConfirmDialog, cn, formatDateTime, formatMoney, toast } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, Outlet, useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ListPage, type ListTabs } from '../../common/list/list-page';
import { flaggedTopupList, paymentNoticeList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useRowDialog } from '../../common/list/use-row-dialog';
import { StatusBadge } from '../../common/status-badge';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { PAYMENT_ISSUE_TEXT } from './texts';

const topupsRoute = getRouteApi('/_authed/finance/payment-issues/topups');
const noticesRoute = getRouteApi('/_authed/finance/payment-issues/notices');

const STATE_TABS: ListTabs = {
  filter: 'state',
  options: PAYMENT_ISSUE_STATES,
  labels: PAYMENT_ISSUE_STATE_LABELS,
  label: PAYMENT_ISSUE_TEXT.stateTab,
};

/** Each list's link is named by its route's title. */
const SECTIONS = [
  { to: '/finance/payment-issues/topups', id: '/_authed/finance/payment-issues/topups' },
  { to: '/finance/payment-issues/notices', id: '/_authed/finance/payment-issues/notices' },
] as const;

/** The title another route declares (each list's link is named as its page is). */
function SectionTitle({ id }: { id: (typeof SECTIONS)[number]['id'] }) {
  return useRouter().routesById[id].options.staticData?.title ?? '';
}

/** 充值异常: the two lists as links (each its own address, state and page), the current one below. */
export function PaymentIssuesLayout() {
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label={PAYMENT_ISSUE_TEXT.sections} className="flex gap-2">
        {SECTIONS.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm',
              'aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground',
              'bg-card hover:bg-muted',
            )}
          >
            <SectionTitle id={section.id} />
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

/** An item of either list, as 标记已处理 needs it. */
interface Issue {
  kind: PaymentIssueKind;
  id: number;
  out_trade_no: string;
}

type Resolution = { resolved_at: number | null; resolved_by: string | null };

/** 状态 and 操作 of a row: 已处理 (by whom, when) or 待处理 with 标记已处理. */
function resolutionColumns<Row extends Resolution & { id: number; out_trade_no: string }>(
  kind: PaymentIssueKind,
  resolve: (issue: Issue) => void,
): DataTableProps<Row>['columns'] {
  return [
    {
      header: PAYMENT_ISSUE_TEXT.columns.state,
      cell: ({ row }) =>
        row.original.resolved_at === null ? (
          <StatusBadge label={PAYMENT_ISSUE_STATE_LABELS.open} tone="danger" />
        ) : (
          <StatusBadge label={PAYMENT_ISSUE_STATE_LABELS.resolved} tone="success" />
        ),
    },
    {
      header: PAYMENT_ISSUE_TEXT.columns.resolved,
      cell: ({ row }) =>
        row.original.resolved_at === null ? null : (
          <span className="text-muted-foreground">
            {row.original.resolved_by ?? ''} {formatDateTime(row.original.resolved_at)}
          </span>
        ),
    },
    {
      id: 'actions',
      header: PAYMENT_ISSUE_TEXT.columns.actions,
      cell: ({ row }) =>
        row.original.resolved_at === null ? (
          <Button
            variant="link"
            aria-label={PAYMENT_ISSUE_TEXT.resolveLabel(row.original.out_trade_no)}
            onClick={() => resolve({ kind, id: row.original.id, out_trade_no: row.original.out_trade_no })}
          >
            {PAYMENT_ISSUE_TEXT.resolve}
          </Button>
        ) : null,
    },
  ];
}

function topupColumns(resolve: (issue: Issue) => void): DataTableProps<FlaggedTopup>['columns'] {
  return [
    {
      header: PAYMENT_ISSUE_TEXT.columns.createdAt,
      cell: ({ row }) => formatDateTime(row.original.created_at),
    },
    { header: PAYMENT_ISSUE_TEXT.columns.account, accessorKey: 'account_name' },
    { header: PAYMENT_ISSUE_TEXT.columns.outTradeNo, accessorKey: 'out_trade_no' },
    {
      header: PAYMENT_ISSUE_TEXT.columns.amount,
      meta: { align: 'right' },
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.amount)}</span>,
    },
    { header: PAYMENT_ISSUE_TEXT.columns.reason, accessorKey: 'reason' },
    {
      header: PAYMENT_ISSUE_TEXT.columns.flaggedAt,
      cell: ({ row }) => (row.original.flagged_at === null ? null : formatDateTime(row.original.flagged_at)),
    },
    ...resolutionColumns<FlaggedTopup>('topup', resolve),
  ];
}

function noticeColumns(resolve: (issue: Issue) => void): DataTableProps<PaymentNotice>['columns'] {
  return [
    {
      // A source's row of the hour: first and last received, how many (the latest's fields beside).
      header: PAYMENT_ISSUE_TEXT.columns.receivedAt,
      cell: ({ row }) =>
        row.original.hits > 1
          ? `${formatDateTime(row.original.created_at)} – ${formatDateTime(row.original.last_seen_at)}`
          : formatDateTime(row.original.last_seen_at),
    },
    {
      header: PAYMENT_ISSUE_TEXT.columns.hits,
      meta: { align: 'right' },
      cell: ({ row }) => <span className="tabular-nums">{row.original.hits}</span>,
    },
    {
      header: PAYMENT_ISSUE_TEXT.columns.source,
      cell: ({ row }) =>
        row.original.source === null
          ? null
          : row.original.source === '*'
            ? PAYMENT_ISSUE_TEXT.otherSources
            : row.original.source,
    },
    {
      header: PAYMENT_ISSUE_TEXT.columns.account,
      cell: ({ row }) =>
        row.original.account_name ?? (
          <span className="text-muted-foreground">{PAYMENT_ISSUE_TEXT.unknownAccount}</span>
        ),
    },
    { header: PAYMENT_ISSUE_TEXT.columns.outTradeNo, accessorKey: 'out_trade_no' },
    {
      // Alipay's total_amount is in yuan, shown as the notification wrote it.
      header: PAYMENT_ISSUE_TEXT.columns.noticeAmount,
      meta: { align: 'right' },
      cell: ({ row }) => <span className="tabular-nums">¥{row.original.total_amount}</span>,
    },
    { header: PAYMENT_ISSUE_TEXT.columns.tradeStatus, accessorKey: 'trade_status' },
    { header: PAYMENT_ISSUE_TEXT.columns.reason, accessorKey: 'problem' },
    ...resolutionColumns<PaymentNotice>('notice', resolve),
  ];
}

/** The confirmation of 标记已处理; once done the lists refresh, so the row moves to 已处理. */
function ResolveDialog({ dialog }: { dialog: ReturnType<typeof useRowDialog<Issue | null>> }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const issue = dialog.row;
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      title={PAYMENT_ISSUE_TEXT.resolveTitle}
      description={issue ? PAYMENT_ISSUE_TEXT.resolveDescription(issue.out_trade_no) : undefined}
      confirmText={PAYMENT_ISSUE_TEXT.resolve}
      onConfirm={async () => {
        if (!issue) return;
        // A refusal (the item already handled by another operator, gone) is the client's toast; the
        // dialog stays open, and the lists refresh either way.
        try {
          await api.call('/api/reconcile/resolve', { kind: issue.kind, id: issue.id });
          toast.success(PAYMENT_ISSUE_TEXT.resolved(issue.out_trade_no));
        } finally {
          await invalidateAfter(queryClient, '/api/reconcile/resolve');
        }
      }}
    />
  );
}

/** 异常充值: flagged top-ups, newest first, by state. */
export function FlaggedTopupsPage() {
  const list = useList(topupsRoute, flaggedTopupList);
  const resolving = useRowDialog<Issue | null>(null);
  const { show } = resolving;
  const columns = useMemo(() => topupColumns(show), [show]);
  return (
    <ListPage list={list} columns={columns} tabs={STATE_TABS}>
      <ResolveDialog dialog={resolving} />
    </ListPage>
  );
}

/** 被拒通知: Alipay notifications that credited nothing, newest first, by state. */
export function PaymentNoticesPage() {
  const list = useList(noticesRoute, paymentNoticeList);
  const resolving = useRowDialog<Issue | null>(null);
  const { show } = resolving;
  const columns = useMemo(() => noticeColumns(show), [show]);
  return (
    <ListPage list={list} columns={columns} tabs={STATE_TABS}>
      <ResolveDialog dialog={resolving} />
    </ListPage>
  );
}
