import type { BlacklistEntry } from '@consign/api-client';
import { Button, ConfirmDialog, formatDateTime, toast } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { TITLES } from '../../texts';
import { ListPage } from '../list/list-page';
import { blacklistList } from '../list/lists';
import { useList } from '../list/use-list';
import { formKey, useEditDeleteDialogs, useRowDialog } from '../list/use-row-dialog';
import { useCan } from '../order/use-can';
import { BlacklistDialog } from './blacklist-dialog';
import { BlacklistReasonDialog } from './blacklist-reason-dialog';
import { BUYER_TEXT } from './texts';

const route = getRouteApi('/_authed/user/black-list');
const columnText = BUYER_TEXT.columns;
const nameOf = (entry: BlacklistEntry) => entry.buyer_name || entry.mobile;

type RowAction = (entry: BlacklistEntry) => void;

function columns(
  actions: { edit: RowAction; lift: RowAction } | null,
): DataTableProps<BlacklistEntry>['columns'] {
  return [
    { header: columnText.buyer, accessorKey: 'buyer_name' },
    {
      header: columnText.mobile,
      cell: ({ row }) => <span className="tabular-nums">{row.original.mobile}</span>,
    },
    { header: columnText.reason, accessorKey: 'reason' },
    { header: columnText.createdAt, cell: ({ row }) => formatDateTime(row.original.created_at) },
    ...(actions
      ? [
          {
            header: columnText.actions,
            cell: ({ row }: { row: { original: BlacklistEntry } }) => (
              <div className="flex gap-3">
                <Button
                  variant="link"
                  aria-label={BUYER_TEXT.editReasonLabel(nameOf(row.original))}
                  onClick={() => actions.edit(row.original)}
                >
                  {BUYER_TEXT.editReason}
                </Button>
                <Button
                  variant="link"
                  className="text-error"
                  aria-label={BUYER_TEXT.liftLabel(nameOf(row.original))}
                  onClick={() => actions.lift(row.original)}
                >
                  {BUYER_TEXT.lift}
                </Button>
              </div>
            ),
          },
        ]
      : []),
  ];
}

/**
 * 黑名单: the blacklisted buyers with their reasons; with order:process, add one by mobile, change a
 * reason (at the version read) or lift one.
 */
export function BlacklistPage() {
  const list = useList(route, blacklistList);
  const api = useApi();
  const queryClient = useQueryClient();
  const canProcess = useCan('order:process');
  const adding = useRowDialog(null);
  const {
    editing,
    editOpened,
    editOpen,
    setEditOpen,
    deleting: lifting,
    deleteOpen: liftOpen,
    setDeleteOpen: setLiftOpen,
    openEdit,
    openDelete,
  } = useEditDeleteDialogs<BlacklistEntry>();
  const editingNow = editing ? (list.query.data?.list.find((row) => row.id === editing.id) ?? editing) : null;
  const tableColumns = useMemo(
    () => columns(canProcess ? { edit: openEdit, lift: openDelete } : null),
    [canProcess, openEdit, openDelete],
  );
  return (
    <ListPage
      title={TITLES.userBlackList}
      list={list}
      columns={tableColumns}
      keywordPlaceholder={BUYER_TEXT.keyword}
      actions={
        canProcess ? (
          <Button variant="primary" onClick={() => adding.show(null)}>
            {BUYER_TEXT.addByMobile}
          </Button>
        ) : null
      }
    >
      <BlacklistDialog key={adding.opened} target={null} open={adding.open} onOpenChange={adding.setOpen} />
      <BlacklistReasonDialog
        // The entry as the list holds it now: after 重新加载 the dialog starts over from the current one.
        key={formKey(editOpened, editingNow)}
        entry={editingNow}
        open={editOpen}
        onOpenChange={setEditOpen}
      />
      <ConfirmDialog
        open={liftOpen}
        onOpenChange={setLiftOpen}
        title={BUYER_TEXT.liftTitle}
        description={lifting ? BUYER_TEXT.liftDescription(nameOf(lifting)) : undefined}
        confirmText={BUYER_TEXT.lift}
        onConfirm={async () => {
          if (!lifting) return;
          await api.call('/api/buyer/blacklist-del', { id: lifting.id, version: lifting.version });
          toast.success(BUYER_TEXT.lifted(nameOf(lifting)));
          await invalidateAfter(queryClient, '/api/buyer/blacklist-del');
        }}
      />
    </ListPage>
  );
}
