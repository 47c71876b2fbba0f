import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MOBILE_BREAKPOINT, useIsMobile } from './use-media-query';

function Layout() {
  return <p>{useIsMobile() ? 'mobile' : 'wide'}</p>;
}

afterEach(async () => {
  await page.viewport(1280, 800);
});

describe('useIsMobile', () => {
  it('is true below MOBILE_BREAKPOINT and follows the window as it is resized', async () => {
    await page.viewport(MOBILE_BREAKPOINT, 700);
    const screen = await render(<Layout />);
    await expect.element(screen.getByText('wide')).toBeInTheDocument();
    await page.viewport(MOBILE_BREAKPOINT - 1, 700);
    await expect.element(screen.getByText('mobile')).toBeInTheDocument();
    await page.viewport(MOBILE_BREAKPOINT, 700);
    await expect.element(screen.getByText('wide')).toBeInTheDocument();
  });
});
