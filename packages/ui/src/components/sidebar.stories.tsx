import type { Meta, StoryObj } from '@storybook/react-vite';
import { BarChart3, Copy, Home, Package, Settings, ShoppingCart, Store } from 'lucide-react';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Sidebar, type SidebarItem, type SidebarProps } from './sidebar';

const items: SidebarItem[] = [
  { path: '/dashboard/index', title: '首页', icon: <Home /> },
  {
    path: '/order',
    title: '订单管理',
    icon: <ShoppingCart />,
    children: [
      { path: '/order/index', title: '订单列表' },
      { path: '/order/after-sale', title: '售后订单' },
    ],
  },
  {
    path: '/shop',
    title: '店铺管理',
    icon: <Store />,
    children: [
      { path: '/shop/index', title: '店铺列表' },
      { path: '/shop/group', title: '店铺分组' },
    ],
  },
  {
    path: '/goods',
    title: '商品管理',
    icon: <Package />,
    children: [{ path: '/goods/index', title: '商品列表' }],
  },
  { path: '/copy/index', title: '商品复制', icon: <Copy /> },
  { path: '/data/index', title: '数据统计', icon: <BarChart3 /> },
  {
    path: '/system',
    title: '系统设置',
    icon: <Settings />,
    children: [{ path: '/system/global', title: '全局设置' }],
  },
];

function Logo({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-bold text-primary-foreground">
        代
      </span>
      {!collapsed && <span className="truncate font-semibold">代发助手</span>}
    </div>
  );
}

/** Links stay on the page in stories: the click is recorded, the location does not change. */
function preventNavigation(event: React.MouseEvent) {
  event.preventDefault();
}

const meta = {
  title: 'Layout/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: {
    items,
    activePath: '/order/index',
    header: ({ collapsed }) => <Logo collapsed={collapsed} />,
    onCollapsedChange: fn(),
    onOpenKeysChange: fn(),
    renderLink: ({ item: _item, active: _active, href, onClick, ...props }) => (
      <a
        href={href}
        {...props}
        onClick={(event) => {
          preventNavigation(event);
          onClick?.(event);
        }}
      />
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ height: 560 }} className="flex">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const aside = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    await expect(aside.tagName).toBe('ASIDE');
    await expect(aside).toHaveAttribute('data-state', 'expanded');
    await expect(aside.getBoundingClientRect().width).toBe(208);
    // The active item's group starts open and the item is the current page.
    await expect(canvas.getByRole('link', { name: '订单列表' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: '订单管理' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Dark: Story = { args: { theme: 'dark' } };

export const AccordionOneGroupAtATime: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '店铺管理' }));
    await expect(canvas.getByRole('button', { name: '店铺管理' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: '订单管理' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: '订单列表' })).toBeNull();
    await expect(args.onOpenKeysChange).toHaveBeenLastCalledWith(['/shop']);
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvas }) => {
    canvas.getByRole('link', { name: '首页' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: '订单管理' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('link', { name: '订单列表' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(canvas.getByRole('link', { name: '首页' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(canvas.getByRole('button', { name: '订单管理' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Collapsed: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvasElement }) => {
    const aside = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await expect(aside.getBoundingClientRect().width).toBe(60);
  },
};

export const CollapsedDark: Story = { args: { defaultCollapsed: true, theme: 'dark' } };

export const CollapseToggle: Story = {
  play: async ({ canvasElement, canvas, args }) => {
    const aside = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    await userEvent.click(canvas.getByRole('button', { name: '折叠菜单' }));
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(aside.getBoundingClientRect().width).toBe(60));
    await userEvent.click(canvas.getByRole('button', { name: '展开菜单' }));
    await expect(aside).toHaveAttribute('data-state', 'expanded');
    await waitFor(() => expect(aside.getBoundingClientRect().width).toBe(208));
  },
};

/** The rail is mounted once the collapsed state is applied; a Radix Tooltip trigger has data-state. */
async function railReady(canvas: ReturnType<typeof within>) {
  await waitFor(() => expect(canvas.getByRole('link', { name: '首页' })).toHaveAttribute('data-state'));
}

export const CollapsedFlyout: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvas }) => {
    await railReady(canvas);
    await userEvent.click(canvas.getByRole('button', { name: '订单管理' }));
    const body = within(document.body);
    const flyout = await body.findByRole('dialog', { name: '订单管理' });
    await expect(within(flyout).getByRole('link', { name: '订单列表' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const CollapsedTooltip: Story = {
  args: { defaultCollapsed: true, theme: 'dark' },
  play: async ({ canvas }) => {
    await railReady(canvas);
    await userEvent.hover(canvas.getByRole('link', { name: '首页' }));
    await expect(await within(document.body).findByRole('tooltip', { name: '首页' })).toBeInTheDocument();
  },
};

function WithFooter(props: SidebarProps) {
  const [theme, setTheme] = React.useState<'light' | 'dark'>('light');
  return (
    <Sidebar
      {...props}
      theme={theme}
      footer={({ collapsed }) =>
        collapsed ? null : (
          <label className="flex items-center justify-between text-sm">
            暗色菜单
            <input
              type="checkbox"
              role="switch"
              aria-checked={theme === 'dark'}
              checked={theme === 'dark'}
              onChange={(event) => setTheme(event.target.checked ? 'dark' : 'light')}
            />
          </label>
        )
      }
    />
  );
}

export const FooterThemeSwitch: Story = {
  render: (args) => <WithFooter {...args} />,
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(canvas.getByRole('switch', { name: '暗色菜单' }));
    const aside = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement;
    await expect(aside).toHaveAttribute('data-theme', 'dark');
    await expect(aside).toHaveClass('dark');
  },
};

function MobileDemo(props: SidebarProps) {
  const [open, setOpen] = React.useState(true);
  return (
    <div className="flex flex-col">
      <button type="button" className="m-2 rounded border px-2 py-1 text-sm" onClick={() => setOpen(true)}>
        打开菜单
      </button>
      <Sidebar {...props} mobileOpen={open} onMobileOpenChange={setOpen} />
    </div>
  );
}

export const MobileDrawer: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => <MobileDemo {...args} />,
  play: async () => {
    const body = within(document.body);
    const drawer = await body.findByRole('dialog', { name: '导航菜单' });
    await userEvent.click(within(drawer).getByRole('link', { name: '订单列表' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};
