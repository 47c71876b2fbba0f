import { captchaFromAppId, devCaptcha } from '@consign/shell';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The captcha before an SMS code is sent: Tencent's when `VITE_CAPTCHA_APP_ID` is set at build time
 * (its script loads only when someone asks for a code), else the dev captcha (no third party).
 */
export const captcha = captchaFromAppId(import.meta.env.VITE_CAPTCHA_APP_ID, devCaptcha);

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
