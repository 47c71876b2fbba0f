import { Avatar, AvatarFallback, AvatarImage, getInitials } from '@consign/ui';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { adminUser, normalUser, userWithAvatar } from '../stories/fixtures';
import { initialsOf, UserMenu } from './user-menu';

/** The menu's code loads after the first paint; a Radix DropdownMenu trigger carries an `id`. */
async function menuReady(trigger: ReturnType<typeof page.getByRole>) {
  await expect.element(trigger).toHaveAttribute('id');
}

/** What a reader notices of an avatar: its box, shape, colours and text. */
function looksOf(avatar: Element) {
  const fallback = avatar.querySelector('[data-slot=avatar-fallback]');
  const style = (el: Element | null) => (el ? getComputedStyle(el) : undefined);
  const box = avatar.getBoundingClientRect();
  return {
    size: [box.width, box.height],
    radius: style(avatar)?.borderRadius,
    overflow: style(avatar)?.overflow,
    fontSize: style(avatar)?.fontSize,
    background: style(fallback)?.backgroundColor,
    color: style(fallback)?.color,
    fontWeight: style(fallback)?.fontWeight,
    text: fallback?.textContent,
    image: avatar.querySelector('img[data-slot=avatar-image]')?.getAttribute('src') ?? null,
    imageSize: (() => {
      const img = avatar.querySelector('img')?.getBoundingClientRect();
      return img ? [img.width, img.height] : null;
    })(),
  };
}

function uiAvatar(src: string, name: string) {
  return (
    <div data-testid="ui">
      <Avatar size="sm">
        {src ? <AvatarImage src={src} alt="" /> : null}
        <AvatarFallback name={name} />
      </Avatar>
    </div>
  );
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

  it('opens from the keyboard and gives focus back to its trigger on Escape', async () => {
    const onLogout = vi.fn();
    const screen = await render(<UserMenu user={adminUser} onLogout={onLogout} />);
    const trigger = screen.getByRole('button', { name: /管理员/ });
    await menuReady(trigger);
    // While the menu is open, Radix hides the rest of the page from the accessibility tree.
    const button = trigger.element() as HTMLElement;
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
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

  it('draws its avatar as the ui Avatar does: the initial, the image once loaded, the initial again if it fails', async () => {
    const broken = 'data:image/png;base64,bm90IGFuIGltYWdl';
    for (const [user, src] of [
      [adminUser, ''],
      [userWithAvatar, userWithAvatar.avatar_image],
      [{ ...adminUser, avatar_image: broken }, broken],
    ] as const) {
      const screen = await render(
        <>
          {uiAvatar(src, '管理员')}
          <UserMenu user={user} onLogout={() => {}} />
        </>,
      );
      const ui = screen.getByTestId('ui').element().firstElementChild as Element;
      const shell = screen.container.querySelector(
        '[data-slot=user-menu-trigger] [data-slot=avatar]',
      ) as Element;
      if (src && src !== broken) {
        await expect.poll(() => shell.querySelector('img')).not.toBeNull();
        await expect.poll(() => ui.querySelector('img')).not.toBeNull();
      } else {
        // Give a broken image the time to fail in both.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const looks = looksOf(shell);
      expect(looks).toEqual(looksOf(ui));
      expect(looks.size).toEqual([24, 24]);
      expect(looks.image).toBe(src && src !== broken ? src : null);
      await screen.unmount();
    }
  });

  it('takes the initials the ui getInitials takes', () => {
    for (const name of [
      '管理员',
      'Jane Doe',
      'jane',
      '  Jean  Luc Picard ',
      '13900000000',
      'é',
      '',
      '王 小明',
    ]) {
      expect(initialsOf(name), name).toBe(getInitials(name));
    }
  });
});
