import type { OnChangeFn, RowSelectionState } from '@consign/ui/components/data-table';
import { useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

/**
 * The rows ticked on a list page, by row id (the table's `getRowId`, the cards' ids), as the table's
 * controlled `rowSelection`. They belong to the list's address (`ListControls.address`): a refetch of
 * the same address (a live refresh) keeps the rows still on the page ticked and drops those that left
 * it; another filter, page or page size starts with none ticked. `rows` is undefined while the page
 * is not loaded (the ticks wait for it).
 */
export function useRowSelection(rows: readonly { id: number }[] | undefined, address: string) {
  const [picked, setPicked] = useState<{ address: string; ids: ReadonlySet<number> }>({
    address,
    ids: NONE,
  });
  const held = picked.address === address ? picked.ids : NONE;
  const ids: ReadonlySet<number> = rows ? new Set(rows.filter((r) => held.has(r.id)).map((r) => r.id)) : held;
  // A row that left the page stays unticked if it comes back (state adjusted while rendering).
  if (ids.size < held.size) setPicked({ address, ids });
  const set = (next: Iterable<number>) => setPicked({ address, ids: new Set(next) });
  const rowSelection: RowSelectionState = Object.fromEntries([...ids].map((id) => [String(id), true]));
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (update) => {
    const next = typeof update === 'function' ? update(rowSelection) : update;
    set(
      Object.keys(next)
        .filter((id) => next[id])
        .map(Number),
    );
  };
  return { ids, set, clear: () => set([]), table: { rowSelection, onRowSelectionChange } };
}
