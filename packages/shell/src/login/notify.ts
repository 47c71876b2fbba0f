import type { toast as Toast } from '@consign/ui/components/toaster';

type ToastOptions = Parameters<typeof Toast.success>[1];

let loading: Promise<typeof Toast> | undefined;

/** sonner, imported on the first toast: the login screen paints without it (~9 KB gzip). */
function loadToast(): Promise<typeof Toast> {
  loading ??= import('@consign/ui/components/toaster').then(
    (m) => m.toast,
    (error: unknown) => {
      loading = undefined; // a failed chunk load (offline) may be retried by the next toast
      throw error;
    },
  );
  return loading;
}

/**
 * The login screen's toasts. Same calls as sonner's `toast.success` / `toast.warning`, but sonner
 * loads on the first one instead of before the first paint. The app's `<Toaster />` shows them.
 */
export const notify = {
  success(message: string, options?: ToastOptions): void {
    loadToast().then((toast) => toast.success(message, options), ignoreOffline);
  },
  warning(message: string, options?: ToastOptions): void {
    loadToast().then((toast) => toast.warning(message, options), ignoreOffline);
  },
};

/** sonner's chunk did not load (offline): the toast is lost, the form goes on; the next one retries. */
function ignoreOffline(): void {}
