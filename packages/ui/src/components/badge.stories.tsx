import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './badge';

function Box() {
  return <span className="block size-10 rounded-md bg-accent" />;
}

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { count: 5 },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Count: Story = {
  render: () => (
    <div className="flex items-center gap-8">
      <Badge count={5}>
        <Box />
      </Badge>
      <Badge count={99}>
        <Box />
      </Badge>
      <Badge count={120}>
        <Box />
      </Badge>
      <Badge count={1000} max={999}>
        <Box />
      </Badge>
      <Badge count={0} showZero>
        <Box />
      </Badge>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('5')).toBeVisible();
    await expect(canvas.getByText('99')).toBeVisible();
    await expect(canvas.getByText('99+')).toBeVisible();
    await expect(canvas.getByText('999+')).toBeVisible();
    await expect(canvas.getByText('0')).toBeVisible();
  },
};

export const Standalone: Story = {
  render: () => (
    <div className="flex items-center gap-3">
      <Badge count={8} />
      <Badge count={42} tone="primary" />
      <Badge count="新" tone="success" />
      <Badge count={3} tone="neutral" />
    </div>
  ),
};

export const Dot: Story = {
  render: () => (
    <Badge variant="dot" label="有新消息">
      <Box />
    </Badge>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('有新消息')).toHaveClass('sr-only');
  },
};

export const Dark: Story = { ...Count, globals: { theme: 'dark' } };
