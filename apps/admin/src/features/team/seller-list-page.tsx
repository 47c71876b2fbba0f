import { type SellerAccount, USER_STATUSES } from '@consign/api-client';
import { Button, ConfirmDialog, formatDateTime, formatMoney, toast } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ListPage } from '../../common/list/list-page';
import { sellerList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useRowDialog } from '../../common/list/use-row-dialog';
import { StatusBadge } from '../../common/status-badge';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { AdjustBalanceDialog } from '../balance/adjust-dialog';
import { BALANCE_TEXT } from '../balance/texts';
import { TEAM_TEXT } from './texts';

const route = getRouteApi('/_authed/user/seller');
const sellerText = TEAM_TEXT.sellers;
const STATUS_TONES = { active: 'success', disabled: 'neutral' } as const;

function columns(toggle: (seller: SellerAccount) => void, adjust: (seller: SellerAccount) => void) {
  return [
    { header: sellerText.name, accessorKey: 'name' },
    { header: sellerText.ownerMobile, accessorKey: 'owner_mobile' },
    { header: TEAM_TEXT.createdAt, cell: ({ row }) => formatDateTime(row.original.created_at) },
    { header: sellerText.memberCount, accessorKey: 'member_count', meta: { align: 'right' } },
    { header: sellerText.orderCount, accessorKey: 'order_count', meta: { align: 'right' } },
    {
      header: sellerText.balance,
      meta: { align: 'right' },
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.balance)}</span>,
    },
    {
      header: TEAM_TEXT.statusTab,
      cell: ({ row }) => (
        <StatusBadge label={TEAM_TEXT.status[row.original.status]} tone={STATUS_TONES[row.original.status]} />
      ),
    },
    {
      id: 'actions',
      header: TEAM_TEXT.actions,
      cell: ({ row }) => {
        const disabled = row.original.status === 'disabled';
        return (
          <span className="flex items-center gap-3">
            {/*
              The operator's own account: the server refuses to disable it or adjust its balance (another
              operator does), so the page offers neither.
            */}
            {row.original.is_current ? null : (
              <Button
                variant="link"
                aria-label={BALANCE_TEXT.adjust.actionLabel(row.original.name)}
                onClick={() => adjust(row.original)}
              >
                {BALANCE_TEXT.adjust.action}
              </Button>
            )}
            {row.original.is_current ? (
              <span className="text-muted-foreground" title={sellerText.currentHint}>
                {sellerText.current}
              </span>
            ) : (
              <Button
                variant="link"
                className={disabled ? undefined : 'text-error'}
                aria-label={
                  disabled
                    ? sellerText.enableLabel(row.original.name)
                    : sellerText.disableLabel(row.original.name)
                }
                onClick={() => toggle(row.original)}
              >
                {disabled ? TEAM_TEXT.enable : TEAM_TEXT.disable}
              </Button>
            )}
          </span>
        );
      },
    },
  ] satisfies DataTableProps<SellerAccount>['columns'];
}

/**
 * 卖家管理 (operators): every seller account with its owner's mobile masked, created date, members,
 * orders and balance; 调整余额; disable (its users are signed out at once) or enable an account;
 * neither for the one the operator works in.
 */
export function SellerListPage() {
  const list = useList(route, sellerList);
  const api = useApi();
  const queryClient = useQueryClient();
  const disabling = useRowDialog<SellerAccount | null>(null);
  const [adjusting, setAdjusting] = useState<SellerAccount | null>(null);
  const enable = useMutation({
    mutationKey: ['/api/seller/status'],
    mutationFn: (seller: SellerAccount) =>
      api.call('/api/seller/status', { id: seller.id, status: 'active' }),
    onSuccess: (seller) => toast.success(sellerText.enabled(seller.name)),
  });
  const { show: showDisable } = disabling;
  const { mutate: enableSeller } = enable;
  const tableColumns = useMemo(
    () =>
      columns(
        (seller) => (seller.status === 'disabled' ? enableSeller(seller) : showDisable(seller)),
        setAdjusting,
      ),
    [enableSeller, showDisable],
  );
  return (
    <ListPage
      list={list}
      columns={tableColumns}
      keywordPlaceholder={sellerText.keyword}
      tabs={{
        filter: 'status',
        options: USER_STATUSES,
        labels: TEAM_TEXT.status,
        label: TEAM_TEXT.statusTab,
      }}
    >
      {/* Mounted only while open: each opening starts from an empty form. */}
      {adjusting ? (
        <AdjustBalanceDialog seller={adjusting} onOpenChange={(open) => !open && setAdjusting(null)} />
      ) : null}
      <ConfirmDialog
        open={disabling.open}
        onOpenChange={disabling.setOpen}
        variant="danger"
        title={sellerText.disableTitle}
        description={disabling.row ? sellerText.disableDescription(disabling.row.name) : undefined}
        confirmText={TEAM_TEXT.disable}
        onConfirm={async () => {
          if (!disabling.row) return;
          await api.call('/api/seller/status', { id: disabling.row.id, status: 'disabled' });
          toast.success(sellerText.disabled(disabling.row.name));
          await invalidateAfter(queryClient, '/api/seller/status');
        }}
      />
    </ListPage>
  );
}
