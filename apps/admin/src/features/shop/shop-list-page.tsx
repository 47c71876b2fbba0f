import { PLATFORMS, SHOP_AUTH_STATUSES, type Shop, type ShopAuthStatus } from '@consign/api-client';
import { Button, formatDateTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { TITLES } from '../../copy';
import { ListPage } from '../list/list-page';
import { shopList } from '../list/lists';
import { useList } from '../list/use-list';
import { useRowDialog } from '../list/use-row-dialog';
import { PLATFORM_LABELS } from '../order/copy';
import { StatusBadge } from '../order/status-badge';
import { SHOP_COPY } from './copy';
import { useGroupOptions } from './group-options';
import { MoveShopDialog } from './move-shop-dialog';
import { ShopSyncCell, SYNC_COPY } from './shop-sync-cell';

const route = getRouteApi('/_authed/shop/setting/');
const c = SHOP_COPY.columns;

const AUTH_TONES = {
  authorized: 'success',
  expired: 'danger',
  unauthorized: 'neutral',
} as const satisfies Record<ShopAuthStatus, string>;

function Expiry({ at }: { at: number | null }) {
  if (!at) return <span className="text-muted-foreground">{SHOP_COPY.never}</span>;
  const past = at * 1000 < Date.now();
  return (
    <span className={past ? 'text-error' : undefined}>
      {formatDateTime(at).slice(0, 10)}
      {past ? ` (${SHOP_COPY.expired})` : ''}
    </span>
  );
}

function columns(move: (shop: Shop) => void): DataTableProps<Shop>['columns'] {
  return [
    { header: c.name, accessorKey: 'name' },
    { header: c.platform, cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
    { header: c.group, cell: ({ row }) => row.original.group_name || SHOP_COPY.noGroup },
    {
      header: c.auth,
      cell: ({ row }) => (
        <StatusBadge
          label={SHOP_COPY.auth[row.original.auth_status]}
          tone={AUTH_TONES[row.original.auth_status]}
        />
      ),
    },
    { header: SHOP_COPY.expiresAt, cell: ({ row }) => <Expiry at={row.original.auth_expires_at} /> },
    { header: SYNC_COPY.header, cell: ({ row }) => <ShopSyncCell shop={row.original} /> },
    { header: c.goodsCount, accessorKey: 'goods_count', meta: { align: 'right' } },
    {
      header: c.actions,
      cell: ({ row }) => (
        <Button
          variant="link"
          aria-label={SHOP_COPY.moveLabel(row.original.name)}
          onClick={() => move(row.original)}
        >
          {SHOP_COPY.move}
        </Button>
      ),
    },
  ];
}

/** 店铺设置: shops with platform, group, authorisation and expiry; move a shop to another group. */
export function ShopListPage() {
  const list = useList(route, shopList);
  const groups = useGroupOptions();
  const { row: moving, open, setOpen, show: move } = useRowDialog<Shop | null>(null);
  const tableColumns = useMemo(() => columns(move), [move]);
  return (
    <ListPage
      title={TITLES.shopSetting}
      list={list}
      columns={tableColumns}
      actions={
        <Link to="/shop/setting/group" className="text-sm text-link underline-offset-4 hover:underline">
          {SHOP_COPY.manageGroups}
        </Link>
      }
      keywordPlaceholder={SHOP_COPY.shopKeyword}
      filters={{
        selects: [
          {
            key: 'platform',
            label: SHOP_COPY.platform,
            allLabel: SHOP_COPY.allPlatforms,
            options: PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
          },
          {
            key: 'group_id',
            label: SHOP_COPY.group,
            allLabel: SHOP_COPY.allGroups,
            options: [
              { value: '0', label: SHOP_COPY.noGroup },
              ...groups.map((g) => ({ value: String(g.id), label: g.name })),
            ],
          },
        ],
      }}
      tabs={{
        filter: 'auth_status',
        label: SHOP_COPY.authTabs,
        options: SHOP_AUTH_STATUSES,
        labels: SHOP_COPY.auth,
      }}
    >
      <MoveShopDialog
        // The row as the list holds it now: after 重新加载 the dialog starts over from the current one.
        shop={moving ? (list.query.data?.list.find((row) => row.id === moving.id) ?? moving) : null}
        open={open}
        onOpenChange={setOpen}
      />
    </ListPage>
  );
}
