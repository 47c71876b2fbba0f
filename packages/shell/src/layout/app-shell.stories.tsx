import type { Meta, StoryObj } from '@storybook/react-vite';
import { Outlet } from '@tanstack/react-router';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { getShellStore } from '../store/shell-store';
import {
  adminUser,
  companyConfig,
  createFakeApi,
  memberWithoutOrders,
  menu,
  normalUser,
  userWithAvatar,
} from '../stories/fixtures';
import { withShellRouter } from '../stories/router-decorator';
import { AppShell } from './app-shell';
import { AuthenticatedShell } from './authenticated-shell';

/** Sunday 22 November 2026, 10:30:00 local time: a frozen clock keeps screenshots stable. */
const clockNow = new Date(2026, 10, 22, 10, 30, 0);

const meta = {
  title: 'Shell/AppShell',
  component: AppShell,
  decorators: [withShellRouter],
  parameters: { layout: 'fullscreen', router: { path: '/order/index' } },
  args: {
    menu,
    user: adminUser,
    config: companyConfig,
    onLogout: fn(),
    onTopUp: fn(),
    onHelp: fn(),
    // The bell with 99 unread (its stories are notification-bell.stories.tsx).
    notifications: { unread: 99, items: [], onSelect: fn(), onReadAll: fn() },
    clockNow,
    children: <Outlet />,
  },
  beforeEach: () => {
    localStorage.clear();
    getShellStore().setState({ theme: 'light', collapsed: false, drawerOpen: false });
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An administrator sees 全局设置. */
export const Admin: Story = {
  parameters: { router: { path: '/system/global' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: '全局设置' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('navigation', { name: '面包屑' })).toBeVisible();
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /消息通知/ })).toHaveTextContent('99');
    await userEvent.click(canvas.getByRole('button', { name: '充值' }));
    await expect(args.onTopUp).toHaveBeenCalledOnce();
    const footer = canvasElement.querySelector('[data-slot=footer]');
    await expect(footer).toHaveTextContent(companyConfig.foot_copyright);
    await expect(footer).toHaveTextContent(companyConfig.foot_info);
  },
};

/** The whole page in the dark theme, with the dark menu. */
export const AdminDarkTheme: Story = {
  globals: { theme: 'dark' },
  beforeEach: () => {
    getShellStore().setState({ theme: 'dark' });
  },
  parameters: { router: { path: '/shop/setting/group' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: '店铺分组' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('navigation', { name: '面包屑' })).toBeVisible();
  },
};

/** A normal user: 全局设置 is gone, 代发设置 stays; no nickname, so the header shows the mobile. */
export const NormalUser: Story = {
  args: { user: normalUser },
  parameters: { router: { path: '/system/setting' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: '代发设置' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: '全局设置' })).toBeNull();
    await expect(canvas.getByRole('button', { name: /13900000000/ })).toBeVisible();
  },
};

/** A member whose role lacks `order:view`: 代发订单 is gone from 订单管理, 售后订单 stays. */
export const MemberWithoutOrderView: Story = {
  args: { user: memberWithoutOrders },
  parameters: { router: { path: '/order/after-sale' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: '售后订单' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.queryByRole('link', { name: '代发订单' })).toBeNull();
  },
};

/** The user menu opens with 退出登录. */
export const UserMenuOpen: Story = {
  args: { user: userWithAvatar },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /管理员/ }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('menuitem', { name: '退出登录' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** The 60px icon rail (expanding it again is covered by the Chromium tests). */
export const Collapsed: Story = {
  beforeEach: () => {
    getShellStore().setState({ collapsed: true });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sidebar = canvasElement.querySelector<HTMLElement>('[data-slot=sidebar]');
    await expect(sidebar?.dataset.state).toBe('collapsed');
    await waitFor(() => expect(sidebar?.getBoundingClientRect().width).toBe(60));
    await expect(canvas.getByRole('button', { name: '展开菜单' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '订单管理' })).toBeVisible();
  },
};

export const DarkMenu: Story = {
  beforeEach: () => {
    getShellStore().setState({ theme: 'dark' });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const theme = canvas.getByRole('switch', { name: '暗色菜单' });
    await expect(theme).toBeChecked();
    await expect(canvasElement.querySelector('[data-slot=sidebar]')).toHaveAttribute('data-theme', 'dark');
  },
};

/** A nickname longer than the header has room for: truncated, full text in the title. */
export const LongNickname: Story = {
  args: { user: { ...adminUser, nickname: '一个非常非常非常非常非常非常长的昵称用来测试截断效果' } },
  play: async ({ canvasElement }) => {
    const name = canvasElement.querySelector<HTMLElement>('[data-slot=user-name]');
    await expect(name).toHaveAttribute('title', '一个非常非常非常非常非常非常长的昵称用来测试截断效果');
    await expect(name && name.scrollWidth > name.clientWidth).toBe(true);
  },
};

/** No avatar image: the initial shows instead. */
export const NoAvatar: Story = {
  args: { user: { ...adminUser, avatar_image: '' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot=avatar-image]')).toBeNull();
    await expect(canvasElement.querySelector('[data-slot=avatar]')).toBeVisible();
  },
};

/** A narrow window: the sidebar is a drawer opened by the toggle. */
export const NarrowWindow: Story = {
  globals: { viewport: { value: 'mobile' } },
  parameters: { screenshot: { target: 'page' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.ownerDocument.querySelector('[data-slot=sidebar]')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: '展开菜单' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('link', { name: '代发订单' })).toBeVisible();
  },
};

/** A page that throws: the panel replaces the page, the shell keeps working. */
export const PageError: Story = {
  parameters: { router: { path: '/boom' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('页面出错了')).toBeVisible();
    await expect(canvas.getByRole('button', { name: '重试' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '充值' })).toBeVisible();
  },
};

/** The session gate: the spinner shows while the current user loads (this fake API never answers). */
export const Loading: StoryObj<typeof AuthenticatedShell> = {
  render: () => (
    <AuthenticatedShell menu={menu} clockNow={clockNow}>
      <Outlet />
    </AuthenticatedShell>
  ),
  parameters: { router: { path: '/order/index', api: createFakeApi({ delay: Number.POSITIVE_INFINITY }) } },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveAttribute('data-slot', 'spinner');
    await expect(canvasElement.querySelector('header')).toBeNull();
  },
};

/** The session gate once the user has loaded: wired to the ShellProvider's queries. */
export const Connected: StoryObj<typeof AuthenticatedShell> = {
  render: () => (
    <AuthenticatedShell menu={menu} clockNow={clockNow}>
      <Outlet />
    </AuthenticatedShell>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /管理员/ })).toBeVisible();
    await expect(canvas.getByRole('link', { name: '代发订单' })).toHaveAttribute('aria-current', 'page');
  },
};
