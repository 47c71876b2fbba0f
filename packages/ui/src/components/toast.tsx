import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toast as SonnerToast } from './toaster';

type ToastOptions = Parameters<typeof SonnerToast.success>[1];
type Sonner = typeof import('./toaster');

let loading: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** sonner and our `<Toaster />`, imported on the first toast: no page paints with them (~10 KB gzip). */
function load(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import('./toaster').catch((error: unknown) => {
    loading = undefined; // a failed chunk load (offline) may be retried by the next toast
    throw error;
  });
  return loading;
}

/** sonner's chunk did not load (offline): the toast is lost, the page goes on; the next one retries. */
function ignoreOffline(): void {}

const show =
  (kind: 'success' | 'info' | 'warning' | 'error') =>
  (message: string, options?: ToastOptions): void => {
    load().then((m) => m.toast[kind](message, options), ignoreOffline);
  };

/**
 * The product's toasts: `toast.success / info / warning / error(message, { description })` from
 * anywhere, as with sonner, but sonner loads on the first one; `<ToastHost />` (mounted once near the
 * root) then mounts the `<Toaster />`, which shows the toasts asked for meanwhile (sonner replays them
 * when it subscribes).
 */
export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  /** Closes every toast (nothing to do before the first one). */
  dismiss(): void {
    loading?.then((m) => m.toast.dismiss(), ignoreOffline);
  },
};

const LazyToaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the toasts appear: renders nothing until the first `toast(...)`, then the `<Toaster />`. */
export function ToastHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
