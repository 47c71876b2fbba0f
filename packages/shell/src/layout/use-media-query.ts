import { useSyncExternalStore } from 'react';

/** Below this width (px) the sidebar becomes a drawer. */
export const NARROW_BREAKPOINT = 768;
export const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT - 1}px)`;

/** Whether a media query matches, kept in step with the window; false without a window (SSR). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** True in a window narrower than 768px. */
export function useIsNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
