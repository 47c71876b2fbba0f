import { useSyncExternalStore } from 'react';

/** Below this window width (px) the layout is the mobile one: the sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT = 768;
/** The window is narrower than `MOBILE_BREAKPOINT` (767.98px, so that 767.5px is mobile too). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** Whether a media query matches, kept in step with the window; false without a window (SSR). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True in a window narrower than `MOBILE_BREAKPOINT`. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
