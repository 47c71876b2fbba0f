import { BUYER_SORTS, type Buyer } from '@consign/api-client';
import { Button, formatMoney, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { TITLES } from '../../texts';
import { ListPage } from '../list/list-page';
import { buyerList } from '../list/lists';
import { useList } from '../list/use-list';
import { useRowDialog } from '../list/use-row-dialog';
import { StatusBadge } from '../order/status-badge';
import { useCan } from '../order/use-can';
import { BlacklistDialog, type BlacklistTarget } from './blacklist-dialog';
import { BUYER_TEXT as b } from './texts';

const route = getRouteApi('/_authed/user/buyer');
const c = b.columns;

const sortSelect = {
  key: 'sort',
  label: b.sort,
  allLabel: b.sortDefault,
  options: BUYER_SORTS.filter((s) => s !== 'last_order').map((s) => ({ value: s, label: b.sorts[s] })),
};

function columns(block: ((buyer: Buyer) => void) | null): DataTableProps<Buyer>['columns'] {
  return [
    { header: c.buyer, accessorKey: 'buyer_name' },
    { header: c.mobile, cell: ({ row }) => <span className="tabular-nums">{row.original.mobile}</span> },
    { header: c.orders, accessorKey: 'order_count', meta: { align: 'right' } },
    {
      header: c.spend,
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.spend)}</span>,
      meta: { align: 'right' },
    },
    { header: c.lastOrder, cell: ({ row }) => <RelativeTime value={row.original.last_order_at * 1000} /> },
    {
      header: c.state,
      cell: ({ row }) =>
        row.original.blacklisted ? <StatusBadge label={b.blacklisted} tone="danger" /> : null,
    },
    {
      header: c.actions,
      cell: ({ row }) => (
        <div className="flex gap-3">
          <Link
            to="/order/index"
            search={{ buyer_id: String(row.original.id) }}
            aria-label={b.viewOrdersLabel(row.original.buyer_name)}
            className="text-link underline-offset-4 hover:underline"
          >
            {b.viewOrders}
          </Link>
          {block && !row.original.blacklisted ? (
            <Button
              variant="link"
              className="text-error"
              aria-label={b.blockLabel(row.original.buyer_name)}
              onClick={() => block(row.original)}
            >
              {b.block}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
}

/**
 * 买家管理: the buyers of the account's orders (by name and receiver mobile), searchable by name or
 * mobile and sorted by 最近下单, 订单数 or 消费金额; each links to their orders, and with
 * order:process can be blacklisted.
 */
export function BuyerListPage() {
  const list = useList(route, buyerList);
  const canProcess = useCan('order:process');
  const blocking = useRowDialog<BlacklistTarget | null>(null);
  const { show } = blocking;
  const tableColumns = useMemo(
    () =>
      columns(
        canProcess
          ? (buyer) => show({ orderId: buyer.id, name: buyer.buyer_name, mobile: buyer.mobile })
          : null,
      ),
    [canProcess, show],
  );
  return (
    <ListPage
      title={TITLES.userBuyer}
      list={list}
      columns={tableColumns}
      keywordPlaceholder={b.keyword}
      filters={{ selects: [sortSelect] }}
    >
      <BlacklistDialog
        key={blocking.opened}
        target={blocking.row}
        open={blocking.open}
        onOpenChange={blocking.setOpen}
      />
    </ListPage>
  );
}
