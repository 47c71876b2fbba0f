import { createMiddleware } from 'hono/factory';
import { fail, MESSAGES } from '../http/respond';

export interface InFlightLimits {
  /** API calls whose handlers may run at once (`API_MAX_IN_FLIGHT`). */
  maxInFlight: number;
  /** Calls that may wait for a free place beyond those (`API_QUEUE`); 0: none wait. */
  queue: number;
  /** How long a call waits in the queue before it is answered 503. */
  queueWaitMs: number;
}

/** Seconds a refused client is asked to wait (`Retry-After`). */
export const BUSY_RETRY_AFTER_S = 1;

/** How long a queued API call waits for a place before it is answered 503 (default). */
export const DEFAULT_QUEUE_WAIT_MS = 1000;

/**
 * Calls that may wait for a place (default). A waiting call costs no CPU and a few KB; answering
 * it 503 at once instead lets a client that retries at once (a script, a load test) send the next
 * one at once: 200 such clients kept the event loop busy answering 503s and `/healthz` on a new
 * connection waited 5-11 s (bench/load.ts `crowd`, Postgres). Parked for up to a second, they do not.
 */
export const DEFAULT_API_QUEUE = 1000;

/**
 * The default bound: five times the database's connections (a handler spends much of its time in
 * node, signing, validating, encoding, while its connection could serve another), at least 8. PGlite
 * has one connection: 8. A Postgres pool of 10 (`PG_POOL_MAX`): 50. In the crowd bench on Postgres,
 * 20 left the pool idle (378 req/s against 573 without a bound), 50 did not (493 against 376).
 */
export function defaultMaxInFlight(connections: number): number {
  return Math.max(8, 5 * connections);
}

/**
 * Bounds the API calls in flight in this process. A call past `maxInFlight` waits in a FIFO queue of
 * at most `queue` calls for at most `queueWaitMs`; past that it is answered at once 503 `服务器繁忙，
 * 请稍后再试` with `Retry-After`, before anything else runs (no signature check, no query).
 *
 * Without it every call was admitted: under 200 clients each waited in the database's queue (the pg
 * pool, or PGlite, whose queued queries run one after the other without letting the event loop turn,
 * so `/healthz` and new connections waited too) and answers took tens of seconds. `/healthz`, the
 * static files and the export downloads are outside the bound.
 */
export function inFlightLimit(limits: InFlightLimits) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  /** Resolves to whether the call got a place (then it holds it). */
  const admit = (): Promise<boolean> | boolean => {
    if (running < limits.maxInFlight) {
      running++;
      return true;
    }
    if (waiting.length >= limits.queue) return false;
    return new Promise((resolve) => {
      const enter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      // A place handed over by `release` passes the running count on unchanged.
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(enter), 1);
        resolve(false);
      }, limits.queueWaitMs);
      waiting.push(enter);
    });
  };
  return createMiddleware(async (c, next) => {
    if (!(await admit())) {
      return fail(c, 503, MESSAGES.busy, { 'retry-after': String(BUSY_RETRY_AFTER_S) });
    }
    try {
      await next();
    } finally {
      release();
    }
  });
}
