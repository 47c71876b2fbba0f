import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { RelativeTime } from './relative-time';

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders a <time> with the ISO instant and the absolute time as its title', async () => {
    const value = new Date(2026, 10, 22, 9, 0, 0);
    const screen = await render(<RelativeTime value={value} now={new Date(2026, 10, 22, 10, 30, 0)} />);
    const time = screen.getByText('1小时前');
    await expect.element(time).toHaveAttribute('datetime', value.toISOString());
    await expect.element(time).toHaveAttribute('title', '2026-11-22 09:00:00');
  });

  it('refreshes itself when the text changes, without a `now`', async () => {
    const screen = await render(<RelativeTime value={Date.now() - 58_000} />);
    await expect.element(screen.getByText('58秒钟前')).toBeVisible();
    await vi.advanceTimersByTimeAsync(2_000);
    await expect.element(screen.getByText('1分钟前')).toBeVisible();
    await vi.advanceTimersByTimeAsync(60_000);
    await expect.element(screen.getByText('2分钟前')).toBeVisible();
  });
});
