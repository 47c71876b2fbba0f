import useEmblaCarousel from 'embla-carousel-react';
import * as React from 'react';
import { cn } from '../lib/cn';
import {
  type BannerCarouselProps,
  BannerSlide,
  bannerCarouselCopy,
  usePrefersReducedMotion,
} from './banner-carousel';

/**
 * {@link BannerCarousel} for two banners or more, on embla: autoplay that pauses on hover and focus,
 * dots, swipe and arrow keys. `BannerCarousel` loads this module only when it has more than one banner.
 */
export default function BannerCarouselEngine({
  banners,
  interval = 5000,
  autoplay = true,
  fallback: _fallback,
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
          {banners.map((banner, index) => (
            <BannerSlide
              key={banner.id}
              banner={banner}
              index={index}
              total={count}
              active={index === selected}
              label={t.slide}
            />
          ))}
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
