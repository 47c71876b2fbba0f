import { createMiddleware } from 'hono/factory';
import type { Logger } from '../log';

/** One JSON line per request: method, path (no query string), status, ms. Never headers or bodies. */
export function requestLog(log: Logger) {
  return createMiddleware(async (c, next) => {
    if (!log.enabled('info')) return next();
    const start = performance.now();
    await next();
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    });
  });
}
