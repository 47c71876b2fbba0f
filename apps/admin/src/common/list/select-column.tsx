import { Checkbox } from '@consign/ui';
import type { DataTableProps } from '@consign/ui/components/data-table';

/**
 * A list's selection column: a checkbox for the page in the header (checked, partly or not) and one
 * per row, read and toggled through the table's own row selection (`DataTable`'s `rowSelection`).
 */
export function selectColumn<Row>(labels: {
  page: string;
  row: (row: Row) => string;
}): DataTableProps<Row>['columns'][number] {
  return {
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        aria-label={labels.page}
        checked={
          table.getIsAllPageRowsSelected()
            ? true
            : table.getIsSomePageRowsSelected()
              ? 'indeterminate'
              : false
        }
        onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={labels.row(row.original)}
        checked={row.getIsSelected()}
        onCheckedChange={(checked) => row.toggleSelected(checked === true)}
      />
    ),
  };
}
