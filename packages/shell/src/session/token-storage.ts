import { browserStorage } from '../store/shell-store';

/** localStorage key of the access token (docs/product.md#entities). */
export const ACCESS_TOKEN_KEY = 'mmtAccessToken';

/**
 * The access token in localStorage `mmtAccessToken`. Every method is safe without a window or with a
 * storage that throws (private mode): it then behaves as if no token were stored.
 */
export const tokenStorage = {
  get(): string | null {
    try {
      return browserStorage()?.getItem(ACCESS_TOKEN_KEY) || null;
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      browserStorage()?.setItem(ACCESS_TOKEN_KEY, token);
    } catch {
      // Nothing to do: the session lasts as long as the page.
    }
  },
  clear(): void {
    try {
      browserStorage()?.removeItem(ACCESS_TOKEN_KEY);
    } catch {
      // Same as above.
    }
  },
};
