import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { type Banner, BannerCarousel } from './banner-carousel';

/** Offline, deterministic banner art: an SVG gradient with the banner's name. */
function art(name: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="360" viewBox="0 0 960 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="960" height="360" fill="url(#g)"/><circle cx="800" cy="80" r="140" fill="#fff" opacity=".12"/><text x="64" y="200" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff">${name}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const banners: Banner[] = [
  {
    id: 1,
    name: '双十一代发大促',
    image: art('双十一代发大促', '#1677ff', '#69b1ff'),
    href: '/activity/1111',
  },
  {
    id: 2,
    name: '新店入驻有礼',
    image: art('新店入驻有礼', '#f5222d', '#ff7875'),
    href: 'https://example.com/join',
  },
  {
    id: 3,
    name: '一件代发教程',
    image: art('一件代发教程', '#52c41a', '#95de64'),
    href: 'javascript:alert(1)',
  },
];

const meta = {
  title: 'Media/BannerCarousel',
  component: BannerCarousel,
  // Still by default so that screenshots are stable; the Autoplay story turns it on.
  args: { banners, autoplay: false, className: 'h-[240px] w-[640px] rounded-lg' },
} satisfies Meta<typeof BannerCarousel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeBanners: Story = {
  play: async ({ canvas }) => {
    // The engine (embla) loads for two banners or more; its dots say it is there.
    await canvas.findByRole('button', { name: '第 1 张' });
    const carousel = canvas.getByRole('region', { name: '轮播图' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(canvas.getByRole('group', { name: '1 / 3' })).toHaveAttribute('data-state', 'active');
    // Safe links only: the javascript: banner has no link; the external one opens safely.
    const slide3 = canvasElementOf(carousel, '3 / 3');
    await expect(slide3.querySelector('a')).toBeNull();
    const external = canvasElementOf(carousel, '2 / 3').querySelector('a');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

function canvasElementOf(root: HTMLElement, name: string): HTMLElement {
  const slide = root.querySelector(`[aria-label="${name}"]`);
  if (!(slide instanceof HTMLElement)) throw new Error(`no slide ${name}`);
  return slide;
}

export const DotsMoveTheSlide: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: '第 2 张' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: '第 2 张' })).toHaveAttribute('aria-current', 'true'),
    );
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: '第 3 张' })).toHaveAttribute('aria-current', 'true'),
    );
  },
};

export const Autoplay: Story = {
  args: { autoplay: true, interval: 400 },
  parameters: { screenshot: false },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: '第 2 张' })).toHaveAttribute('aria-current', 'true'),
    );
    await userEvent.click(canvas.getByRole('button', { name: '暂停轮播' }));
    await expect(canvas.getByRole('button', { name: '继续轮播' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const OneBanner: Story = {
  args: { banners: banners.slice(0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const NoBannerFallback: Story = { args: { banners: [] } };

export const CustomFallback: Story = {
  args: {
    banners: [],
    fallback: (
      <div className="flex h-full items-center justify-center bg-muted text-muted-foreground">
        欢迎使用代发后台
      </div>
    ),
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  // The picture is of the carousel with its dots: wait for the engine.
  play: async ({ canvas }) => {
    await canvas.findByRole('button', { name: '第 1 张' });
  },
};
