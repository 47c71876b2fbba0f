import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ToastHost, toast } from './toast';

describe('toast (sonner on the first toast)', () => {
  it('mounts nothing until the first toast, then shows it and the ones after', async () => {
    await render(<ToastHost />);
    // No toaster region before anything is shown: sonner has not been asked for.
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    toast.warning('请先勾选用户协议和隐私政策', { description: '勾选后再登录' });
    await expect.element(page.getByText('请先勾选用户协议和隐私政策')).toBeVisible();
    await expect.element(page.getByText('勾选后再登录')).toBeVisible();
    const card = page.getByText('请先勾选用户协议和隐私政策').element().closest('[data-sonner-toast]');
    expect(card?.getAttribute('data-type')).toBe('warning');
    toast.success('登录成功');
    await expect.element(page.getByText('登录成功')).toBeVisible();
    toast.dismiss();
    await expect.poll(() => document.querySelector('[data-sonner-toast]')).toBeNull();
  });
});
