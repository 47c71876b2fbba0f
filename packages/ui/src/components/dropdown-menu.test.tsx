import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu';

describe('DropdownMenu', () => {
  it('opens from the keyboard, runs the chosen item with Enter and returns focus', async () => {
    const onLogout = vi.fn();
    const onSettings = vi.fn();
    await render(
      <DropdownMenu>
        <DropdownMenuTrigger>管理员</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onSettings}>个人设置</DropdownMenuItem>
          <DropdownMenuItem variant="danger" onSelect={onLogout}>
            退出登录
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    const trigger = page.getByRole('button', { name: '管理员' });
    (trigger.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(page.getByRole('menuitem', { name: '个人设置' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    // Wait for the focus to land before choosing: under load Enter could otherwise reach the first item.
    await expect.element(page.getByRole('menuitem', { name: '退出登录' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onLogout.mock.calls.length).toBe(1);
    expect(onSettings).not.toHaveBeenCalled();
    await expect.poll(() => document.querySelector('[role=menu]')).toBeNull();
    await expect.element(trigger).toHaveFocus();
  });

  it('marks a danger item for styling and screen readers still read it as a menu item', async () => {
    await render(
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger>菜单</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem variant="danger">删除</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    await expect
      .element(page.getByRole('menuitem', { name: '删除' }))
      .toHaveAttribute('data-variant', 'danger');
  });
});
