import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { Avatar, AvatarFallback, AvatarImage, getInitials } from './avatar';

describe('getInitials', () => {
  it('takes the first character of a Chinese name and up to two Latin initials', () => {
    expect(getInitials('管理员')).toBe('管');
    expect(getInitials('  jane   doe ')).toBe('JD');
    expect(getInitials('Jane Mary Doe')).toBe('JD');
    expect(getInitials('138****0000')).toBe('1');
    expect(getInitials('')).toBe('');
  });
});

describe('Avatar', () => {
  it('shows the fallback when the image fails, and names it for screen readers', async () => {
    const screen = await render(
      <Avatar>
        <AvatarImage src="/definitely-missing.png" alt="管理员" />
        <AvatarFallback name="管理员" />
      </Avatar>,
    );
    await expect.element(screen.getByText('管', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('管理员')).toHaveClass('sr-only');
    expect(screen.container.querySelector('img')).toBeNull();
  });
});
