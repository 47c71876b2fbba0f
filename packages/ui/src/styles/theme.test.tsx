import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';

/** WCAG 2 contrast ratio of two `rgb(r, g, b)` strings as the browser computes them. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Text token on surface token: every pair the components use for text.
const pairs: Array<[text: string, surface: string]> = [
  ['foreground', 'background'],
  ['foreground', 'card'],
  ['popover-foreground', 'popover'],
  ['foreground', 'muted'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'popover'],
  ['muted-foreground', 'muted'],
  ['accent-foreground', 'accent'],
  ['link', 'background'],
  ['link', 'card'],
  ['link', 'popover'],
  ['link', 'primary-muted'],
  ['error', 'background'],
  ['error', 'card'],
  ['error', 'popover'],
  ['primary-foreground', 'primary'],
  ['destructive-foreground', 'destructive'],
  ['success-foreground', 'success-strong'],
  ['sidebar-foreground', 'sidebar'],
  ['sidebar-accent-foreground', 'sidebar-accent'],
];

describe.each(['light', 'dark'])('%s theme tokens', (theme) => {
  it.each(pairs)('%s on %s reads at 4.5:1 or better', async (text, surface) => {
    const screen = await render(
      <div className={theme}>
        <span data-testid="sample" style={{ color: `var(--${text})`, background: `var(--${surface})` }}>
          样例
        </span>
      </div>,
    );
    const sample = screen.getByTestId('sample').element();
    const style = getComputedStyle(sample);
    expect(contrast(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('theme classes', () => {
  it('cascade into any subtree and can be nested both ways', async () => {
    const screen = await render(
      <div data-testid="page" style={{ background: 'var(--card)' }}>
        <div className="dark">
          <div data-testid="dark" style={{ background: 'var(--card)' }}>
            <div className="light">
              <div data-testid="light" style={{ background: 'var(--card)' }} />
            </div>
          </div>
        </div>
      </div>,
    );
    const bg = (id: string) => getComputedStyle(screen.getByTestId(id).element()).backgroundColor;
    expect(bg('page')).toBe('rgb(255, 255, 255)');
    expect(bg('dark')).toBe('rgb(31, 31, 31)');
    expect(bg('light')).toBe('rgb(255, 255, 255)');
  });
});
