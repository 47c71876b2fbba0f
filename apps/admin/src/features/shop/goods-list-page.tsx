import {
  GOODS_ATTENTIONS,
  GOODS_STATUSES,
  type GoodsListItem as Goods,
  type GoodsStatus,
} from '@consign/api-client';
import { Button, formatMoney, RelativeTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CardView } from '../../common/list/list-cards';
import { ListPage } from '../../common/list/list-page';
import { goodsList } from '../../common/list/lists';
import { selectColumn } from '../../common/list/select-column';
import { useList } from '../../common/list/use-list';
import { useRowSelection } from '../../common/list/use-row-selection';
import { StatusBadge } from '../../common/status-badge';
import { GoodsListings } from './goods-listings';
import { PublishDialog, type PublishDialogSubject } from './publish-dialog';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/goods/');
const columnText = SHOP_TEXT.columns;

const GOODS_TONES = {
  on_sale: 'success',
  off_sale: 'neutral',
  draft: 'primary',
} as const satisfies Record<GoodsStatus, string>;

const columns: DataTableProps<Goods>['columns'] = [
  selectColumn<Goods>({ page: SHOP_TEXT.selectPage, row: (goods) => SHOP_TEXT.selectGoods(goods.title) }),
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
    id: 'listings',
    header: SHOP_TEXT.monitor.column,
    cell: ({ row }) => <GoodsListings goods={row.original} />,
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

/** On a phone: the title (copyable), the status, the picture with each shop's listing, then the numbers. */
const card: CardView<Goods> = {
  number: (goods) => ({ label: columnText.title, text: goods.title }),
  badge: (goods) => (
    <StatusBadge label={SHOP_TEXT.goodsStatus[goods.status]} tone={GOODS_TONES[goods.status]} />
  ),
  body: (goods) => (
    <div className="flex items-start gap-2">
      <img
        src={goods.images[0]}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        className="size-10 shrink-0 rounded-sm border border-border bg-muted object-cover"
      />
      <GoodsListings goods={goods} />
    </div>
  ),
  fields: [
    { label: columnText.shop, value: (goods) => goods.shop_name },
    {
      label: columnText.price,
      value: (goods) => <span className="tabular-nums">{formatMoney(goods.price)}</span>,
    },
    { label: columnText.stock, value: (goods) => goods.stock },
    { label: columnText.updatedAt, value: (goods) => <RelativeTime value={goods.updated_at * 1000} /> },
  ],
  actions: (goods) => (
    <Link
      to="/shop/goods/detail"
      search={{ id: goods.id }}
      aria-label={SHOP_TEXT.editLabel(goods.title)}
      className="text-link underline-offset-4 hover:underline"
    >
      {SHOP_TEXT.edit}
    </Link>
  ),
};

/**
 * 商品管理: status tabs, keyword, shop and 货源监控 (需处理) filters, the goods with each shop's listing and
 * 货源监控 state and a link to 商品编辑; goods picked on the page are published to shops (发布到店铺).
 */
export function GoodsListPage() {
  const list = useList(route, goodsList);
  const select = useRowSelection(list.query.data?.list, list.address);
  const [publishing, setPublishing] = useState<PublishDialogSubject | null>(null);
  const picked = [...select.ids];
  return (
    <>
      <ListPage
        list={list}
        columns={columns}
        card={card}
        selection={select.table}
        actions={
          <Button
            variant="primary"
            disabled={picked.length === 0}
            onClick={() => setPublishing({ kind: 'publish', goodsIds: picked })}
          >
            {picked.length > 0 ? SHOP_TEXT.publish.actionSelected(picked.length) : SHOP_TEXT.publish.action}
          </Button>
        }
        keywordPlaceholder={SHOP_TEXT.goodsKeyword}
        filters={{
          shop: true,
          selects: [
            {
              key: 'attention',
              label: SHOP_TEXT.monitor.filter,
              allLabel: SHOP_TEXT.monitor.allGoods,
              options: GOODS_ATTENTIONS.map((a) => ({ value: a, label: SHOP_TEXT.goodsAttention[a] })),
            },
          ],
        }}
        tabs={{
          filter: 'status',
          label: SHOP_TEXT.goodsStatusTabs,
          options: GOODS_STATUSES,
          labels: SHOP_TEXT.goodsStatus,
        }}
      />
      {publishing ? (
        <PublishDialog
          key={publishing.kind === 'publish' ? publishing.goodsIds.join(',') : publishing.listing.id}
          subject={publishing}
          onOpenChange={(open) => {
            if (!open) setPublishing(null);
          }}
        />
      ) : null}
    </>
  );
}
