import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { activeGroupKey, isPathActive, Sidebar, type SidebarItem, type SidebarLinkProps } from './sidebar';

/** The collapsed rail's code loads when it is first shown; a Radix Tooltip trigger has `data-state`. */
async function railReady() {
  await expect.element(page.getByRole('link', { name: '首页' })).toHaveAttribute('data-state');
}

const icon = (
  <svg viewBox="0 0 16 16" aria-hidden="true">
    <rect width="16" height="16" />
  </svg>
);
const items: SidebarItem[] = [
  { path: '/dashboard/index', title: '首页', icon },
  {
    path: '/order',
    title: '订单管理',
    icon,
    children: [
      { path: '/order/index', title: '订单列表' },
      { path: '/order/after-sale', title: '售后订单' },
    ],
  },
  {
    path: '/shop',
    title: '店铺管理',
    icon,
    children: [{ path: '/shop/index', title: '店铺列表' }],
  },
];

/** Links must not leave the test page. */
const stayOnPage = vi.fn();
function renderLink({ item: _item, active: _active, href, onClick, ...props }: SidebarLinkProps) {
  return (
    <a
      href={href}
      {...props}
      data-router-link=""
      onClick={(event) => {
        event.preventDefault();
        stayOnPage(href);
        onClick?.(event);
      }}
    />
  );
}

function sidebarOf(container: HTMLElement): HTMLElement {
  const aside = container.querySelector<HTMLElement>('[data-slot="sidebar"]');
  if (!aside) throw new Error('no sidebar');
  return aside;
}

/** An app with its own menu toggle, as the shell has below 768px. */
function App() {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开菜单
      </button>
      <Sidebar
        items={items}
        activePath="/order/index"
        renderLink={renderLink}
        mobileOpen={open}
        onMobileOpenChange={setOpen}
      />
    </>
  );
}

afterEach(async () => {
  await page.viewport(1280, 800);
});

describe('path helpers', () => {
  it('matches an item and the paths below it, not its look-alike siblings', () => {
    expect(isPathActive('/order', '/order/index')).toBe(true);
    expect(isPathActive('/order/index', '/order/index')).toBe(true);
    expect(isPathActive('/order', '/orders')).toBe(false);
    expect(isPathActive('/order', undefined)).toBe(false);
    expect(activeGroupKey(items, '/order/after-sale')).toBe('/order');
    expect(activeGroupKey(items, '/dashboard/index')).toBeUndefined();
  });
});

describe('Sidebar', () => {
  it('is an aside holding a nav, 208px wide, with the active item current and its group open', async () => {
    const screen = await render(
      <Sidebar items={items} activePath="/order/after-sale" renderLink={renderLink} />,
    );
    const aside = sidebarOf(screen.container);
    expect(aside.tagName).toBe('ASIDE');
    expect(aside.querySelector('nav')).not.toBeNull();
    await expect.element(aside).toHaveAttribute('data-state', 'expanded');
    await expect.element(aside).toHaveAttribute('data-theme', 'light');
    expect(aside.getBoundingClientRect().width).toBe(208);
    expect(getComputedStyle(aside).getPropertyValue('--sidebar-width')).toBe('208px');
    expect(getComputedStyle(aside).getPropertyValue('--sidebar-width-collapsed')).toBe('60px');
    await expect
      .element(screen.getByRole('button', { name: '订单管理' }))
      .toHaveAttribute('aria-expanded', 'true');
    const current = screen.getByRole('link', { name: '售后订单' });
    await expect.element(current).toHaveAttribute('aria-current', 'page');
    await expect.element(current).toHaveAttribute('data-router-link');
    await expect.element(screen.getByRole('link', { name: '订单列表' })).not.toHaveAttribute('aria-current');
  });

  it('keeps one group open at a time', async () => {
    const onOpenKeysChange = vi.fn();
    const screen = await render(
      <Sidebar
        items={items}
        activePath="/order/index"
        renderLink={renderLink}
        onOpenKeysChange={onOpenKeysChange}
      />,
    );
    await screen.getByRole('button', { name: '店铺管理' }).click();
    expect(onOpenKeysChange).toHaveBeenLastCalledWith(['/shop']);
    await expect.element(screen.getByRole('link', { name: '店铺列表' })).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: '订单管理' }))
      .toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByRole('link', { name: '订单列表' })).not.toBeInTheDocument();
    await screen.getByRole('button', { name: '店铺管理' }).click();
    expect(onOpenKeysChange).toHaveBeenLastCalledWith([]);
  });

  it('opens the group of a new active item when the location changes', async () => {
    const screen = await render(<Sidebar items={items} activePath="/order/index" renderLink={renderLink} />);
    await expect
      .element(screen.getByRole('button', { name: '店铺管理' }))
      .toHaveAttribute('aria-expanded', 'false');
    await screen.rerender(<Sidebar items={items} activePath="/shop/index" renderLink={renderLink} />);
    await expect
      .element(screen.getByRole('link', { name: '店铺列表' }))
      .toHaveAttribute('aria-current', 'page');
    await expect
      .element(screen.getByRole('button', { name: '订单管理' }))
      .toHaveAttribute('aria-expanded', 'false');
  });

  it('follows controlled openKeys', async () => {
    const onOpenKeysChange = vi.fn();
    const screen = await render(
      <Sidebar
        items={items}
        openKeys={['/shop']}
        onOpenKeysChange={onOpenKeysChange}
        renderLink={renderLink}
      />,
    );
    await expect.element(screen.getByRole('link', { name: '店铺列表' })).toBeVisible();
    await screen.getByRole('button', { name: '订单管理' }).click();
    expect(onOpenKeysChange).toHaveBeenLastCalledWith(['/order']);
    // The parent did not accept the change, so 店铺管理 stays open.
    await expect
      .element(screen.getByRole('button', { name: '订单管理' }))
      .toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByRole('link', { name: '店铺列表' })).toBeVisible();
  });

  it('moves between visible items with the arrow keys and toggles groups with Enter and Space', async () => {
    const screen = await render(<Sidebar items={items} activePath="/order/index" renderLink={renderLink} />);
    (screen.getByRole('link', { name: '首页' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('button', { name: '订单管理' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect.element(screen.getByRole('button', { name: '店铺管理' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('button', { name: '店铺管理' }))
      .toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(screen.getByRole('link', { name: '店铺列表' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(screen.getByRole('link', { name: '首页' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown} ');
    await expect
      .element(screen.getByRole('button', { name: '订单管理' }))
      .toHaveAttribute('aria-expanded', 'true');
  });

  it('collapses to a 60px icon rail, controlled or not', async () => {
    const onCollapsedChange = vi.fn();
    const screen = await render(
      <Sidebar items={items} renderLink={renderLink} onCollapsedChange={onCollapsedChange} />,
    );
    const aside = sidebarOf(screen.container);
    await screen.getByRole('button', { name: '折叠菜单' }).click();
    expect(onCollapsedChange).toHaveBeenLastCalledWith(true);
    await expect.element(aside).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(() => aside.getBoundingClientRect().width).toBe(60);
    // Icons only: the titles are names, not visible text.
    await expect.element(screen.getByRole('link', { name: '首页' })).not.toHaveTextContent('首页');

    await screen.rerender(
      <Sidebar items={items} renderLink={renderLink} collapsed onCollapsedChange={onCollapsedChange} />,
    );
    await screen.getByRole('button', { name: '展开菜单' }).click();
    expect(onCollapsedChange).toHaveBeenLastCalledWith(false);
    await expect.element(aside).toHaveAttribute('data-state', 'collapsed');
  });

  it('shows a tooltip for a collapsed item and a flyout with the items of a collapsed group', async () => {
    const screen = await render(
      <Sidebar items={items} activePath="/order/index" renderLink={renderLink} defaultCollapsed />,
    );
    await railReady();
    await screen.getByRole('link', { name: '首页' }).hover();
    await expect.element(page.getByRole('tooltip', { name: '首页' })).toBeInTheDocument();

    await screen.getByRole('button', { name: '订单管理' }).hover();
    const flyout = page.getByRole('dialog', { name: '订单管理' });
    await expect.element(flyout).toBeVisible();
    await expect
      .element(flyout.getByRole('link', { name: '订单列表' }))
      .toHaveAttribute('aria-current', 'page');
    await flyout.getByRole('link', { name: '售后订单' }).click();
    expect(stayOnPage).toHaveBeenLastCalledWith('/order/after-sale');
    await expect.element(flyout).not.toBeInTheDocument();
  });

  it('keeps the focus of a rail row focused while the rail loads', async () => {
    const screen = await render(<Sidebar items={items} renderLink={renderLink} defaultCollapsed />);
    (screen.getByRole('button', { name: '订单管理' }).element() as HTMLElement).focus();
    await railReady();
    await expect.element(screen.getByRole('button', { name: '订单管理' })).toHaveFocus();
  });

  it('opens a collapsed group from the keyboard', async () => {
    const screen = await render(<Sidebar items={items} renderLink={renderLink} defaultCollapsed />);
    await railReady();
    (screen.getByRole('button', { name: '店铺管理' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const flyout = page.getByRole('dialog', { name: '店铺管理' });
    await expect.element(flyout).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(flyout).not.toBeInTheDocument();
  });

  it('shows a collapsed group on keyboard focus, goes in with ArrowRight and comes back with Escape', async () => {
    const screen = await render(
      <Sidebar items={items} activePath="/order/index" renderLink={renderLink} defaultCollapsed />,
    );
    await railReady();
    (screen.getByRole('link', { name: '首页' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    const trigger = screen.getByRole('button', { name: '订单管理' });
    await expect.element(trigger).toHaveFocus();
    const flyout = page.getByRole('dialog', { name: '订单管理' });
    await expect.element(flyout).toBeVisible();
    // Focus stayed on the rail until the user asks to go in.
    await expect.element(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(flyout.getByRole('link', { name: '订单列表' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(flyout.getByRole('link', { name: '售后订单' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(flyout).not.toBeInTheDocument();
    await expect.element(trigger).toHaveFocus();
    // Focus came back without reopening the flyout; moving on closes nothing and opens the next group.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect.element(flyout).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(page.getByRole('dialog', { name: '店铺管理' })).toBeVisible();
  });

  it('applies the dark tokens to its own subtree only', async () => {
    const screen = await render(<Sidebar items={items} theme="dark" renderLink={renderLink} />);
    const aside = sidebarOf(screen.container);
    await expect.element(aside).toHaveAttribute('data-theme', 'dark');
    expect(aside.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(getComputedStyle(aside).backgroundColor).not.toBe(getComputedStyle(document.body).backgroundColor);
  });

  it('becomes a drawer below 768px that closes on navigation', async () => {
    await page.viewport(375, 700);
    const screen = await render(<App />);
    expect(screen.container.querySelector('[data-slot="sidebar"]')).toBeNull();
    await screen.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '导航菜单' });
    await expect.element(drawer).toBeVisible();
    await expect.element(drawer.getByRole('navigation')).toBeVisible();
    await drawer.getByRole('link', { name: '首页' }).click();
    expect(stayOnPage).toHaveBeenLastCalledWith('/dashboard/index');
    await expect.element(drawer).not.toBeInTheDocument();
  });

  it('makes each group a disclosure: the button controls the region it names, one open at a time', async () => {
    const screen = await render(<Sidebar items={items} activePath="/order/index" renderLink={renderLink} />);
    const order = screen.getByRole('button', { name: '订单管理' });
    const shop = screen.getByRole('button', { name: '店铺管理' });
    const region = screen.getByRole('region', { name: '订单管理' });
    await expect.element(region).toBeVisible();
    await expect.element(order).toHaveAttribute('aria-controls', region.element().id);
    await expect.element(order).toHaveAttribute('data-state', 'open');
    await expect.element(shop).toHaveAttribute('data-state', 'closed');
    expect(order.element().closest('li')?.dataset.state).toBe('open');
    // The chevron turns with the state (group-data-[state=open]/trigger:rotate-180).
    const chevron = (button: Element) => getComputedStyle(button.lastElementChild as Element);
    expect(chevron(order.element()).rotate).toBe('180deg');
    expect(chevron(shop.element()).rotate).toBe('none');
    // Closed, the items are not in the page at all: no hidden links to tab through.
    expect(document.getElementById(shop.element().getAttribute('aria-controls') ?? '')).toBeNull();

    (shop.element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('region', { name: '店铺管理' })).toBeVisible();
    await expect.element(order).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: '订单管理' }).query()).toBeNull();
    await expect.element(shop).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(shop).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region').query()).toBeNull();
  });
});
