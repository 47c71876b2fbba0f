import useEmblaCarousel from 'embla-carousel-react';
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

/** Banner slideshow on embla: autoplay that pauses on hover and focus, dots, swipe and arrow keys. */
export function BannerCarousel({
  banners,
  interval = 5000,
  autoplay = true,
  fallback,
  onIndexChange,
  copy: copyOverride,
  className,
  onKeyDown,
  ...props
}: BannerCarouselProps) {
  const t = { ...bannerCarouselCopy, ...copyOverride };
  const count = banners.length;
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, api] = useEmblaCarousel({ loop: count > 1, watchDrag: count > 1, duration: 25 });
  const [selected, setSelected] = React.useState(0);
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  // Stopped by the user with the pause button (WCAG 2.2.2): stays stopped until they press play.
  const [stopped, setStopped] = React.useState(false);
  const onIndexChangeRef = React.useRef(onIndexChange);
  onIndexChangeRef.current = onIndexChange;

  React.useEffect(() => {
    if (!api) return;
    const onSelect = () => {
      const index = api.selectedScrollSnap();
      setSelected(index);
      onIndexChangeRef.current?.(index);
    };
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  const canPlay = autoplay && count > 1 && !reducedMotion;
  const playing = canPlay && !stopped && !hovered && !focused;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` restarts the wait after every change of slide.
  React.useEffect(() => {
    if (!api || !playing) return;
    // Restarted after every change of slide, so a manual move gets a full interval too.
    const timer = setTimeout(() => api.scrollNext(), interval);
    return () => clearTimeout(timer);
  }, [api, playing, interval, selected]);

  const goTo = (index: number) => api?.scrollTo(index, reducedMotion);

  if (count === 0) {
    return (
      <section
        data-slot="banner-carousel"
        data-state="empty"
        aria-label={t.label}
        className={cn('relative overflow-hidden', className)}
        {...props}
      >
        {fallback ?? <DefaultFallback />}
      </section>
    );
  }

  return (
    // The carousel takes focus so that arrow keys move it.
    <section
      data-slot="banner-carousel"
      data-state={playing ? 'playing' : 'paused'}
      aria-roledescription="carousel"
      aria-label={t.label}
      tabIndex={count > 1 ? 0 : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || count < 2) return;
        if (event.key === 'ArrowLeft') {
          event.preventDefault();
          goTo((selected - 1 + count) % count);
        } else if (event.key === 'ArrowRight') {
          event.preventDefault();
          goTo((selected + 1) % count);
        }
      }}
      className={cn(
        'relative overflow-hidden outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        className,
      )}
      {...props}
    >
      <div data-slot="banner-carousel-viewport" ref={viewportRef} className="h-full overflow-hidden">
        <div
          data-slot="banner-carousel-track"
          aria-live={playing ? 'off' : 'polite'}
          className={cn('flex h-full touch-pan-y', reducedMotion && 'transition-none')}
        >
          {banners.map((banner, index) => {
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
            const active = index === selected;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a fieldset.
              <div
                key={banner.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t.slide(index + 1, count)}
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
          })}
        </div>
      </div>
      {count > 1 && (
        <div
          data-slot="banner-carousel-dots"
          className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-1"
        >
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              data-slot="banner-carousel-dot"
              data-state={index === selected ? 'active' : 'inactive'}
              aria-label={t.dot(index + 1)}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
              className="group inline-flex h-6 min-w-6 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'h-2 rounded-full shadow-sm transition-all',
                  index === selected ? 'w-6 bg-white' : 'w-2 bg-white/60 group-hover:bg-white',
                )}
              />
            </button>
          ))}
          {canPlay && (
            <button
              type="button"
              data-slot="banner-carousel-pause"
              aria-label={stopped ? t.play : t.pause}
              aria-pressed={stopped}
              onClick={() => setStopped(!stopped)}
              className="ml-1 inline-flex size-6 items-center justify-center rounded-full text-white/80 outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-white"
            >
              <svg viewBox="0 0 24 24" width="12" height="12" fill="currentColor" aria-hidden="true">
                {stopped ? <path d="M7 4v16l13-8z" /> : <path d="M6 4h4v16H6zM14 4h4v16h-4z" />}
              </svg>
            </button>
          )}
        </div>
      )}
    </section>
  );
}
