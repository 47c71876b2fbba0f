import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Badge, formatBadgeCount } from './badge';

describe('formatBadgeCount', () => {
  it('caps at max, hides zero unless asked, passes text through', () => {
    expect(formatBadgeCount(5)).toBe('5');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(100, 200)).toBe('100');
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(0, 99, true)).toBe('0');
    expect(formatBadgeCount(-3)).toBeNull();
    expect(formatBadgeCount('new')).toBe('new');
    expect(formatBadgeCount(undefined)).toBeNull();
  });
});

describe('Badge', () => {
  it('pins the count to the corner of its child, with the full count as a title when capped', async () => {
    const screen = await render(
      <Badge count={120}>
        <button type="button">消息</button>
      </Badge>,
    );
    const indicator = screen.getByText('99+');
    await expect.element(indicator).toBeVisible();
    await expect.element(indicator).toHaveAttribute('title', '120');
    const button = screen.getByRole('button', { name: '消息' }).element().getBoundingClientRect();
    const badge = indicator.element().getBoundingClientRect();
    // top-right corner: the badge's centre sits on the child's right edge and top edge
    expect(Math.abs(badge.left + badge.width / 2 - button.right)).toBeLessThan(2);
    expect(Math.abs(badge.top + badge.height / 2 - button.top)).toBeLessThan(2);
  });

  it('shows nothing for a zero count, but still renders its child', async () => {
    const screen = await render(
      <Badge count={0}>
        <span>铃铛</span>
      </Badge>,
    );
    await expect.element(screen.getByText('铃铛')).toBeVisible();
    expect(screen.container.querySelector('[data-slot=badge-indicator]')).toBeNull();
  });
});
