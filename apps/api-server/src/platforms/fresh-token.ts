import { SupplierError } from './alibaba';
import { PlatformError } from './connector';

/**
 * Whether a shop's platform (`PlatformError`) or 1688 (`SupplierError`) answered that the access token
 * is expired or unknown: kind `token_expired`.
 */
function tokenExpired(error: unknown): boolean {
  return (error instanceof PlatformError || error instanceof SupplierError) && error.kind === 'token_expired';
}

/**
 * The one "call the platform; if the access token expired, refresh it once and call again", for shop
 * calls and 1688 calls alike (docs/api-server/platforms.md#token-refresh): runs `fn` with `token`; when
 * the platform answers the token expired, `refresh` gets a new one (the caller's refresh, which stores
 * it) and `fn` runs once more with it. A second expiry is thrown: the jobs retry it later like a busy
 * platform, a seller's request says so.
 */
export async function withFreshToken<T>(
  token: string,
  fn: (accessToken: string) => Promise<T>,
  refresh: () => Promise<string>,
): Promise<T> {
  try {
    return await fn(token);
  } catch (error) {
    if (!tokenExpired(error)) throw error;
    return fn(await refresh());
  }
}
