import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Breadcrumb } from './breadcrumb';

const meta = {
  title: 'Navigation/Breadcrumb',
  component: Breadcrumb,
  args: {
    items: [
      { title: '首页', href: '/dashboard' },
      { title: '订单管理', href: '/order' },
      { title: '订单列表' },
    ],
  },
} satisfies Meta<typeof Breadcrumb>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeLevels: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: '面包屑' });
    await expect(nav).toHaveAttribute('data-slot', 'breadcrumb');
    await expect(canvas.getByRole('link', { name: '订单管理' })).toHaveAttribute('href', '/order');
    await expect(canvas.getByText('订单列表')).toHaveAttribute('aria-current', 'page');
  },
};

export const TwoLevels: Story = {
  args: { items: [{ title: '系统设置', href: '/system' }, { title: '全局设置' }] },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const CustomSeparator: Story = { args: { separator: '›' } };
