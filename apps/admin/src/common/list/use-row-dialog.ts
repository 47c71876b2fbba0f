import { useCallback, useState } from 'react';

/**
 * A dialog about one row (a detail, a move, an edit): the row it shows, whether it is open, and a
 * stable `show(row)` (table columns memoised on it are built once). The row stays set while the
 * dialog closes, so its content does not vanish during the closing animation.
 */
export function useRowDialog<T>(initial: T) {
  const [row, setRow] = useState<T>(initial);
  const [open, setOpen] = useState(false);
  // How many times it was opened: a form dialog is keyed by it (and by its record's version), so each
  // opening starts a new form and nothing resets one by hand.
  const [opened, setOpened] = useState(0);
  const show = useCallback((next: T) => {
    setRow(next);
    setOpen(true);
    setOpened((n) => n + 1);
  }, []);
  return { row, open, setOpen, show, opened };
}

/**
 * The key of a form dialog about `record` (null: a new one): another opening or another version of
 * the record (重新加载 after a stale save) is another form, started from the record.
 */
export function formKey(opened: number, record: { version: number } | null): string {
  return `${opened}:${record?.version ?? 'new'}`;
}

/** An edit dialog (`openCreate()`: no row; `openEdit(row)`) and a delete confirmation, for one list. */
export function useEditDeleteDialogs<T>() {
  const edit = useRowDialog<T | null>(null);
  const remove = useRowDialog<T | null>(null);
  const { show: showEdit } = edit;
  const openCreate = useCallback(() => showEdit(null), [showEdit]);
  return {
    editing: edit.row,
    editOpen: edit.open,
    editOpened: edit.opened,
    setEditOpen: edit.setOpen,
    deleting: remove.row,
    deleteOpen: remove.open,
    setDeleteOpen: remove.setOpen,
    openCreate,
    openEdit: showEdit as (row: T) => void,
    openDelete: remove.show as (row: T) => void,
  };
}

/** What {@link useEditDeleteDialogs} answers (the state `EditDeleteDialogs` shows). */
export type EditDeleteDialogs<T> = ReturnType<typeof useEditDeleteDialogs<T>>;
