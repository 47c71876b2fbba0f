import * as React from 'react';
import { cn } from '../lib/cn';
import { useMediaQuery } from '../lib/use-media-query';

/** Default texts; pass `copy` to translate. */
export const bannerCarouselCopy = {
  label: '轮播图',
  slide: (index: number, total: number) => `${index} / ${total}`,
  dot: (index: number) => `第 ${index} 张`,
  pause: '暂停轮播',
  play: '继续轮播',
};
export type BannerCarouselCopy = typeof bannerCarouselCopy;

export interface Banner {
  id: string | number;
  /** Alt text of the image and the slide's name. */
  name: string;
  /** Image URL. */
  image: string;
  /** Only http(s) URLs and same-origin paths become links; anything else renders without a link. */
  href?: string | null;
}

/**
 * A banner's link, or null when it is not safe to follow: only `http:`/`https:` URLs and same-origin
 * paths (a single leading `/`) pass; `javascript:`, `data:`, protocol-relative `//host` do not.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const UNSAFE_URL_CHARACTER = /[\u0000-\u001f\u007f\\]/;

export function safeBannerHref(
  href: string | null | undefined,
  origin: string = typeof location === 'undefined' ? 'http://localhost' : location.origin,
): { href: string; external: boolean } | null {
  if (!href) return null;
  const value = href.trim();
  // No control characters or backslashes: URL parsers drop tabs and newlines and read `\` as `/`, so
  // `/\t/evil.example` would lead to another site.
  if (UNSAFE_URL_CHARACTER.test(value)) return null;
  if (value.startsWith('/')) {
    // A same-origin path only if the URL parser agrees that it stays on the origin.
    try {
      return new URL(value, origin).origin === origin ? { href: value, external: false } : null;
    } catch {
      return null;
    }
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { href: url.href, external: url.origin !== origin };
}

/** True when the user asked the system for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

export type BannerCarouselProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  banners: Banner[];
  /** Milliseconds between slides; default 5000. */
  interval?: number;
  /** Move on its own (default true); never with reduced motion, a single banner, hover or focus inside. */
  autoplay?: boolean;
  /** Shown when there is no banner; default a branded gradient panel. */
  fallback?: React.ReactNode;
  /** Called when the visible slide changes. */
  onIndexChange?: (index: number) => void;
  copy?: Partial<BannerCarouselCopy>;
};

function DefaultFallback() {
  return (
    <div
      data-slot="banner-carousel-fallback"
      className="h-full w-full bg-gradient-to-br from-primary via-primary/80 to-primary/50"
    />
  );
}

// The carousel engine (embla, ~7 KB gzip) loads only for two banners or more: one banner is an image.
const BannerCarouselEngine = React.lazy(() => import('./banner-carousel-engine'));

/** One slide: the image (eager for the first), linked when its link is safe; off-screen slides are inert. */
export function BannerSlide({
  banner,
  index,
  total,
  active,
  label = bannerCarouselCopy.slide,
}: {
  banner: Banner;
  index: number;
  total: number;
  active: boolean;
  label?: BannerCarouselCopy['slide'];
}) {
  const link = safeBannerHref(banner.href);
  const image = (
    <img
      src={banner.image}
      alt={banner.name}
      loading={index === 0 ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className="h-full w-full object-cover"
    />
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a fieldset.
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={label(index + 1, total)}
      data-slot="banner-carousel-slide"
      data-state={active ? 'active' : 'inactive'}
      inert={!active}
      className="h-full min-w-0 shrink-0 grow-0 basis-full"
    >
      {link ? (
        <a
          href={link.href}
          data-slot="banner-carousel-link"
          {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          className="block h-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        >
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}

/**
 * Banner slideshow: autoplay that pauses on hover and focus, dots, swipe and arrow keys (embla, loaded
 * only for two banners or more, the first slide drawn the same until it is there); one banner is its
 * image without controls; none is `fallback`.
 */
export function BannerCarousel(props: BannerCarouselProps) {
  const {
    banners,
    interval,
    autoplay,
    fallback,
    onIndexChange,
    copy: copyOverride,
    className,
    ...rest
  } = props;
  const t = { ...bannerCarouselCopy, ...copyOverride };
  const first = banners[0];
  if (banners.length > 1 && first) {
    return (
      <React.Suspense fallback={<StaticBanner {...props} slide={first} total={banners.length} />}>
        <BannerCarouselEngine {...props} />
      </React.Suspense>
    );
  }
  if (!first) {
    return (
      <section
        data-slot="banner-carousel"
        data-state="empty"
        aria-label={t.label}
        className={cn('relative overflow-hidden', className)}
        {...rest}
      >
        {fallback ?? <DefaultFallback />}
      </section>
    );
  }
  return <StaticBanner {...props} slide={first} total={1} />;
}

/** One slide in the carousel's frame, without its engine: a single banner, or the first while embla loads. */
function StaticBanner({
  slide,
  total,
  banners: _banners,
  interval: _interval,
  autoplay: _autoplay,
  fallback: _fallback,
  onIndexChange: _onIndexChange,
  copy: copyOverride,
  className,
  ...props
}: BannerCarouselProps & { slide: Banner; total: number }) {
  const t = { ...bannerCarouselCopy, ...copyOverride };
  return (
    <section
      data-slot="banner-carousel"
      data-state="paused"
      aria-roledescription="carousel"
      aria-label={t.label}
      className={cn('relative overflow-hidden', className)}
      {...props}
    >
      <div data-slot="banner-carousel-viewport" className="h-full overflow-hidden">
        <div data-slot="banner-carousel-track" className="flex h-full">
          <BannerSlide banner={slide} index={0} total={total} active label={t.slide} />
        </div>
      </div>
    </section>
  );
}
