import type { ReceiverAddress } from '@consign/api-client';
import { formatDateTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi } from '@tanstack/react-router';
import { ListPage } from '../../common/list/list-page';
import { receiverList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { ADDRESS_TEXT } from './texts';

const route = getRouteApi('/_authed/user/address');
const columnText = ADDRESS_TEXT.columns;

const columns: DataTableProps<ReceiverAddress>['columns'] = [
  { header: columnText.name, cell: ({ row }) => row.original.name },
  {
    header: columnText.mobile,
    cell: ({ row }) => <span className="tabular-nums">{row.original.mobile}</span>,
  },
  {
    header: columnText.address,
    cell: ({ row }) => <span className="break-all">{row.original.address}</span>,
  },
  {
    header: columnText.orders,
    cell: ({ row }) => <span className="tabular-nums">{row.original.orders}</span>,
  },
  {
    header: columnText.last,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.last_order_at)}</span>
    ),
  },
];

/**
 * 地址管理: the buyers' receiving addresses as their orders name them (mobile masked), newest first.
 * An order's address is corrected in its detail (代发订单) while it has not shipped.
 */
export function ReceiverListPage() {
  const list = useList(route, receiverList);
  return <ListPage list={list} columns={columns} keywordPlaceholder={ADDRESS_TEXT.keywordPlaceholder} />;
}
