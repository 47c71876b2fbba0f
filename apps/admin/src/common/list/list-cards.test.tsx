import type { RowSelectionState } from '@consign/ui/components/data-table';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { type CardView, ListCards } from './list-cards';
import { LIST_TEXT } from './texts';

interface Row {
  id: number;
  no: string | null;
  amount: string;
}
const rows: Row[] = [
  { id: 1, no: 'PDD-0001', amount: '¥1.00' },
  { id: 2, no: null, amount: '¥2.00' },
];
const card: CardView<Row> = {
  number: (row) => (row.no ? { label: '平台订单号', text: row.no } : null),
  fields: [{ label: '金额', value: (row) => row.amount }],
  actions: (row) => <button type="button">{`发货 ${row.id}`}</button>,
};

function Cards({ onOpen }: { onOpen: (row: Row) => void }) {
  const [rowSelection, onRowSelectionChange] = useState<RowSelectionState>({});
  return (
    <>
      <output>
        {Object.keys(rowSelection)
          .filter((id) => rowSelection[id])
          .join(',') || 'none'}
      </output>
      <ListCards
        card={card}
        rows={rows}
        label="订单"
        loading={false}
        onOpen={onOpen}
        selection={{ rowSelection, onRowSelectionChange }}
      />
    </>
  );
}

describe('ListCards', () => {
  it('shows each row as a card: its number with 复制, fields, 详情 and actions, and a checkbox', async () => {
    const onOpen = vi.fn();
    await render(<Cards onOpen={onOpen} />);
    const first = page.getByRole('article', { name: 'PDD-0001' });
    await expect.element(first.getByRole('button', { name: LIST_TEXT.copy('平台订单号') })).toBeVisible();
    await expect.element(first).toHaveTextContent('金额¥1.00');
    // A row without a number: a dash and nothing to copy.
    const second = page.getByRole('article', { name: '2' });
    await expect.element(second).toHaveTextContent(LIST_TEXT.none);
    expect(second.getByRole('button', { name: /复制/ }).elements()).toHaveLength(0);

    await second.getByRole('button', { name: LIST_TEXT.detail }).click();
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
    await expect.element(second.getByRole('button', { name: '发货 2' })).toBeVisible();

    await first.getByRole('checkbox', { name: LIST_TEXT.selectRow('PDD-0001') }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent('1');
    await page.getByRole('checkbox', { name: LIST_TEXT.selectPage }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent('1,2');
    await page.getByRole('checkbox', { name: LIST_TEXT.selectPage }).click();
    await expect.element(page.getByRole('status')).toHaveTextContent('none');
  });
});
