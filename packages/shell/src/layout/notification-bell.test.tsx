import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { NotificationBell, type ShellNotifications } from './notification-bell';

const notifications = (): ShellNotifications => ({
  unread: 1,
  items: [
    { id: 1, title: '物流回传失败', body: '订单 DD1 的运单号未能回传', created_at: 0, read: false, link: '' },
  ],
  onOpenChange: vi.fn(),
  onSelect: vi.fn(),
  onReadAll: vi.fn(),
});

describe('NotificationBell', () => {
  it('opens on a click while its code loads, keeps the same button, and gives it the focus back on Escape', async () => {
    const data = notifications();
    const screen = await render(<NotificationBell notifications={data} />);
    const bell = screen.getByRole('button', { name: '消息通知 1' });
    const button = bell.element();
    await userEvent.click(bell);
    const panel = page.getByRole('dialog', { name: '消息通知' });
    await expect.element(panel).toBeVisible();
    await expect.element(panel.getByRole('button', { name: /物流回传失败/ })).toBeVisible();
    expect(data.onOpenChange).toHaveBeenCalledWith(true);
    // The button is the one first drawn: nothing swapped under the pointer.
    expect(bell.element()).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel.element().id);
    await userEvent.keyboard('{Escape}');
    await expect.element(panel).not.toBeInTheDocument();
    await expect.poll(() => document.activeElement).toBe(button);
    // A second click on the button closes what the first one opened (not closed and reopened).
    await userEvent.click(bell);
    await expect.element(panel).toBeVisible();
    await userEvent.click(bell);
    await expect.element(panel).not.toBeInTheDocument();
    expect(data.onOpenChange).toHaveBeenLastCalledWith(false);
  });
});
