import { type ApiClient, type ApiNotification, createApiClient } from '@consign/api-client';
import { tokenStorage } from '@consign/shell';
import { toast } from '@consign/ui';

/** The signing secret the server shares (an integrity check, not a credential: see the api-client README). */
export const API_SIGN_SECRET: string = import.meta.env.VITE_API_SIGN_SECRET ?? 'consign-dev-secret';

/** The current path and query: the `redirect` / `error_page` value of the session pages. */
export function currentPathAndQuery(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * The one API client of the app, wired to the token storage and a navigation (docs/design.md#api-contract):
 * 401 drops the token and goes to the login page with a way back, 403 to /403, 500 to /500 with the
 * failed page, and notifications go to sonner. `navigate` is the router's (replacing the current
 * history entry).
 */
export function createAppApiClient(navigate: (href: string) => void): ApiClient {
  return createApiClient({
    secret: API_SIGN_SECRET,
    getToken: () => tokenStorage.get(),
    validateResponses: import.meta.env.DEV,
    onUnauthorized: () => {
      tokenStorage.clear();
      // A public call failed on the login page itself: stay, and keep its redirect.
      if (window.location.pathname === '/login') return;
      navigate(`/login?redirect=${encodeURIComponent(currentPathAndQuery())}`);
    },
    onForbidden: () => navigate('/403'),
    onServerError: () => {
      if (window.location.pathname === '/500') return;
      navigate(`/500?error_page=${encodeURIComponent(currentPathAndQuery())}`);
    },
    notify: showNotification,
  });
}

/** A toast through the ui's facade: sonner and its Toaster load with the first one. */
function showNotification({ kind, title, description }: ApiNotification): void {
  toast[kind](title, description === undefined ? undefined : { description });
}
