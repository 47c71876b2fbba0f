import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { fail, MESSAGES } from '../http/respond';

export const BODY_LIMITS = {
  /** Largest JSON (or urlencoded) body. */
  jsonBytes: 1024 * 1024,
  /** Largest multipart body. */
  multipartBytes: 5 * 1024 * 1024,
} as const;

const onError = (c: Context) => fail(c, 413, MESSAGES.tooLarge, { connection: 'close' });
const json = bodyLimit({ maxSize: BODY_LIMITS.jsonBytes, onError });
const multipart = bodyLimit({ maxSize: BODY_LIMITS.multipartBytes, onError });

/**
 * Hono's `bodyLimit`: 1 MB for JSON and urlencoded bodies, 5 MB for multipart ones (checked on
 * `Content-Length`, and while reading when the body is streamed without one). Answers 413.
 */
export const bodyLimits = createMiddleware((c, next) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
    ? multipart(c, next)
    : json(c, next),
);
