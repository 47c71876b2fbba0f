import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Input } from './input';
import { Label } from './label';

const meta = {
  title: 'Components/Label',
  component: Label,
} satisfies Meta<typeof Label>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ForInput: Story = {
  render: () => (
    <div className="flex w-64 flex-col gap-1.5">
      <Label htmlFor="shop">店铺名称</Label>
      <Input id="shop" />
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText('店铺名称'));
    await expect(canvas.getByRole('textbox', { name: '店铺名称' })).toHaveFocus();
  },
};

export const Dark: Story = { ...ForInput, globals: { theme: 'dark' } };
