import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from './select';

const meta = {
  title: 'Components/Select',
  component: Select,
  args: { onValueChange: fn() },
} satisfies Meta<typeof Select>;
export default meta;

// While a Radix layer is open it hides the rest of the page (aria-hidden) and axe flags the focusable
// elements behind it. Only the stories that end with the layer open turn that rule off.
const openLayer = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
type Story = StoryObj<typeof meta>;

function PageSize(args: React.ComponentProps<typeof Select>) {
  return (
    <Select defaultValue="20" {...args}>
      <SelectTrigger aria-label="每页条数" className="w-32">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {[10, 20, 50, 100].map((n) => (
          <SelectItem key={n} value={String(n)}>
            {n} 条/页
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export const Default: Story = {
  render: (args) => <PageSize {...args} />,
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: '每页条数' });
    await expect(trigger).toHaveTextContent('20 条/页');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: '50 条/页' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('50');
    await waitFor(() => expect(trigger).toHaveTextContent('50 条/页'));
  },
};

export const KeyboardOnly: Story = {
  render: (args) => <PageSize {...args} />,
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: '每页条数' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(args.onValueChange).toHaveBeenCalledWith('50'));
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  parameters: openLayer,
  args: { defaultOpen: true },
  render: (args) => (
    <Select {...args}>
      <SelectTrigger aria-label="店铺" className="w-48">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectGroup>
          <SelectLabel>淘宝</SelectLabel>
          <SelectItem value="a">旗舰店</SelectItem>
          <SelectItem value="b">专营店</SelectItem>
        </SelectGroup>
        <SelectSeparator />
        <SelectGroup>
          <SelectLabel>拼多多</SelectLabel>
          <SelectItem value="c">百货店</SelectItem>
          <SelectItem value="d" disabled>
            已关闭
          </SelectItem>
        </SelectGroup>
      </SelectContent>
    </Select>
  ),
  play: async ({ canvas }) => {
    await expect(await screen.findByRole('listbox')).toBeVisible();
    await expect(screen.getByRole('option', { name: '已关闭' })).toHaveAttribute('aria-disabled', 'true');
    // While the list is open Radix hides the rest of the page from assistive technology.
    await expect(canvas.getByRole('combobox', { name: '店铺', hidden: true })).toHaveTextContent('请选择');
  },
};

export const OpenDark: Story = { ...Open, globals: { theme: 'dark' } };
