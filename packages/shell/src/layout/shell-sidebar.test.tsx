import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { getShellStore } from '../store/shell-store';
import { menu } from '../stories/fixtures';
import { ShellHarness } from '../stories/router-decorator';
import { ShellSidebar } from './shell-sidebar';

function Page() {
  return (
    <div className="flex h-[600px]">
      <ShellSidebar items={menu} pathname="/order/index" config={undefined} />
    </div>
  );
}

function Harness() {
  return <ShellHarness initialPath="/order/index" root={Page} />;
}

beforeEach(() => {
  localStorage.clear();
  getShellStore().setState({ theme: 'light', collapsed: false, drawerOpen: false });
});

describe('ShellSidebar theme switch', () => {
  it('switches the menu theme by click, label and Space, and remembers it', async () => {
    const screen = await render(<Harness />);
    const toggle = screen.getByRole('switch', { name: '暗色菜单' });
    const sidebar = () => document.querySelector('[data-slot=sidebar]');
    await expect.element(toggle).toHaveAttribute('aria-checked', 'false');
    expect(sidebar()?.getAttribute('data-theme')).toBe('light');

    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-checked', 'true');
    expect(getShellStore().getState().theme).toBe('dark');
    expect(sidebar()?.getAttribute('data-theme')).toBe('dark');

    await userEvent.click(page.getByText('暗色菜单', { exact: true }));
    await expect.element(toggle).toHaveAttribute('aria-checked', 'false');
    (toggle.element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(toggle).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('sideMenuTheme')).toBe('dark');
  });
});
