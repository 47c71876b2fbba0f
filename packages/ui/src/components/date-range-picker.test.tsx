import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { DateRangePicker, type DateRangeValue, formatDay, parseDay } from './date-range-picker';

// A Wednesday: 近7天 reaches back into October, 本月 starts on the 1st.
const TODAY = new Date(2026, 10, 4);

function Picker({ initial = {} }: { initial?: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateRangePicker label="下单日期" value={value} onChange={setValue} today={TODAY} />
      <output data-testid="value">{`${value.from ?? ''}|${value.to ?? ''}`}</output>
      <output data-testid="keys">{Object.keys(value).join(',')}</output>
    </>
  );
}

const shown = () => page.getByTestId('value').element().textContent;

describe('DateRangePicker', () => {
  it('reads and writes real days only', () => {
    expect(formatDay(parseDay('2026-02-28') as Date)).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeUndefined();
    expect(parseDay('2026-2-3')).toBeUndefined();
  });

  it('is used from the keyboard: open, type both days, pick a day in the calendar with the arrows', async () => {
    await render(<Picker />);
    const trigger = page.getByRole('button', { name: /^下单日期/ });
    await expect.element(trigger).toHaveTextContent('选择日期范围');
    (trigger.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: '下单日期' });
    await expect.element(dialog).toBeVisible();
    // Focus starts in the first field: type the start, Tab to the end and type it.
    await expect.element(dialog.getByRole('textbox', { name: '开始日期' })).toHaveFocus();
    await userEvent.keyboard('2026-11-05');
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('2026-11-03');
    // A start after the end is swapped.
    await expect.poll(shown).toBe('2026-11-03|2026-11-05');
    // The calendar (loaded on first open) shows November 2026 with the range; a day is picked with the
    // keyboard: focus the 3rd, move right a day, Enter starts a new range there.
    const third = dialog.getByRole('button', { name: /11月3日/ });
    await expect.element(third).toBeVisible();
    (third.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(dialog.getByRole('button', { name: /11月4日/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(shown).not.toBe('2026-11-03|2026-11-05');
    expect(shown()).toMatch(/^2026-11-0\d\|/);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.poll(() => document.activeElement).toBe(trigger.element());
  });

  it('shows the range on the trigger and 清除 empties it', async () => {
    await render(<Picker initial={{ from: '2026-10-01', to: '2026-10-31' }} />);
    const trigger = page.getByRole('button', { name: /^下单日期/ });
    await expect.element(trigger).toHaveTextContent('2026-10-01 至 2026-10-31');
    await userEvent.click(trigger);
    await userEvent.click(page.getByRole('button', { name: '清除' }));
    await expect.poll(shown).toBe('|');
    // Cleared is no range at all, not two empty strings.
    expect(page.getByTestId('keys').element().textContent).toBe('');
    await expect.element(trigger).toHaveTextContent('选择日期范围');
  });

  it('sets 今天, 近7天, 近30天 and 本月 from today, and closes on the choice', async () => {
    await render(<Picker />);
    const trigger = page.getByRole('button', { name: /^下单日期/ });
    const cases = [
      ['今天', '2026-11-04|2026-11-04'],
      ['近7天', '2026-10-29|2026-11-04'],
      ['近30天', '2026-10-06|2026-11-04'],
      ['本月', '2026-11-01|2026-11-04'],
    ] as const;
    for (const [label, range] of cases) {
      await userEvent.click(trigger);
      await userEvent.click(page.getByRole('button', { name: label, exact: true }));
      await expect.poll(shown).toBe(range);
      await expect.element(page.getByRole('dialog', { name: '下单日期' })).not.toBeInTheDocument();
    }
    await expect.element(trigger).toHaveTextContent('2026-11-01 至 2026-11-04');
  });

  it('keeps a half-typed day in its field without applying it', async () => {
    await render(<Picker initial={{ from: '2026-10-01' }} />);
    await userEvent.click(page.getByRole('button', { name: /^下单日期/ }));
    const start = page.getByRole('textbox', { name: '开始日期' });
    await userEvent.fill(start, '2026-13');
    await expect.element(start).toHaveValue('2026-13');
    await expect.element(start).toHaveAttribute('aria-invalid', 'true');
    expect(shown()).toBe('2026-10-01|');
  });
});
