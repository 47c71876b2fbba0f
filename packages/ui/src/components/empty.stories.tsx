import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from './button';
import { Empty } from './empty';

const meta = {
  title: 'Components/Empty',
  component: Empty,
} satisfies Meta<typeof Empty>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('暂无数据')).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    description: '还没有店铺',
    action: (
      <Button variant="primary" size="sm">
        添加店铺
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('还没有店铺')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '添加店铺' })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
