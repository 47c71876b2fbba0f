import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from './dropdown-menu';

const meta = {
  title: 'Components/DropdownMenu',
  component: DropdownMenu,
} satisfies Meta<typeof DropdownMenu>;
export default meta;

// While a Radix layer is open it hides the rest of the page (aria-hidden) and axe flags the focusable
// elements behind it. Only the stories that end with the layer open turn that rule off.
const openLayer = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };
type Story = StoryObj<typeof meta>;

const onLogout = fn();

/** The header's user menu. */
function UserMenu(props: React.ComponentProps<typeof DropdownMenu>) {
  return (
    <DropdownMenu {...props}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost">13900000000</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        <DropdownMenuLabel>我的账号</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem>
            个人设置<DropdownMenuShortcut>⌘,</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem disabled>账单</DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger" onSelect={onLogout}>
          退出登录
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const UserMenuStory: Story = {
  name: 'User menu',
  render: () => <UserMenu />,
  play: async ({ canvas }) => {
    onLogout.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: '13900000000' }));
    const menu = await screen.findByRole('menu');
    await expect(menu).toBeVisible();
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await expect(onLogout).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const Keyboard: Story = {
  render: () => <UserMenu />,
  play: async ({ canvas }) => {
    onLogout.mockClear();
    const trigger = canvas.getByRole('button', { name: '13900000000' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    // First item has focus; the disabled one is skipped.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /个人设置/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: '退出登录' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(onLogout).not.toHaveBeenCalled();
  },
};

function Options() {
  const [columns, setColumns] = useState({ price: true, stock: false });
  const [sort, setSort] = useState('new');
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button>视图</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-48">
        <DropdownMenuLabel>显示列</DropdownMenuLabel>
        <DropdownMenuCheckboxItem
          checked={columns.price}
          onCheckedChange={(price) => setColumns((c) => ({ ...c, price }))}
        >
          价格
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem
          checked={columns.stock}
          onCheckedChange={(stock) => setColumns((c) => ({ ...c, stock }))}
        >
          库存
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>排序</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={sort} onValueChange={setSort}>
          <DropdownMenuRadioItem value="new">最新</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="price">价格</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>导出</DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem>Excel</DropdownMenuItem>
            <DropdownMenuItem>CSV</DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const CheckboxAndRadioItems: Story = {
  parameters: openLayer,
  render: () => <Options />,
  play: async () => {
    await screen.findByRole('menu');
    await expect(screen.getByRole('menuitemcheckbox', { name: '价格' })).toBeChecked();
    await expect(screen.getByRole('menuitemradio', { name: '最新' })).toBeChecked();
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: '库存' }));
    // Selecting an item closes the menu; reopen and see the new state.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: '视图' }));
    await expect(await screen.findByRole('menuitemcheckbox', { name: '库存' })).toBeChecked();
  },
};

export const OpenDark: Story = {
  parameters: openLayer,
  render: () => <UserMenu defaultOpen />,
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('menuitem', { name: '退出登录' })).toBeVisible();
  },
};
