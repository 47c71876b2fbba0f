import type { CaptchaProvider } from '@consign/shell';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The captcha of `./captcha.ts`, loaded when someone first asks for a code: no page paints with it.
 * Rejections (a closed captcha is `CaptchaCancelledError`) pass through unchanged.
 */
export const captcha: CaptchaProvider = {
  verify: () => import('./captcha').then((m) => m.captcha.verify()),
};

// sonner's Toaster is not needed to paint: it loads once the page is idle after its first paint, so
// that its request does not compete with the page's own (toasts come later).
const Toaster = lazy(() => import('@consign/ui/components/toaster').then((m) => ({ default: m.Toaster })));

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/** The page's one `<Toaster />`, mounted when the browser is first idle after the first paint. */
export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
