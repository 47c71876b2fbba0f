import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Breadcrumb } from './breadcrumb';

describe('Breadcrumb', () => {
  it('is a nav named 面包屑 with an ordered list whose last item is the current page', async () => {
    const screen = await render(
      <Breadcrumb
        items={[
          { title: '首页', href: '/dashboard' },
          { title: '订单', href: '/order' },
          { title: '订单列表', href: '/order/index' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: '面包屑' });
    await expect.element(nav).toHaveAttribute('data-slot', 'breadcrumb');
    expect(nav.element().querySelector('ol')?.children).toHaveLength(3);
    await expect.element(screen.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard');
    // The current page is text, not a link, even when it has a path.
    expect(screen.getByRole('link', { name: '订单列表' }).query()).toBeNull();
    await expect.element(screen.getByText('订单列表')).toHaveAttribute('aria-current', 'page');
  });

  it('renders links through renderLink so that a router can own navigation', async () => {
    const screen = await render(
      <Breadcrumb
        items={[{ title: '首页', href: '/dashboard' }, { title: '当前' }]}
        renderLink={({ href, children, className }) => (
          <a href={`#${href}`} data-router="yes" className={className}>
            {children}
          </a>
        )}
      />,
    );
    const link = screen.getByRole('link', { name: '首页' });
    await expect.element(link).toHaveAttribute('href', '#/dashboard');
    await expect.element(link).toHaveAttribute('data-router', 'yes');
  });
});
