import { useCallback, useState } from 'react';

/**
 * A dialog about one row (a detail, a move, an edit): the row it shows, whether it is open, and a
 * stable `show(row)` (table columns memoised on it are built once). The row stays set while the
 * dialog closes, so its content does not vanish during the closing animation.
 */
export function useRowDialog<T>(initial: T) {
  const [row, setRow] = useState<T>(initial);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: T) => {
    setRow(next);
    setOpen(true);
  }, []);
  return { row, open, setOpen, show };
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
    setEditOpen: edit.setOpen,
    deleting: remove.row,
    deleteOpen: remove.open,
    setDeleteOpen: remove.setOpen,
    openCreate,
    openEdit: showEdit as (row: T) => void,
    openDelete: remove.show as (row: T) => void,
  };
}
