import { ApiError, HttpError } from '@consign/api-client';

/** The server's own message of a refused call (409 naming the order's state, 422, 400), else its text. */
export function problemMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const msg = (error.data as { msg?: unknown } | null | undefined)?.msg;
    return typeof msg === 'string' && msg !== '' ? msg : error.statusText;
  }
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return String(error);
}
