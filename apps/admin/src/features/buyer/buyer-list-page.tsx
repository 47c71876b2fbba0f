import { BUYER_SORTS, type Buyer } from '@consign/api-client';
import { Button, formatMoney, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ListPage } from '../../common/list/list-page';
import { buyerList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useRowDialog } from '../../common/list/use-row-dialog';
import { StatusBadge } from '../../common/status-badge';
import { useCan } from '../../common/use-can';
import { BlacklistDialog, type BlacklistTarget } from './blacklist-dialog';
import { BUYER_TEXT } from './texts';

const route = getRouteApi('/_authed/user/buyer');
const columnText = BUYER_TEXT.columns;

const sortSelect = {
  key: 'sort',
  label: BUYER_TEXT.sort,
  allLabel: BUYER_TEXT.sortDefault,
  options: BUYER_SORTS.filter((s) => s !== 'last_order').map((s) => ({
    value: s,
    label: BUYER_TEXT.sorts[s],
  })),
};

function columns(block: ((buyer: Buyer) => void) | null): DataTableProps<Buyer>['columns'] {
  return [
    { header: columnText.buyer, accessorKey: 'buyer_name' },
    {
      header: columnText.mobile,
      cell: ({ row }) => <span className="tabular-nums">{row.original.mobile}</span>,
    },
    { header: columnText.orders, accessorKey: 'order_count', meta: { align: 'right' } },
    {
      header: columnText.spend,
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.spend)}</span>,
      meta: { align: 'right' },
    },
    {
      header: columnText.lastOrder,
      cell: ({ row }) => <RelativeTime value={row.original.last_order_at * 1000} />,
    },
    {
      header: columnText.state,
      cell: ({ row }) =>
        row.original.blacklisted ? <StatusBadge label={BUYER_TEXT.blacklisted} tone="danger" /> : null,
    },
    {
      header: columnText.actions,
      cell: ({ row }) => (
        <div className="flex gap-3">
          <Link
            to="/order/index"
            search={{ buyer_id: String(row.original.id) }}
            aria-label={BUYER_TEXT.viewOrdersLabel(row.original.buyer_name)}
            className="text-link underline-offset-4 hover:underline"
          >
            {BUYER_TEXT.viewOrders}
          </Link>
          {block && !row.original.blacklisted ? (
            <Button
              variant="link"
              className="text-error"
              aria-label={BUYER_TEXT.blockLabel(row.original.buyer_name)}
              onClick={() => block(row.original)}
            >
              {BUYER_TEXT.block}
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
      list={list}
      columns={tableColumns}
      keywordPlaceholder={BUYER_TEXT.keyword}
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
