import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge that also knows the design system's own animations (`--animate-*` in
 * `styles/theme.css`), so that `animate-none` replaces `animate-fade-in`. Every other token there
 * (colours, radii, shadows) uses a name tailwind-merge already understands.
 */
const twMerge = extendTailwindMerge({
  extend: { theme: { animate: ['fade-in', 'pop-in', 'slide-down', 'slide-up'] } },
});

/** Join class names (clsx) and let a later Tailwind class win over an earlier one of the same group. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
