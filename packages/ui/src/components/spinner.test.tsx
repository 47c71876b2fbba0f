import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status named 加载中 by default, or by its label', async () => {
    const screen = await render(
      <>
        <Spinner />
        <Spinner label="正在登录" showLabel />
      </>,
    );
    await expect
      .element(screen.getByRole('status', { name: '加载中' }))
      .toHaveAttribute('data-slot', 'spinner');
    await expect.element(screen.getByRole('status', { name: '正在登录' })).toBeVisible();
    await expect.element(screen.getByText('正在登录')).toBeVisible();
  });
});
