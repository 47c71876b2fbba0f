import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { HeaderClock, msToNextSecond } from './header-clock';

afterEach(() => {
  vi.useRealTimers();
});

/** A header with a static sibling and the clock, each under its own Profiler. */
function Header({ onRender }: { onRender: React.ProfilerOnRenderCallback }) {
  return (
    <React.Profiler id="header" onRender={onRender}>
      <header>
        <React.Profiler id="sibling" onRender={onRender}>
          <span>充值</span>
        </React.Profiler>
        <React.Profiler id="clock" onRender={onRender}>
          <HeaderClock timeZone="Asia/Shanghai" />
        </React.Profiler>
      </header>
    </React.Profiler>
  );
}

describe('msToNextSecond', () => {
  it('waits until the next whole second', () => {
    expect(msToNextSecond(1_000)).toBe(1000);
    expect(msToNextSecond(1_250)).toBe(750);
    expect(msToNextSecond(1_999)).toBe(1);
  });
});

describe('HeaderClock', () => {
  it('shows HH:mm:ss, the weekday and the date in zh-CN', async () => {
    const screen = await render(
      <HeaderClock now={new Date('2026-11-22T00:05:09Z')} timeZone="Asia/Shanghai" />,
    );
    const clock = screen.getByRole('timer', { name: '当前时间' });
    await expect.element(clock).toHaveAttribute('data-slot', 'header-clock');
    await expect.element(clock).toHaveAttribute('aria-live', 'off');
    await expect.element(screen.getByText('08:05:09')).toHaveAttribute('datetime', '2026-11-22T08:05:09');
    await expect.element(screen.getByText('星期日')).toBeVisible();
    await expect.element(screen.getByText('2026-11-22')).toBeVisible();
  });

  it('ticks on the second boundary, not on a drifting interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T00:05:09.600Z'));
    const screen = await render(<HeaderClock timeZone="Asia/Shanghai" />);
    await expect.element(screen.getByText('08:05:09')).toBeVisible();
    // 399 ms later we are still inside second :09; one more millisecond reaches :10.
    await vi.advanceTimersByTimeAsync(399);
    await expect.element(screen.getByText('08:05:09')).toBeVisible();
    await vi.advanceTimersByTimeAsync(1);
    await expect.element(screen.getByText('08:05:10')).toBeVisible();
    await vi.advanceTimersByTimeAsync(1000);
    await expect.element(screen.getByText('08:05:11')).toBeVisible();
  });

  it('re-renders only itself each second: a sibling under the same parent does not commit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-22T00:05:09.500Z'));
    const commits: Record<string, number> = { clock: 0, sibling: 0, header: 0 };
    const onRender: React.ProfilerOnRenderCallback = (id) => {
      commits[id] = (commits[id] ?? 0) + 1;
    };
    const screen = await render(<Header onRender={onRender} />);
    await expect.element(screen.getByText('08:05:09')).toBeVisible();
    const before = { ...commits };
    await vi.advanceTimersByTimeAsync(500);
    await expect.element(screen.getByText('08:05:10')).toBeVisible();
    await vi.advanceTimersByTimeAsync(1000);
    await expect.element(screen.getByText('08:05:11')).toBeVisible();
    expect(commits.clock).toBe((before.clock ?? 0) + 2);
    // Had the parent re-rendered, the sibling's Profiler (an element it creates) would have committed too.
    expect(commits.sibling).toBe(before.sibling);
  });

  it('stops ticking when unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const screen = await render(<HeaderClock />);
    expect(vi.getTimerCount()).toBe(1);
    await screen.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
