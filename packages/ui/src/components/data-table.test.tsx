import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { DataTable } from './data-table';

interface Shop {
  id: number;
  name: string;
}
const columns: ColumnDef<Shop>[] = [
  { accessorKey: 'id', header: 'ID' },
  { accessorKey: 'name', header: '店铺名称' },
  {
    id: 'actions',
    header: '操作',
    cell: ({ row }) => (
      <button type="button" onClick={() => console.info('edit', row.original.id)}>
        编辑
      </button>
    ),
  },
];
const shops: Shop[] = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `店铺 ${i + 1}` }));

/** A table with a checkbox column on TanStack Table's row selection, its state held by the caller. */
function Selectable({ onChange }: { onChange: (selection: RowSelectionState) => void }) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({ 'shop-2': true });
  const select: ColumnDef<Shop>[] = [
    {
      id: 'select',
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label="全选本页"
          checked={table.getIsAllPageRowsSelected()}
          onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={`选择 ${row.original.name}`}
          checked={row.getIsSelected()}
          onChange={(event) => row.toggleSelected(event.target.checked)}
        />
      ),
    },
    ...columns,
  ];
  return (
    <DataTable
      columns={select}
      data={shops.slice(0, 3)}
      getRowId={(row) => `shop-${row.id}`}
      rowSelection={rowSelection}
      onRowSelectionChange={(update) =>
        setRowSelection((old) => {
          const next = typeof update === 'function' ? update(old) : update;
          onChange(next);
          return next;
        })
      }
    />
  );
}

describe('DataTable', () => {
  it('row selection: controlled by the caller, keyed by the row id, toggled by row and by page', async () => {
    const changes: RowSelectionState[] = [];
    const screen = await render(<Selectable onChange={(next) => changes.push(next)} />);
    await expect.element(screen.getByRole('checkbox', { name: '选择 店铺 2' })).toBeChecked();
    const selected = () =>
      [...screen.container.querySelectorAll('[data-state="selected"]')].map((r) =>
        r.getAttribute('data-row-id'),
      );
    expect(selected()).toEqual(['shop-2']);
    await userEvent.click(screen.getByRole('checkbox', { name: '选择 店铺 1' }));
    expect(changes.at(-1)).toEqual({ 'shop-1': true, 'shop-2': true });
    await userEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(changes.at(-1)).toEqual({ 'shop-1': true, 'shop-2': true, 'shop-3': true });
    await expect.element(screen.getByRole('checkbox', { name: '全选本页' })).toBeChecked();
    expect(selected()).toEqual(['shop-1', 'shop-2', 'shop-3']);
    await userEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(changes.at(-1)).toEqual({});
  });

  it('renders headers and rows with data-slot parts and stable row ids', async () => {
    const screen = await render(
      <DataTable columns={columns} data={shops.slice(0, 3)} getRowId={(row) => `shop-${row.id}`} />,
    );
    await expect.element(screen.getByRole('columnheader', { name: '店铺名称' })).toBeVisible();
    const rows = screen.container.querySelectorAll('[data-slot="data-table-row"]');
    expect([...rows].map((r) => r.getAttribute('data-row-id'))).toEqual(['shop-1', 'shop-2', 'shop-3']);
    await expect.element(screen.getByRole('cell', { name: '店铺 2' })).toBeVisible();
  });

  it('paints skeleton rows and is busy while loading', async () => {
    const screen = await render(<DataTable columns={columns} data={[]} loading skeletonRows={20} />);
    const region = screen.getByRole('region', { name: '数据表格' });
    await expect.element(region).toHaveAttribute('aria-busy', 'true');
    expect(screen.container.querySelectorAll('[data-slot="data-table-skeleton-row"]')).toHaveLength(20);
    expect(screen.getByText('暂无数据').query()).toBeNull();
  });

  it('shows 暂无数据 by default, or the empty slot', async () => {
    const screen = await render(<DataTable columns={columns} data={[]} />);
    await expect.element(screen.getByText('暂无数据')).toBeVisible();
    await expect.element(screen.getByRole('region')).not.toHaveAttribute('aria-busy');
    await screen.rerender(<DataTable columns={columns} data={[]} empty={<p>还没有店铺</p>} />);
    await expect.element(screen.getByText('还没有店铺')).toBeVisible();
  });

  it('shows the error slot instead of rows', async () => {
    const screen = await render(<DataTable columns={columns} data={shops} error={<p>加载失败</p>} />);
    await expect.element(screen.getByText('加载失败')).toBeVisible();
    expect(screen.getByRole('cell', { name: '店铺 1', exact: true }).query()).toBeNull();
  });

  it('makes rows clickable by mouse and keyboard, but not through buttons inside them', async () => {
    const onRowClick = vi.fn();
    const screen = await render(
      <DataTable columns={columns} data={shops.slice(0, 3)} onRowClick={onRowClick} />,
    );
    const row = screen.getByRole('row', { name: /店铺 2/ });
    await expect.element(row).toHaveAttribute('tabindex', '0');
    await row.click();
    expect(onRowClick).toHaveBeenLastCalledWith(shops[1], expect.anything());
    (screen.getByRole('row', { name: /店铺 3/ }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(shops[2], expect.anything());
    onRowClick.mockClear();
    await screen.getByRole('button', { name: '编辑' }).first().click();
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('rows are not focusable when nothing happens on click', async () => {
    const screen = await render(<DataTable columns={columns} data={shops.slice(0, 1)} />);
    await expect.element(screen.getByRole('row', { name: /店铺 1/ })).not.toHaveAttribute('tabindex');
  });

  it('scrolls sideways when the columns are wider than the container, and paints 10 skeleton rows by default', async () => {
    const wide: ColumnDef<Shop>[] = Array.from({ length: 12 }, (_, i) => ({
      id: `c${i}`,
      header: `很长很长的列标题 ${i + 1}`,
      cell: ({ row }) => `内容 ${row.original.id}-${i + 1}`,
    }));
    const screen = await render(
      <div style={{ width: 400 }}>
        <DataTable columns={wide} data={shops.slice(0, 2)} />
      </div>,
    );
    const region = screen.getByRole('region').element() as HTMLElement;
    expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    expect(region.getBoundingClientRect().width).toBe(400);
    await screen.rerender(
      <div style={{ width: 400 }}>
        <DataTable columns={wide} data={[]} loading />
      </div>,
    );
    expect(screen.container.querySelectorAll('[data-slot="data-table-skeleton-row"]')).toHaveLength(10);
  });

  it('keeps the header in view while the body scrolls inside maxHeight', async () => {
    const screen = await render(<DataTable columns={columns} data={shops} maxHeight={200} />);
    const region = screen.getByRole('region').element() as HTMLElement;
    expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
    region.scrollTop = 400;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const header = screen.getByRole('columnheader', { name: '店铺名称' }).element();
    const top = region.getBoundingClientRect().top;
    expect(Math.abs(header.getBoundingClientRect().top - top)).toBeLessThan(2);
  });
});
