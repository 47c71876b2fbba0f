import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { type Banner, BannerCarousel, safeBannerHref } from './banner-carousel';

const pixel =
  'data:image/svg+xml;charset=utf-8,%3Csvg xmlns="http://www.w3.org/2000/svg" width="4" height="2"%3E%3Crect width="4" height="2" fill="%231677ff"/%3E%3C/svg%3E';
const banners: Banner[] = [
  { id: 'a', name: '活动一', image: pixel, href: '/activity/1' },
  { id: 'b', name: '活动二', image: pixel, href: 'https://example.com/b' },
  { id: 'c', name: '活动三', image: pixel, href: 'javascript:alert(1)' },
];
const size = 'h-[120px] w-[320px]';

function activeSlide(root: HTMLElement): string | null {
  return (
    root
      .querySelector('[data-slot="banner-carousel-slide"][data-state="active"]')
      ?.getAttribute('aria-label') ?? null
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('safeBannerHref', () => {
  it('accepts http(s) URLs and same-origin paths only', () => {
    const origin = 'https://shop.example';
    expect(safeBannerHref('/a?b=1', origin)).toEqual({ href: '/a?b=1', external: false });
    expect(safeBannerHref('https://other.example/x', origin)).toEqual({
      href: 'https://other.example/x',
      external: true,
    });
    expect(safeBannerHref('https://shop.example/x', origin)).toEqual({
      href: 'https://shop.example/x',
      external: false,
    });
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil',
      '/\t/evil.example/phish',
      '/\n/evil.example',
      '/\u007f/x',
      'ftp://x',
      'x',
      '',
      null,
      undefined,
    ]) {
      expect(safeBannerHref(bad, origin)).toBeNull();
    }
  });
});

/** The scripts this page has requested whose address names embla (the carousel engine and its package). */
const emblaRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => /embla|banner-carousel-engine/.test(name));

describe('BannerCarousel', () => {
  // First in the file, before any carousel of several banners has loaded the engine in this page.
  it('draws one banner without loading the carousel engine; two banners load it', async () => {
    const screen = await render(<BannerCarousel banners={banners.slice(0, 1)} className={size} />);
    await expect.element(screen.getByRole('img', { name: '活动一' })).toBeVisible();
    await expect.element(screen.getByRole('group', { name: '1 / 1' })).toBeVisible();
    expect(emblaRequests()).toEqual([]);
    await screen.rerender(<BannerCarousel banners={banners.slice(0, 2)} autoplay={false} className={size} />);
    await expect.element(screen.getByRole('button', { name: '第 2 张' })).toBeVisible();
    expect(emblaRequests().length).toBeGreaterThan(0);
  });

  it('is a labelled carousel of slides with alt texts, lazy images after the first, and safe links', async () => {
    const screen = await render(<BannerCarousel banners={banners} autoplay={false} className={size} />);
    const carousel = screen.getByRole('region', { name: '轮播图' });
    await expect.element(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect
      .element(screen.getByRole('group', { name: '1 / 3' }))
      .toHaveAttribute('aria-roledescription', 'slide');
    const images = [...carousel.element().querySelectorAll('img')];
    expect(images.map((img) => [img.alt, img.loading])).toEqual([
      ['活动一', 'eager'],
      ['活动二', 'lazy'],
      ['活动三', 'lazy'],
    ]);
    const links = [...carousel.element().querySelectorAll('a')];
    expect(
      links.map((a) => [a.getAttribute('href'), a.getAttribute('rel'), a.getAttribute('target')]),
    ).toEqual([
      ['/activity/1', null, null],
      ['https://example.com/b', 'noopener noreferrer', '_blank'],
    ]);
  });

  it('moves with the dots and with the arrow keys', async () => {
    const onIndexChange = vi.fn();
    const screen = await render(
      <BannerCarousel banners={banners} autoplay={false} className={size} onIndexChange={onIndexChange} />,
    );
    const root = screen.getByRole('region').element() as HTMLElement;
    await screen.getByRole('button', { name: '第 3 张' }).click();
    await expect.poll(() => activeSlide(root)).toBe('3 / 3');
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => activeSlide(root)).toBe('1 / 3');
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => activeSlide(root)).toBe('3 / 3');
    await expect
      .element(screen.getByRole('button', { name: '第 3 张' }))
      .toHaveAttribute('aria-current', 'true');
  });

  it('moves with a swipe (a pointer drag to the left)', async () => {
    const screen = await render(
      <div className="flex items-center">
        <span className="inline-block w-10 shrink-0">左</span>
        <BannerCarousel banners={banners} autoplay={false} className={`${size} shrink-0`} />
      </div>,
    );
    const region = screen.getByRole('region');
    await userEvent.dragAndDrop(screen.getByRole('group', { name: '1 / 3' }), screen.getByText('左'));
    await expect.poll(() => activeSlide(region.element() as HTMLElement)).toBe('2 / 3');
  });

  it('plays on its own and pauses while hovered', async () => {
    const screen = await render(
      <div>
        <p className="h-40">其他内容</p>
        <BannerCarousel banners={banners} interval={300} className={size} />
      </div>,
    );
    // Keep the pointer away from the carousel (a previous test may have left it where the carousel is).
    await screen.getByText('其他内容').hover();
    const region = screen.getByRole('region');
    const root = region.element() as HTMLElement;
    await expect.poll(() => activeSlide(root)).toBe('2 / 3');
    await region.hover();
    await expect.element(region).toHaveAttribute('data-state', 'paused');
    const during = activeSlide(root);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(activeSlide(root)).toBe(during);
    await screen.getByText('其他内容').hover();
    await expect.element(region).toHaveAttribute('data-state', 'playing');
  });

  it('pauses while focus is inside', async () => {
    const screen = await render(<BannerCarousel banners={banners} interval={300} className={size} />);
    const region = screen.getByRole('region');
    (screen.getByRole('button', { name: '第 1 张' }).element() as HTMLElement).focus();
    await expect.element(region).toHaveAttribute('data-state', 'paused');
    const during = activeSlide(region.element() as HTMLElement);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(activeSlide(region.element() as HTMLElement)).toBe(during);
  });

  it('stops for good with the pause button and plays again with the play button', async () => {
    const screen = await render(
      <div>
        <p className="h-40">其他内容</p>
        <BannerCarousel banners={banners} interval={300} className={size} />
      </div>,
    );
    const region = screen.getByRole('region');
    await screen.getByRole('button', { name: '暂停轮播' }).click();
    const play = screen.getByRole('button', { name: '继续轮播' });
    await expect.element(play).toHaveAttribute('aria-pressed', 'true');
    // Pointer and focus leave the carousel: it stays stopped.
    await screen.getByText('其他内容').hover();
    (play.element() as HTMLElement).blur();
    await expect.element(region).toHaveAttribute('data-state', 'paused');
    const during = activeSlide(region.element() as HTMLElement);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(activeSlide(region.element() as HTMLElement)).toBe(during);
    await play.click();
    await screen.getByText('其他内容').hover();
    (screen.getByRole('button', { name: '暂停轮播' }).element() as HTMLElement).blur();
    await expect.element(region).toHaveAttribute('data-state', 'playing');
  });

  it('does not autoplay when the user prefers reduced motion', async () => {
    const real = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (query: string) =>
      query.includes('prefers-reduced-motion')
        ? { ...real(query), matches: true, addEventListener() {}, removeEventListener() {} }
        : real(query),
    );
    const screen = await render(<BannerCarousel banners={banners} interval={200} className={size} />);
    const region = screen.getByRole('region');
    await expect.element(region).toHaveAttribute('data-state', 'paused');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(activeSlide(region.element() as HTMLElement)).toBe('1 / 3');
  });

  it('shows one banner without controls, and the fallback without banners', async () => {
    const screen = await render(<BannerCarousel banners={banners.slice(0, 1)} className={size} />);
    await expect.element(screen.getByRole('region')).toHaveAttribute('data-state', 'paused');
    expect(screen.getByRole('button').all()).toHaveLength(0);
    await expect.element(screen.getByRole('img', { name: '活动一' })).toBeVisible();
    await screen.rerender(<BannerCarousel banners={[]} className={size} />);
    expect(screen.container.querySelector('[data-slot="banner-carousel-fallback"]')).not.toBeNull();
    await screen.rerender(<BannerCarousel banners={[]} className={size} fallback={<p>品牌</p>} />);
    await expect.element(screen.getByText('品牌')).toBeVisible();
  });
});
