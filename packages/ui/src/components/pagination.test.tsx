import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Pagination, pageAfterSizeChange, paginationParts } from './pagination';

describe('paginationParts', () => {
  it('lists every page up to 9 pages', () => {
    expect(paginationParts(1, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('keeps first, last and two pages around the current one, with jumps between', () => {
    expect(paginationParts(1, 20)).toEqual([1, 2, 3, 4, 5, 'jump-next', 20]);
    expect(paginationParts(10, 20)).toEqual([1, 'jump-prev', 8, 9, 10, 11, 12, 'jump-next', 20]);
    expect(paginationParts(20, 20)).toEqual([1, 'jump-prev', 16, 17, 18, 19, 20]);
  });
});

describe('pageAfterSizeChange', () => {
  it('keeps the first visible record on the new page', () => {
    // page 3 at 20/page starts with record 41: at 10/page that is page 5, at 50/page page 1.
    expect(pageAfterSizeChange(3, 20, 10, 500)).toBe(5);
    expect(pageAfterSizeChange(3, 20, 50, 500)).toBe(1);
    // page 7 at 10/page starts with record 61: at 20/page that is page 4 (records 61-80).
    expect(pageAfterSizeChange(7, 10, 20, 500)).toBe(4);
    expect(pageAfterSizeChange(10, 10, 100, 95)).toBe(1);
  });

  it('never lands past the last page or before the first', () => {
    // page 9 of 95 records at 10/page starts with record 81; at 20/page that is page 5, the last.
    expect(pageAfterSizeChange(9, 10, 20, 95)).toBe(5);
    // an empty list stays on page 1
    expect(pageAfterSizeChange(4, 20, 50, 0)).toBe(1);
  });
});

describe('Pagination', () => {
  it('shows the total and moves with page, previous and next buttons', async () => {
    const onChange = vi.fn();
    const screen = await render(<Pagination current={5} pageSize={20} total={500} onChange={onChange} />);
    await expect.element(screen.getByText('共 500 条')).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: '第 5 页' }))
      .toHaveAttribute('aria-current', 'page');
    await screen.getByRole('button', { name: '第 6 页' }).click();
    expect(onChange).toHaveBeenLastCalledWith(6, 20);
    await screen.getByRole('button', { name: '上一页' }).click();
    expect(onChange).toHaveBeenLastCalledWith(4, 20);
    await screen.getByRole('button', { name: '向后 5 页' }).click();
    expect(onChange).toHaveBeenLastCalledWith(10, 20);
    await screen.getByRole('button', { name: '向前 5 页' }).click();
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
  });

  it('disables previous on the first page and next on the last', async () => {
    const screen = await render(<Pagination current={3} pageSize={10} total={30} onChange={() => {}} />);
    await expect.element(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: '上一页' })).toBeEnabled();
  });

  it('offers 10/20/50/100 per page and keeps the first visible record after a change', async () => {
    const onChange = vi.fn();
    const screen = await render(<Pagination current={3} pageSize={20} total={500} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: '每页条数' });
    const options = [...(select.element() as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    await select.selectOptions('10 条/页');
    expect(onChange).toHaveBeenLastCalledWith(5, 10);
  });

  it('after a larger page size, shows the page that holds the first row that was visible', async () => {
    const onChange = vi.fn();
    const screen = await render(<Pagination current={7} pageSize={10} total={500} onChange={onChange} />);
    await screen.getByRole('combobox', { name: '每页条数' }).selectOptions('20 条/页');
    // Rows 61-70 were on screen; at 20 a page row 61 opens page 4 (rows 61-80).
    expect(onChange).toHaveBeenLastCalledWith(4, 20);
  });

  it('jumps on Enter, clamps out-of-range pages and ignores junk', async () => {
    const onChange = vi.fn();
    const screen = await render(<Pagination current={1} pageSize={20} total={200} onChange={onChange} />);
    const jump = screen.getByRole('textbox', { name: '跳至' });
    await jump.fill('7');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(7, 20);
    await jump.fill('999');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(10, 20);
    onChange.mockClear();
    await jump.fill('abc');
    await userEvent.keyboard('{Enter}');
    await jump.fill('-3');
    await userEvent.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    await expect.element(jump).toHaveValue('');
  });

  it('disables every control when disabled', async () => {
    const screen = await render(
      <Pagination current={2} pageSize={20} total={200} onChange={() => {}} disabled />,
    );
    for (const button of screen.getByRole('button').all()) await expect.element(button).toBeDisabled();
    await expect.element(screen.getByRole('combobox', { name: '每页条数' })).toBeDisabled();
    await expect.element(screen.getByRole('textbox', { name: '跳至' })).toBeDisabled();
  });
});
