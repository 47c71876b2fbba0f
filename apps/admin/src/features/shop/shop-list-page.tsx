import {
  AUTHORISABLE_PLATFORMS,
  SHOP_ATTENTION_LABELS,
  SHOP_ATTENTIONS,
  SHOP_AUTH_STATUSES,
  type Shop,
} from '@consign/api-client';
import { PLATFORM_LABELS } from '@consign/api-client/contract';
import { Button } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ListPage } from '../../common/list/list-page';
import { shopList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { formKey, useRowDialog } from '../../common/list/use-row-dialog';
import { useGroupOptions } from './group-options';
import { MoveShopDialog } from './move-shop-dialog';
import {
  AddShopDialog,
  canReauthorise,
  ShopStateCell,
  useAuthorise,
  useToggleShop,
} from './shop-authorisation';
import { ShopSyncCell, SYNC_TEXT } from './shop-sync-cell';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/setting/');
const columnText = SHOP_TEXT.columns;

const authoriseText = SHOP_TEXT.authorise;

interface RowActions {
  move: (shop: Shop) => void;
  reauthorise: (shop: Shop) => void;
  toggle: (shop: Shop) => void;
  busy: boolean;
}

/** The row's actions: 重新授权 (when its authorisation ends or ended), 停用 / 启用, 移动分组. */
function ShopActions({ shop, actions }: { shop: Shop; actions: RowActions }) {
  const verb = shop.state === 'disabled' ? authoriseText.enable : authoriseText.disable;
  return (
    <span className="inline-flex flex-wrap gap-x-2">
      {canReauthorise(shop) ? (
        <Button
          variant="link"
          aria-label={authoriseText.reauthoriseLabel(shop.name)}
          disabled={actions.busy}
          onClick={() => actions.reauthorise(shop)}
        >
          {authoriseText.reauthorise}
        </Button>
      ) : null}
      {shop.platform_shop_id ? (
        <Button
          variant="link"
          aria-label={authoriseText.toggleLabel(verb, shop.name)}
          disabled={actions.busy}
          onClick={() => actions.toggle(shop)}
        >
          {verb}
        </Button>
      ) : null}
      <Button variant="link" aria-label={SHOP_TEXT.moveLabel(shop.name)} onClick={() => actions.move(shop)}>
        {SHOP_TEXT.move}
      </Button>
    </span>
  );
}

/** One column definition per entry, in display order. */
function columns(actions: RowActions): DataTableProps<Shop>['columns'] {
  return [
    { header: columnText.name, accessorKey: 'name' },
    { header: columnText.platform, cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
    { header: columnText.group, cell: ({ row }) => row.original.group_name || SHOP_TEXT.noGroup },
    { header: authoriseText.status, cell: ({ row }) => <ShopStateCell shop={row.original} /> },
    { header: SYNC_TEXT.header, cell: ({ row }) => <ShopSyncCell shop={row.original} /> },
    { header: columnText.goodsCount, accessorKey: 'goods_count', meta: { align: 'right' } },
    { header: columnText.actions, cell: ({ row }) => <ShopActions shop={row.original} actions={actions} /> },
  ];
}

/**
 * 店铺设置: shops with platform, group and status; 添加店铺 (authorise one on its platform), 重新授权,
 * 停用 / 启用, move a shop to another group.
 */
export function ShopListPage() {
  const list = useList(route, shopList);
  const groups = useGroupOptions();
  const { row: moving, open, setOpen, show: move, opened } = useRowDialog<Shop | null>(null);
  const movingNow = moving ? (list.query.data?.list.find((row) => row.id === moving.id) ?? moving) : null;
  const [adding, setAdding] = useState(false);
  const authorise = useAuthorise();
  const toggle = useToggleShop();
  const busy = authorise.isPending || authorise.isSuccess || toggle.isPending;
  const { mutate: startAuthorise } = authorise;
  const { mutate: toggleShop } = toggle;
  const tableColumns = useMemo(
    () =>
      columns({
        move,
        reauthorise: (shop) =>
          startAuthorise({ platform: shop.platform as 'pinduoduo' | 'douyin', shop_id: shop.id }),
        toggle: (shop) => toggleShop(shop),
        busy,
      }),
    [move, startAuthorise, toggleShop, busy],
  );
  return (
    <ListPage
      list={list}
      columns={tableColumns}
      actions={
        <>
          <Link to="/shop/setting/group" className="text-sm text-link underline-offset-4 hover:underline">
            {SHOP_TEXT.manageGroups}
          </Link>
          <Button variant="primary" onClick={() => setAdding(true)}>
            {authoriseText.add}
          </Button>
        </>
      }
      keywordPlaceholder={SHOP_TEXT.shopKeyword}
      filters={{
        selects: [
          {
            key: 'platform',
            label: SHOP_TEXT.platform,
            allLabel: SHOP_TEXT.allPlatforms,
            // Only the platforms a shop can be authorised on: no shop of another one can exist.
            options: AUTHORISABLE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] })),
          },
          {
            key: 'group_id',
            label: SHOP_TEXT.group,
            allLabel: SHOP_TEXT.allGroups,
            options: [
              { value: '0', label: SHOP_TEXT.noGroup },
              ...groups.map((g) => ({ value: String(g.id), label: g.name })),
            ],
          },
          {
            // 工作台's shop counts open these views.
            key: 'attention',
            label: SHOP_TEXT.attention,
            allLabel: SHOP_TEXT.allShops,
            options: SHOP_ATTENTIONS.map((a) => ({ value: a, label: SHOP_ATTENTION_LABELS[a] })),
          },
        ],
      }}
      tabs={{
        filter: 'auth_status',
        label: SHOP_TEXT.authTabs,
        options: SHOP_AUTH_STATUSES,
        labels: SHOP_TEXT.auth,
      }}
    >
      <AddShopDialog open={adding} onOpenChange={setAdding} />
      <MoveShopDialog
        // The row as the list holds it now: after 重新加载 the dialog starts over from the current one.
        key={formKey(opened, movingNow)}
        shop={movingNow}
        open={open}
        onOpenChange={setOpen}
      />
    </ListPage>
  );
}
