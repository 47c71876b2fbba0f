import { captchaFromAppId, devCaptcha } from '@consign/shell';
import { lazy, Suspense } from 'react';

/**
 * The captcha before an SMS code is sent: Tencent's when `VITE_CAPTCHA_APP_ID` is set at build time
 * (its script loads only when someone asks for a code), else the dev captcha (no third party).
 */
export const captcha = captchaFromAppId(import.meta.env.VITE_CAPTCHA_APP_ID, devCaptcha);

// sonner's Toaster is not needed to paint: it loads beside the first render (toasts come later).
const Toaster = lazy(() => import('@consign/ui/components/toaster').then((m) => ({ default: m.Toaster })));

/** The page's one `<Toaster />`, loaded after the first paint. */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
