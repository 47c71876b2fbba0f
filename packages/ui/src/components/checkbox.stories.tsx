import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Checkbox } from './checkbox';
import { Label } from './label';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  args: { onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The login agreement: a label that holds links, ticked by default. */
export const Agreement: Story = {
  args: { defaultChecked: true, id: 'agree' },
  render: (args) => (
    <div className="flex items-center gap-2">
      <Checkbox {...args} />
      <Label htmlFor="agree" className="font-normal">
        我已阅读并同意
        <a className="text-link" href="/user-agreement">
          用户协议
        </a>
        和
        <a className="text-link" href="/privacy-policy">
          隐私政策
        </a>
      </Label>
    </div>
  ),
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox');
    await expect(box).toBeChecked();
    await userEvent.click(box);
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
    box.focus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
  },
};

export const States: Story = {
  render: () => (
    <div className="flex items-center gap-4">
      <Checkbox aria-label="未选" />
      <Checkbox aria-label="已选" defaultChecked />
      <Checkbox aria-label="部分" checked="indeterminate" />
      <Checkbox aria-label="禁用" disabled />
      <Checkbox aria-label="禁用已选" disabled defaultChecked />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: '部分' })).toHaveAttribute('aria-checked', 'mixed');
  },
};

export const Dark: Story = { ...States, globals: { theme: 'dark' } };
