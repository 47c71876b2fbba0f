import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent } from 'storybook/test';
import { DateRangePicker, type DateRangeValue } from './date-range-picker';

const meta = {
  title: 'Components/DateRangePicker',
  component: DateRangePicker,
  args: { label: '下单日期', value: {}, onChange: () => {} },
} satisfies Meta<typeof DateRangePicker>;
export default meta;

// While a Radix layer is open it hides the rest of the page (aria-hidden) and axe flags the focusable
// elements behind it. Only the stories that end with the layer open turn that rule off.
const openLayer = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
type Story = StoryObj<typeof meta>;

// The presets count from a fixed day, so the stories' pictures and checks do not move with the clock.
const TODAY = new Date(2026, 10, 12);

function Controlled({ initial }: { initial: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <DateRangePicker label="下单日期" value={value} onChange={setValue} today={TODAY} className="w-56" />
  );
}

export const Empty: Story = {
  render: () => <Controlled initial={{}} />,
};

export const WithRange: Story = {
  render: () => <Controlled initial={{ from: '2026-11-03', to: '2026-11-12' }} />,
};

/** Open, with the presets and the calendar loaded: the range from the 3rd to the 12th. */
export const Open: Story = {
  parameters: openLayer,
  render: () => <Controlled initial={{ from: '2026-11-03', to: '2026-11-12' }} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^下单日期/ }));
    const dialog = await screen.findByRole('dialog', { name: '下单日期' });
    await expect(dialog).toBeVisible();
    await expect(await screen.findByRole('button', { name: /11月12日/ })).toBeVisible();
    await expect(screen.getByRole('button', { name: '近7天' })).toBeVisible();
  },
};

/** 近7天 picked: the popover closes and the trigger shows the 6th to the 12th. */
export const Preset: Story = {
  render: () => <Controlled initial={{}} />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /^下单日期/ });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: '近7天' }));
    await expect(trigger).toHaveTextContent('2026-11-06 至 2026-11-12');
  },
};
