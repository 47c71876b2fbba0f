import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NotificationBell, type ShellNotification } from './notification-bell';

/** 2026-11-22 10:30 local time: the relative times stay stable in screenshots. */
const now = new Date(2026, 10, 22, 10, 30, 0);
const at = (minutesAgo: number) => Math.floor(now.getTime() / 1000) - minutesAgo * 60;

const items: ShellNotification[] = [
  {
    id: 3,
    title: '店铺授权即将过期',
    body: '「良品生活馆」（拼多多）的授权将于 2026-11-27 过期，请及时重新授权',
    created_at: at(5),
    read: false,
    link: '/shop/setting?shop_id=3',
  },
  {
    id: 2,
    title: '物流回传失败',
    body: '订单 DD202611220001 的运单号未能回传到拼多多：运单号不存在',
    created_at: at(90),
    read: false,
    link: '/order/index?keyword=DD202611220001',
  },
  {
    id: 1,
    title: '店铺授权已过期',
    body: '「优选百货」（抖店）的授权已过期（2026-11-20），订单不再同步，请重新授权',
    created_at: at(60 * 26),
    read: true,
    link: '/shop/setting?shop_id=1',
  },
];

const meta = {
  title: 'Shell/NotificationBell',
  component: NotificationBell,
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="flex h-[32rem] w-[28rem] justify-end bg-card p-2">
        <Story />
      </div>
    ),
  ],
  args: {
    notifications: {
      unread: 2,
      items,
      now,
      onSelect: fn(),
      onReadAll: fn(),
      onOpenChange: fn(),
    },
  },
} satisfies Meta<typeof NotificationBell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing unread: no badge. */
export const NoneUnread: Story = {
  args: { notifications: { ...meta.args.notifications, unread: 0 } },
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole('button', { name: '消息通知' });
    await expect(bell.querySelector('[data-slot=badge-indicator]')).toBeNull();
    await expect(bell).toHaveTextContent('');
  },
};

/** Two unread: the badge shows 2. */
export const SomeUnread: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '消息通知 2' })).toHaveTextContent('2');
  },
};

/** Past 99: `99+`. */
export const ManyUnread: Story = {
  args: { notifications: { ...meta.args.notifications, unread: 1234 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '消息通知 99+' })).toHaveTextContent(
      '99+',
    );
  },
};

/** Opened: the latest notifications, unread ones with a dot; a click selects one and closes the panel. */
export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '消息通知 2' }));
    const page = within(document.body);
    const list = await page.findByRole('list', { name: '消息通知' });
    const entries = within(list).getAllByRole('button');
    await expect(entries).toHaveLength(3);
    await expect(entries[0]).toHaveAccessibleName(/^未读：\s*店铺授权即将过期/);
    await expect(entries[2]).toHaveAttribute('data-read', 'true');
    await expect(args.notifications.onOpenChange).toHaveBeenCalledWith(true);
    await expect(page.getByRole('button', { name: '全部已读' })).toBeEnabled();
  },
};

/** Clicking one hands it to the app (which marks it read and opens its link). */
export const SelectOne: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '消息通知 2' }));
    const list = await within(document.body).findByRole('list', { name: '消息通知' });
    await userEvent.click(within(list).getByRole('button', { name: /店铺授权即将过期/ }));
    await expect(args.notifications.onSelect).toHaveBeenCalledWith(items[0]);
    await expect(within(document.body).queryByRole('list', { name: '消息通知' })).toBeNull();
  },
};

/** 全部已读 hands over to the app. */
export const ReadAll: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '消息通知 2' }));
    await userEvent.click(await within(document.body).findByRole('button', { name: '全部已读' }));
    await expect(args.notifications.onReadAll).toHaveBeenCalledOnce();
  },
};

/** Opened with nothing to show. */
export const Empty: Story = {
  args: { notifications: { ...meta.args.notifications, unread: 0, items: [] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '消息通知' }));
    await expect(await within(document.body).findByText('暂无消息')).toBeVisible();
    await expect(within(document.body).getByRole('button', { name: '全部已读' })).toBeDisabled();
  },
};

/** Opened while the list loads. */
export const Loading: Story = {
  args: { notifications: { ...meta.args.notifications, items: undefined } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '消息通知 2' }));
    await expect(await within(document.body).findByRole('status')).toBeVisible();
  },
};

/** Opened when the list failed to load. */
export const Failed: Story = {
  args: { notifications: { ...meta.args.notifications, items: undefined, error: true } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '消息通知 2' }));
    await expect(await within(document.body).findByText('消息加载失败，请稍后重试')).toBeVisible();
  },
};
