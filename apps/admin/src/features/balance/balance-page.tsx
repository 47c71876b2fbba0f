import { BALANCE_ENTRY_KIND_LABELS, BALANCE_ENTRY_KINDS, type BalanceEntry } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { Button, formatDateTime, formatMoney } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BalanceExportMenu } from '../../common/export-menu';
import type { FilterSelect } from '../../common/list/filter-bar';
import { ListPage } from '../../common/list/list-page';
import { balanceEntryList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useOpenTopUp } from '../../common/top-up-context';
import { useCan } from '../../common/use-can';
import { useApi } from '../../lib/use-api';
import { BALANCE_TEXT } from './texts';
import { WarningCard } from './warning-card';

const route = getRouteApi('/_authed/finance/balance');
const entriesText = BALANCE_TEXT.entries;
const c = entriesText.columns;

const kindSelect: FilterSelect = {
  key: 'kind',
  label: entriesText.kind,
  allLabel: entriesText.allKinds,
  options: BALANCE_ENTRY_KINDS.map((kind) => ({ value: kind, label: BALANCE_ENTRY_KIND_LABELS[kind] })),
};

const columns: DataTableProps<BalanceEntry>['columns'] = [
  {
    header: c.time,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span>
    ),
  },
  { header: c.kind, cell: ({ row }) => BALANCE_ENTRY_KIND_LABELS[row.original.kind] },
  {
    header: c.amount,
    cell: ({ row }) => {
      const { amount } = row.original;
      return (
        <span className={`tabular-nums ${amount < 0 ? 'text-error' : 'text-success'}`}>
          {amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount)}
        </span>
      );
    },
  },
  {
    header: c.balanceAfter,
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.balance_after)}</span>,
  },
  { header: c.reason, cell: ({ row }) => <span className="break-all">{row.original.reason}</span> },
  {
    header: c.reference,
    cell: ({ row }) => {
      const { order_id: orderId, payment_no: paymentNo } = row.original;
      if (orderId !== null) {
        return (
          <Link to="/order/index" search={{ order: orderId }} className="text-primary hover:underline">
            {entriesText.order(orderId)}
          </Link>
        );
      }
      if (paymentNo === null) return null;
      return (
        <Link
          to="/finance/topup-result"
          search={{ out_trade_no: paymentNo }}
          className="font-mono text-primary text-xs hover:underline"
        >
          {paymentNo}
        </Link>
      );
    },
  },
];

/**
 * 余额明细: the balance with 充值 and 导出, 余额预警, then every entry of the ledger, newest first, by kind and
 * days. `?topup=1` (the low-balance notification's link) opens 充值 once and leaves the address.
 */
export function BalancePage() {
  const list = useList(route, balanceEntryList);
  const summary = useQuery(apiQuery(useApi(), '/api/balance/summary'));
  const openTopUp = useOpenTopUp();
  const canExport = useCan('order:view');
  // 余额预警 is the account's setting: finance:manage, like 充值.
  const canManage = useCan('finance:manage');
  const { topup } = route.useSearch();
  const navigate = route.useNavigate();
  useEffect(() => {
    if (topup !== '1') return;
    openTopUp?.();
    void navigate({ search: (search) => ({ ...search, topup: undefined }), replace: true });
  }, [topup, openTopUp, navigate]);
  return (
    <div className="flex flex-col gap-4">
      {summary.data && canManage ? (
        <WarningCard key={String(summary.data.warn_below)} warnBelow={summary.data.warn_below} />
      ) : null}
      <ListPage
        list={list}
        columns={columns}
        filters={{ dateRange: c.time, selects: [kindSelect] }}
        actions={
          <>
            <span className="text-sm text-muted-foreground">{entriesText.balance}</span>
            <output data-slot="balance" className="font-semibold text-lg tabular-nums">
              {summary.data ? formatMoney(summary.data.balance) : '…'}
            </output>
            {openTopUp ? (
              <Button variant="danger" onClick={openTopUp}>
                {BALANCE_TEXT.topUp.title}
              </Button>
            ) : null}
            {/* The file is fetched in 下载中心, which needs 查看代发订单. */}
            {canExport ? <BalanceExportMenu filter={list.filter} /> : null}
          </>
        }
      />
    </div>
  );
}
