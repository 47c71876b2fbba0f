import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Label } from './label';
import { Switch } from './switch';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  args: { onCheckedChange: fn(), 'aria-label': '暗色菜单' },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('switch', { name: '暗色菜单' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // Green when on.
    await expect(getComputedStyle(toggle).backgroundColor).toBe('rgb(82, 196, 26)');
  },
};

export const States: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <Switch id="s1" />
        <Label htmlFor="s1">关</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch id="s2" defaultChecked />
        <Label htmlFor="s2">开</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch id="s3" size="sm" defaultChecked />
        <Label htmlFor="s3">小号</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch id="s4" disabled />
        <Label htmlFor="s4">禁用</Label>
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    // The label toggles its switch.
    await userEvent.click(canvas.getByText('关'));
    await expect(canvas.getByRole('switch', { name: '关' })).toBeChecked();
  },
};

export const Dark: Story = { ...States, globals: { theme: 'dark' } };
