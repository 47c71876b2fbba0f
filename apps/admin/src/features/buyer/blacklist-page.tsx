import type { BlacklistEntry } from '@consign/api-client';
import { Button, formatDateTime } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { EditDeleteDialogs } from '../../common/list/edit-delete-dialogs';
import { ListPage } from '../../common/list/list-page';
import { blacklistList } from '../../common/list/lists';
import { useList } from '../../common/list/use-list';
import { useEditDeleteDialogs, useRowDialog } from '../../common/list/use-row-dialog';
import { useCan } from '../../common/use-can';
import { useApi } from '../../lib/use-api';
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
  const canProcess = useCan('order:process');
  const adding = useRowDialog(null);
  // 编辑 changes the reason, 删除 lifts the block.
  const dialogs = useEditDeleteDialogs<BlacklistEntry>();
  const { openEdit, openDelete } = dialogs;
  const tableColumns = useMemo(
    () => columns(canProcess ? { edit: openEdit, lift: openDelete } : null),
    [canProcess, openEdit, openDelete],
  );
  return (
    <ListPage
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
      <EditDeleteDialogs
        dialogs={dialogs}
        rows={list.query.data?.list}
        edit={(entry, dialog) => <BlacklistReasonDialog entry={entry} {...dialog} />}
        confirm={{
          title: BUYER_TEXT.liftTitle,
          description: (entry) => BUYER_TEXT.liftDescription(nameOf(entry)),
          confirmText: BUYER_TEXT.lift,
          variant: 'default',
        }}
        onDelete={(entry) => api.call('/api/buyer/blacklist-del', { id: entry.id, version: entry.version })}
        deleted={(entry) => BUYER_TEXT.lifted(nameOf(entry))}
        invalidates="/api/buyer/blacklist-del"
      />
    </ListPage>
  );
}
