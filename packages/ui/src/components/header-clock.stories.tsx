import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { HeaderClock } from './header-clock';

const meta = {
  title: 'Layout/HeaderClock',
  component: HeaderClock,
} satisfies Meta<typeof HeaderClock>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fixed instant (Sunday 22 November 2026, 08:05:09 in Shanghai) so that the screenshot is stable. */
export const Frozen: Story = {
  args: { now: new Date('2026-11-22T00:05:09Z'), timeZone: 'Asia/Shanghai' },
  play: async ({ canvas }) => {
    const clock = canvas.getByRole('timer', { name: '当前时间' });
    await expect(clock).toHaveTextContent('08:05:09星期日2026-11-22');
  },
};

export const FrozenDark: Story = { ...Frozen, globals: { theme: 'dark' } };

/** The live clock: it ticks, so it has no screenshot. */
export const Live: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const time = () => canvasElement.querySelector('[data-slot="header-clock-time"]')?.textContent ?? '';
    await expect(time()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const first = time();
    await waitFor(() => expect(time()).not.toBe(first));
    await expect(canvasElement.querySelector('[data-slot="header-clock-date"]')?.textContent).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  },
};
