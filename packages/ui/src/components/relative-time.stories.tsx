import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RelativeTime } from './relative-time';

const NOW = new Date(2026, 10, 22, 10, 5, 9);
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const meta = {
  title: 'Components/RelativeTime',
  component: RelativeTime,
  args: { value: ago(90 * 60_000), now: NOW },
} satisfies Meta<typeof RelativeTime>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const time = canvas.getByText('1小时前');
    await expect(time.tagName).toBe('TIME');
    await expect(time).toHaveAttribute('title', '2026-11-22 08:35:09');
  },
};

export const Steps: Story = {
  render: () => (
    <ul className="flex flex-col gap-1 text-sm">
      {[
        0,
        59_000,
        5 * 60_000,
        3 * 3_600_000,
        30 * 3_600_000,
        3 * 86_400_000,
        60 * 86_400_000,
        800 * 86_400_000,
      ].map((ms) => (
        <li key={ms}>
          <RelativeTime value={ago(ms)} now={NOW} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    for (const text of ['现在', '59秒钟前', '5分钟前', '3小时前', '昨天', '3天前', '2个月前', '2年前']) {
      await expect(canvas.getByText(text)).toBeVisible();
    }
  },
};

export const Dark: Story = { ...Steps, globals: { theme: 'dark' } };
