import { Switch } from '@consign/ui';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { getShellStore, useShellStore } from '../store/shell-store';
import { menu } from '../stories/fixtures';
import { ShellHarness } from '../stories/router-decorator';
import { ShellSidebar } from './shell-sidebar';

/** What a user sees of a switch: its box, track colour, thumb position, and its state. */
function looksOf(control: HTMLElement) {
  const box = control.getBoundingClientRect();
  const thumb = (control.firstElementChild as HTMLElement).getBoundingClientRect();
  const style = getComputedStyle(control);
  return {
    role: control.getAttribute('role'),
    checked: control.getAttribute('aria-checked'),
    state: control.dataset.state,
    size: [box.width, box.height],
    radius: style.borderRadius,
    track: style.backgroundColor,
    thumb: [thumb.left - box.left, thumb.top - box.top, thumb.width, thumb.height].map(Math.round),
    thumbColour: getComputedStyle(control.firstElementChild as Element).backgroundColor,
  };
}

function Page() {
  const dark = useShellStore((state) => state.theme) === 'dark';
  return (
    <div className="flex h-[600px]">
      <ShellSidebar items={menu} pathname="/order/index" config={undefined} />
      {/* The sidebar paints in its own theme: the ui Switch gets the same tokens. */}
      <div className={dark ? 'dark' : undefined}>
        <Switch aria-label="ui" checked={dark} />
      </div>
    </div>
  );
}

function Harness() {
  return <ShellHarness initialPath="/order/index" root={Page} />;
}

beforeEach(() => {
  // Compare the settled looks, not a frame of the 150ms colour and thumb transitions.
  const still = document.createElement('style');
  still.textContent = '*, *::before, *::after { transition: none !important; }';
  document.head.append(still);
  localStorage.clear();
  getShellStore().setState({ theme: 'light', collapsed: false, drawerOpen: false });
  return () => still.remove();
});

describe('ShellSidebar theme switch', () => {
  it('looks like the ui Switch, on and off, and toggles by click, label and Space', async () => {
    const screen = await render(<Harness />);
    const shell = screen.getByRole('switch', { name: '暗色菜单' });
    await expect.element(shell).toBeVisible();
    const ui = () => screen.getByRole('switch', { name: 'ui' }).element() as HTMLElement;
    expect(looksOf(shell.element() as HTMLElement)).toEqual(looksOf(ui()));
    expect(looksOf(ui()).checked).toBe('false');

    await userEvent.click(shell);
    await expect.element(shell).toHaveAttribute('aria-checked', 'true');
    expect(getShellStore().getState().theme).toBe('dark');
    await expect.poll(() => ui().getAttribute('aria-checked')).toBe('true');
    expect(looksOf(shell.element() as HTMLElement)).toEqual(looksOf(ui()));

    await userEvent.click(page.getByText('暗色菜单', { exact: true }));
    await expect.element(shell).toHaveAttribute('aria-checked', 'false');
    (shell.element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(shell).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('sideMenuTheme')).toBe('dark');
  });
});
