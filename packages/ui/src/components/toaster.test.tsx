import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Toaster, toast } from './toaster';

afterEach(() => {
  toast.dismiss();
});

describe('Toaster', () => {
  it('shows each kind with its message and lets the user close it with 关闭', async () => {
    await render(<Toaster closeButton duration={60_000} />);
    toast.error('请求失败', { description: '服务器发生错误，请检查服务器' });
    await expect.element(page.getByText('请求失败')).toBeVisible();
    await expect.element(page.getByText('服务器发生错误，请检查服务器')).toBeVisible();
    const toastEl = page.getByText('请求失败').element().closest('[data-sonner-toast]');
    expect(toastEl?.getAttribute('data-type')).toBe('error');
    await userEvent.click(page.getByRole('button', { name: '关闭' }));
    await expect.poll(() => document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('uses the theme tokens of the element it sits in', async () => {
    await render(
      <div className="dark">
        <Toaster duration={60_000} />
      </div>,
    );
    toast.success('登录成功');
    await expect.element(page.getByText('登录成功')).toBeVisible();
    const card = page.getByText('登录成功').element().closest('[data-sonner-toast]') as HTMLElement;
    expect(getComputedStyle(card).backgroundColor).toBe('rgb(38, 38, 38)');
  });
});
