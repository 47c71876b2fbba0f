import type { CaptchaProvider } from '@consign/shell';
import { lazy, Suspense } from 'react';

/**
 * The captcha of `./captcha.ts`, loaded when someone first asks for a code: no page paints with it.
 * Rejections (a closed captcha is `CaptchaCancelledError`) pass through unchanged.
 */
export const captcha: CaptchaProvider = {
  verify: () => import('./captcha').then((m) => m.captcha.verify()),
};

// sonner's Toaster is not needed to paint: it loads beside the first render.
const Toaster = lazy(() => import('@consign/ui/components/toaster').then((m) => ({ default: m.Toaster })));

/** The page's one `<Toaster />`. */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
