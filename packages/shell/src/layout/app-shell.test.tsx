import { Outlet } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ACCESS_TOKEN_KEY } from '../session/token-storage';
import { getShellStore } from '../store/shell-store';
import {
  adminUser,
  companyConfig,
  createFakeApi,
  memberWithoutOrders,
  menu,
  normalUser,
} from '../stories/fixtures';
import { type createTestRouter, ShellHarness } from '../stories/router-decorator';
import { AppShell } from './app-shell';
import { AuthenticatedShell } from './authenticated-shell';

type TestRouter = ReturnType<typeof createTestRouter>;

/** `onTopUp` null: the app gives no 充值. */
async function renderShell(path: string, user = adminUser, onTopUp: (() => void) | null = () => {}) {
  let router: TestRouter | undefined;
  const screen = await render(
    <ShellHarness
      initialPath={path}
      root={() => (
        <AppShell
          menu={menu}
          user={user}
          config={companyConfig}
          onLogout={() => {}}
          onTopUp={onTopUp ?? undefined}
        >
          <Outlet />
        </AppShell>
      )}
      onRouter={(r) => {
        router = r;
      }}
    />,
  );
  await expect.element(screen.getByRole('banner')).toBeVisible();
  return { screen, router: () => router as TestRouter };
}

beforeEach(async () => {
  localStorage.clear();
  getShellStore().setState({ theme: 'light', collapsed: false, drawerOpen: false });
  await page.viewport(1280, 800);
});

describe('AppShell', () => {
  it('shows no breadcrumb when only one titled route matches', async () => {
    const { screen } = await renderShell('/dashboard/index');
    await expect.element(screen.getByRole('heading', { name: '菜单导航' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: '面包屑' }).query()).toBeNull();
    expect(document.title).toBe('菜单导航 - 寄售宝');
  });

  it('shows the breadcrumb from the titled matches when more than one matches', async () => {
    const { screen } = await renderShell('/shop/setting/group');
    const crumb = screen.getByRole('navigation', { name: '面包屑' });
    await expect.element(crumb).toHaveAttribute('data-slot', 'breadcrumb');
    expect(
      [...crumb.element().querySelectorAll('[data-slot=breadcrumb-item]')].map((li) =>
        li.textContent?.replace('/', ''),
      ),
    ).toEqual(['店铺管理', '店铺设置', '店铺分组']);
    await expect
      .element(crumb.getByRole('link', { name: '店铺设置' }))
      .toHaveAttribute('href', '/shop/setting');
    expect(document.title).toBe('店铺分组 - 寄售宝');
  });

  it('has no 充值 when the app gives no top-up (a user without finance:manage)', async () => {
    const { screen } = await renderShell('/shop/setting', adminUser, null);
    await expect.element(screen.getByRole('button', { name: '帮助' })).toBeVisible();
    expect(screen.getByRole('button', { name: '充值' }).query()).toBeNull();
  });

  it('keeps the shell alive when a page throws, and clears the error on navigation', async () => {
    const { screen } = await renderShell('/boom');
    const alert = screen.getByRole('alert').filter({ hasText: '页面出错了' });
    await expect.element(alert).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '重试' })).toBeVisible();
    // The header and the sidebar still work.
    await expect.element(screen.getByRole('button', { name: '充值' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '订单管理' }));
    await userEvent.click(screen.getByRole('link', { name: '代发订单' }));
    await expect.element(screen.getByRole('heading', { name: '代发订单' })).toBeVisible();
    expect(screen.getByText('页面出错了').query()).toBeNull();
  });

  it('filters the menu by role: a user loses 全局设置 but keeps 代发设置', async () => {
    const { screen } = await renderShell('/system/setting', normalUser);
    await expect
      .element(screen.getByRole('link', { name: '代发设置' }))
      .toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '全局设置' }).query()).toBeNull();
    // No nickname: the header shows the mobile.
    await expect.element(screen.getByRole('button', { name: /13900000000/ })).toBeVisible();
  });

  it('filters the menu by permission: a member without order:view loses 代发订单 but keeps 售后订单', async () => {
    const { screen } = await renderShell('/order/after-sale', memberWithoutOrders);
    await expect
      .element(screen.getByRole('link', { name: '售后订单' }))
      .toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '代发订单' }).query()).toBeNull();
    // The later groups and their permitted items stay.
    await userEvent.click(screen.getByRole('button', { name: '店铺管理' }));
    await expect.element(screen.getByRole('link', { name: '商品管理' })).toBeVisible();
  });

  it('collapses to 60px and remembers it; the theme switch remembers sideMenuTheme', async () => {
    const { screen } = await renderShell('/order/index');
    const sidebar = screen.container.querySelector('[data-slot=sidebar]') as HTMLElement;
    expect(sidebar.getBoundingClientRect().width).toBe(208);
    expect(sidebar.dataset.state).toBe('expanded');
    await userEvent.click(screen.getByRole('button', { name: '折叠菜单' }));
    await expect.element(screen.getByRole('button', { name: '展开菜单' })).toBeVisible();
    await expect.poll(() => sidebar.getBoundingClientRect().width).toBe(60);
    expect(sidebar.dataset.state).toBe('collapsed');
    expect(localStorage.getItem('sideMenuCollapsed')).toBe('true');

    await userEvent.click(screen.getByRole('switch', { name: '暗色菜单' }));
    expect(sidebar.dataset.theme).toBe('dark');
    expect(localStorage.getItem('sideMenuTheme')).toBe('dark');
  });

  it('opens one menu group at a time', async () => {
    const { screen } = await renderShell('/order/index');
    const order = screen.getByRole('button', { name: '订单管理' });
    const shop = screen.getByRole('button', { name: '店铺管理' });
    await expect.element(order).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(shop);
    await expect.element(shop).toHaveAttribute('aria-expanded', 'true');
    await expect.element(order).toHaveAttribute('aria-expanded', 'false');
  });

  it('turns the sidebar into a drawer in a narrow window', async () => {
    await page.viewport(375, 812);
    const { screen } = await renderShell('/order/index');
    expect(document.querySelector('[data-slot=sidebar]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    const link = page.getByRole('link', { name: '售后订单' });
    await expect.element(link).toBeVisible();
    await userEvent.click(link);
    await expect.element(screen.getByRole('heading', { name: '售后订单' })).toBeVisible();
    await expect.poll(() => document.querySelector('[data-slot=sidebar]')).toBeNull();
  });
});

describe('AuthenticatedShell', () => {
  it('shows the spinner until the user loads, then the shell; logout drops the token and goes to /login', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    (window as { deviceAPI?: unknown }).deviceAPI = {};
    getShellStore().setState({ hasDeviceAPI: false });
    const api = createFakeApi({ delay: 300 });
    let router: TestRouter | undefined;
    const screen = await render(
      <ShellHarness
        initialPath="/order/index"
        api={api}
        root={() => (
          <AuthenticatedShell menu={menu}>
            <Outlet />
          </AuthenticatedShell>
        )}
        onRouter={(r) => {
          router = r;
        }}
      />,
    );
    await expect.element(page.getByRole('status')).toBeVisible();
    expect(document.querySelector('[data-slot=spinner]')).not.toBeNull();
    await expect.element(screen.getByRole('button', { name: /管理员/ })).toBeVisible();
    expect(api.calls.config).toBe(1);
    expect(getShellStore().getState().hasDeviceAPI).toBe(true);
    delete (window as { deviceAPI?: unknown }).deviceAPI;
    await expect
      .poll(() => JSON.parse(localStorage.getItem('companyConfig') ?? 'null')?.short_name)
      .toBe('寄售宝');
    await userEvent.click(screen.getByRole('button', { name: '系统设置' }));
    await expect.element(screen.getByRole('link', { name: '全局设置' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /管理员/ }));
    await userEvent.click(page.getByRole('menuitem', { name: '退出登录' }));
    await expect.poll(() => router?.state.location.pathname).toBe('/login');
    expect(api.calls.logout).toBe(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('ignores a failed user call quietly: the shell renders without a user and skips the config', async () => {
    const api = createFakeApi({ userFails: true });
    const screen = await render(
      <ShellHarness
        initialPath="/order/index"
        api={api}
        root={() => (
          <AuthenticatedShell menu={menu}>
            <Outlet />
          </AuthenticatedShell>
        )}
      />,
    );
    await expect.element(screen.getByRole('heading', { name: '代发订单' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '用户菜单' })).toBeVisible();
    expect(api.calls.userInfo).toBe(1);
    expect(api.calls.config).toBe(0);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });
});
