import { ConfirmDialog, toast } from '@consign/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { invalidateAfter, type WritePath } from '../../lib/invalidate';
import { type EditDeleteDialogs as Dialogs, formKey } from './use-row-dialog';

export interface EditDeleteDialogsProps<T extends { id: number; version: number }> {
  /** The section's `useEditDeleteDialogs<T>()` (its 新增 button and its rows' 编辑 / 删除 open them). */
  dialogs: Dialogs<T>;
  /**
   * The rows as the section holds them now: the edit dialog shows the row's current version, so after
   * 重新加载 (a stale save) it starts over from it.
   */
  rows: readonly T[] | undefined;
  /** The section's create (`row` null) or edit dialog, open and closed by `dialog`. */
  edit: (row: T | null, dialog: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
  /** The confirmation: its title, what it says about the row, its button; `danger` unless said. */
  confirm: {
    title: string;
    description: (row: T) => string;
    confirmText: string;
    variant?: 'default' | 'danger';
  };
  /** Deletes the row. A refusal throws: the API client's toast says why and the dialog stays open. */
  onDelete: (row: T) => Promise<unknown>;
  /** The toast once it is deleted. */
  deleted: (row: T) => string;
  /** The write the deletion is (invalidate.ts): the lists it changes are read again. */
  invalidates: WritePath;
  /** Anything else to forget about the deleted row (a selection, its own queries). */
  afterDelete?: (row: T) => void;
}

/**
 * The dialogs of an edit/delete section (a list page's or a settings card's): the create/edit dialog,
 * keyed so that each opening (and each version of the row) starts a new form, and the delete
 * confirmation that deletes, says so in a toast and refreshes what the deletion changed. The section
 * keeps its table, its columns (`RowActions` calling `openEdit` / `openDelete`) and its texts.
 */
export function EditDeleteDialogs<T extends { id: number; version: number }>({
  dialogs,
  rows,
  edit,
  confirm,
  onDelete,
  deleted,
  invalidates,
  afterDelete,
}: EditDeleteDialogsProps<T>) {
  const queryClient = useQueryClient();
  const { editing, deleting } = dialogs;
  const editingNow = editing ? (rows?.find((row) => row.id === editing.id) ?? editing) : null;
  return (
    <>
      <Fragment key={formKey(dialogs.editOpened, editingNow)}>
        {edit(editingNow, { open: dialogs.editOpen, onOpenChange: dialogs.setEditOpen })}
      </Fragment>
      <ConfirmDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        variant={confirm.variant ?? 'danger'}
        title={confirm.title}
        description={deleting ? confirm.description(deleting) : undefined}
        confirmText={confirm.confirmText}
        onConfirm={async () => {
          if (!deleting) return;
          await onDelete(deleting);
          toast.success(deleted(deleting));
          afterDelete?.(deleting);
          await invalidateAfter(queryClient, invalidates);
        }}
      />
    </>
  );
}
