import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { ErrorPage } from './error-page';

describe('ErrorPage', () => {
  it.each([
    [403, '抱歉，您没有权限访问此页面。'],
    [404, '抱歉, 您访问的网页不存在'],
    [500, '抱歉，服务器内部错误。'],
  ] as const)('%i shows the contract text exactly and a decorative illustration', async (status, text) => {
    const screen = await render(<ErrorPage status={status} />);
    const region = screen.getByRole('region', { name: String(status) });
    await expect.element(region).toBeVisible();
    await expect.element(screen.getByText(text, { exact: true })).toBeVisible();
    const svg = screen.container.querySelector('[data-slot=error-page-illustration]');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.container.querySelector('[data-slot=error-page-actions]')).toBeNull();
  });

  it('puts the action and children under the text, and lets the texts be replaced', async () => {
    const screen = await render(
      <ErrorPage
        status={404}
        title="找不到"
        description="换个地址试试"
        action={<button type="button">返回首页</button>}
      >
        <a href="/help">帮助</a>
      </ErrorPage>,
    );
    await expect.element(screen.getByRole('heading', { level: 1, name: '找不到' })).toBeVisible();
    await expect.element(screen.getByText('换个地址试试')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '返回首页' })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: '帮助' })).toBeVisible();
  });
});
