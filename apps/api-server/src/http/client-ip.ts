import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP: the peer address, or with `trustProxy` (`TRUST_PROXY`, only behind our own reverse
 * proxy) the first address of `X-Forwarded-For`. Used by the SMS per-IP limit and the operation log.
 */
export function clientIp(c: Context, trustProxy: boolean | undefined): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
