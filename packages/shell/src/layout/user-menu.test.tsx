import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { adminUser, normalUser, userWithAvatar } from '../stories/fixtures';
import { UserMenu } from './user-menu';

/** The menu's code loads on the first hover, focus or click of the trigger; a Radix DropdownMenu trigger carries an `id`. */
async function menuReady(trigger: ReturnType<typeof page.getByRole>) {
  await expect.element(trigger).toHaveAttribute('id');
}

describe('UserMenu', () => {
  it('opens from a click right after the first paint; 退出登录 calls onLogout', async () => {
    const onLogout = vi.fn();
    const screen = await render(<UserMenu user={adminUser} onLogout={onLogout} />);
    // Clicked at once: the menu's code may still be on its way; the click is not lost.
    await userEvent.click(screen.getByRole('button', { name: /管理员/ }));
    await userEvent.click(page.getByRole('menuitem', { name: '退出登录' }));
    expect(onLogout).toHaveBeenCalledOnce();
    await expect.element(page.getByRole('menu')).not.toBeInTheDocument();
  });

  it('offers 用户中心 above 退出登录 when given, and calls onUserCenter', async () => {
    const onLogout = vi.fn();
    const onUserCenter = vi.fn();
    const screen = await render(
      <UserMenu user={adminUser} onLogout={onLogout} onUserCenter={onUserCenter} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /管理员/ }));
    const items = page.getByRole('menuitem');
    await expect.element(items.first()).toHaveTextContent('用户中心');
    expect(items.elements().map((item) => item.textContent)).toEqual(['用户中心', '退出登录']);
    await userEvent.click(page.getByRole('menuitem', { name: '用户中心' }));
    expect(onUserCenter).toHaveBeenCalledOnce();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('loads nothing until used; focused, the loaded trigger keeps the focus, opens from the keyboard and takes it back on Escape', async () => {
    const onLogout = vi.fn();
    const screen = await render(<UserMenu user={adminUser} onLogout={onLogout} />);
    const trigger = screen.getByRole('button', { name: /管理员/ });
    // Left alone, the page never loads the menu's code (a slow machine can only make this pass later).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(trigger.element().hasAttribute('id')).toBe(false);
    (trigger.element() as HTMLElement).focus();
    await menuReady(trigger);
    // While the menu is open, Radix hides the rest of the page from the accessibility tree.
    const button = trigger.element() as HTMLElement;
    await expect.poll(() => document.activeElement).toBe(button);
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('menuitem', { name: '退出登录' })).toHaveFocus();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('menu')).not.toBeInTheDocument();
    await expect.poll(() => document.activeElement).toBe(button);
    expect(onLogout).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('shows the mobile when there is no nickname, and 用户菜单 without a user', async () => {
    const screen = await render(
      <>
        <UserMenu user={normalUser} onLogout={() => {}} />
        <UserMenu user={undefined} onLogout={() => {}} />
      </>,
    );
    await expect.element(screen.getByRole('button', { name: /13900000000/ })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '用户菜单' })).toBeVisible();
  });
  it('shows the avatar image once it has loaded, and the initial without one', async () => {
    const screen = await render(
      <>
        <UserMenu user={userWithAvatar} onLogout={() => {}} />
        <UserMenu user={adminUser} onLogout={() => {}} />
      </>,
    );
    const avatars = () =>
      screen.container.querySelectorAll('[data-slot=user-menu-trigger] [data-slot=avatar]');
    await expect
      .poll(() => avatars()[0]?.querySelector('img')?.getAttribute('src'))
      .toBe(userWithAvatar.avatar_image);
    expect(avatars()[1]?.querySelector('img')).toBeNull();
    expect(avatars()[1]?.textContent).toContain('管');
  });
});
