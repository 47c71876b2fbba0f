import { GOODS_STATUSES, type Goods, type GoodsStatus } from '@consign/api-client';
import { formatMoney, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ListPage } from '../../common/list/list-page';
import { goodsList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { StatusBadge } from '../../common/status-badge';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/goods/');
const columnText = SHOP_TEXT.columns;

const GOODS_TONES = {
  on_sale: 'success',
  off_sale: 'neutral',
  draft: 'primary',
} as const satisfies Record<GoodsStatus, string>;

const columns: DataTableProps<Goods>['columns'] = [
  {
    header: columnText.title,
    cell: ({ row }) => (
      <div className="flex max-w-80 items-center gap-2">
        <img
          src={row.original.images[0]}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          className="size-10 shrink-0 rounded-sm border border-border bg-muted object-cover"
        />
        <span className="truncate" title={row.original.title}>
          {row.original.title}
        </span>
      </div>
    ),
  },
  { header: columnText.shop, accessorKey: 'shop_name' },
  {
    header: columnText.price,
    cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.price)}</span>,
    meta: { align: 'right' },
  },
  { header: columnText.stock, accessorKey: 'stock', meta: { align: 'right' } },
  {
    header: columnText.status,
    cell: ({ row }) => (
      <StatusBadge
        label={SHOP_TEXT.goodsStatus[row.original.status]}
        tone={GOODS_TONES[row.original.status]}
      />
    ),
  },
  {
    header: columnText.updatedAt,
    cell: ({ row }) => <RelativeTime value={row.original.updated_at * 1000} />,
  },
  {
    id: 'actions',
    header: columnText.actions,
    cell: ({ row }) => (
      <Link
        to="/shop/goods/detail"
        search={{ id: row.original.id }}
        aria-label={SHOP_TEXT.editLabel(row.original.title)}
        className="text-link underline-offset-4 hover:underline"
      >
        {SHOP_TEXT.edit}
      </Link>
    ),
  },
];

/** 商品管理: status tabs, keyword and shop filters, the goods with a link to 商品编辑. */
export function GoodsListPage() {
  return (
    <ListPage
      list={useList(route, goodsList)}
      columns={columns}
      keywordPlaceholder={SHOP_TEXT.goodsKeyword}
      filters={{ shop: true }}
      tabs={{
        filter: 'status',
        label: SHOP_TEXT.goodsStatusTabs,
        options: GOODS_STATUSES,
        labels: SHOP_TEXT.goodsStatus,
      }}
    />
  );
}
