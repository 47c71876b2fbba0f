import { createHash } from 'node:crypto';
import {
  type ApiPath,
  apiRoutes,
  idempotencyKeySchema,
  type RouteContract,
} from '@consign/api-client/contract';
import { createMiddleware } from 'hono/factory';
import type { Queryable } from '../db/db';
import type { ApiEnv } from '../env';
import { fail } from '../http/respond';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'idempotency_key 格式不正确（16 到 64 位字母、数字、- 或 _）',
  otherRequest: '该 idempotency_key 已用于另一个请求',
  stillRunning: '相同的请求仍在处理中，请稍后刷新查看结果',
} as const;

/** How long a create's first answer is kept for its repeats. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A key whose first request has not answered after this long (it crashed) is taken by the next. */
const ABANDONED_SECONDS = 60;
/** How long a repeat waits for the first request's answer. */
const WAIT_MS = 10_000;

/** The fields of the call but the signing fields and the key, in one spelling (sorted keys). */
function bodyHash(fields: Record<string, unknown>): string {
  const { nonce: _nonce, ts: _ts, idempotency_key: _key, ...rest } = fields;
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object' && !(value instanceof Blob)) {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value instanceof Blob ? `blob:${value.size}` : value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(rest)))
    .digest('hex');
}

/**
 * Idempotent creates (docs/design.md#idempotent-creates): a call marked `create` in the contract
 * that carries an `idempotency_key` (a signed body field) is answered once per signed-in user and
 * key. The first takes the key in `idempotent_requests` and runs; its 200 answer (a success or a
 * refusal) is kept for {@link IDEMPOTENCY_TTL_SECONDS} and a repeat, whatever its nonce, gets that
 * answer as it was, without running again (and without a second log entry: this runs before
 * `audit`). A repeat while the first runs waits for its answer. Any other answer (bad input, 409,
 * 429, 5xx) frees the key, so a retry runs anew. The same key with another body or path is a 422.
 * A call without a key runs as before.
 */
export function idempotency({ db, now }: { db: Queryable; now: () => number }) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const path = c.req.path as ApiPath;
    const auth = c.get('auth');
    const contract: RouteContract | undefined = apiRoutes[path];
    if (!contract?.create || !auth) return next();
    const fields = c.get('fields');
    if (fields.idempotency_key === undefined) return next();
    const parsed = idempotencyKeySchema.safeParse(fields.idempotency_key);
    if (!parsed.success) return fail(c, 422, IDEMPOTENCY_MESSAGES.badKey);
    const key = parsed.data;
    const hash = bodyHash(fields);
    const nowS = Math.floor(now() / 1000);
    const taken = await db.query(
      `INSERT INTO idempotent_requests (user_id, key, path, body_hash, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, key) DO UPDATE SET path = EXCLUDED.path, body_hash = EXCLUDED.body_hash,
         created_at = EXCLUDED.created_at, status = NULL, answer = NULL
       WHERE (idempotent_requests.answer IS NULL AND idempotent_requests.created_at <= $5::bigint - ${ABANDONED_SECONDS})
          OR idempotent_requests.created_at <= $5::bigint - ${IDEMPOTENCY_TTL_SECONDS}
       RETURNING 1`,
      [auth.userId, key, path, hash, nowS],
    );
    if (taken.length === 0) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const [first] = await db.query<{
          path: string;
          body_hash: string;
          status: number | null;
          answer: string | null;
        }>(
          'SELECT path, body_hash, status, answer FROM idempotent_requests WHERE user_id = $1 AND key = $2',
          [auth.userId, key],
        );
        if (!first) break; // the first failed and freed the key: this one runs
        if (first.path !== path || first.body_hash !== hash) {
          return fail(c, 422, IDEMPOTENCY_MESSAGES.otherRequest);
        }
        if (first.answer !== null) {
          return new Response(first.answer, {
            status: first.status ?? 200,
            headers: { 'content-type': 'application/json; charset=UTF-8', 'idempotent-replay': 'true' },
          });
        }
        if (Date.now() > deadline) return fail(c, 409, IDEMPOTENCY_MESSAGES.stillRunning);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return next();
    }
    let kept = false;
    try {
      await next();
      const type = c.res.headers.get('content-type') ?? '';
      if (c.res.status === 200 && type.startsWith('application/json')) {
        const answer = await c.res.clone().text();
        await db.query(
          'UPDATE idempotent_requests SET status = $3, answer = $4 WHERE user_id = $1 AND key = $2',
          [auth.userId, key, c.res.status, answer],
        );
        kept = true;
      }
    } finally {
      if (!kept) {
        await db.query('DELETE FROM idempotent_requests WHERE user_id = $1 AND key = $2 AND answer IS NULL', [
          auth.userId,
          key,
        ]);
      }
    }
  });
}

/** Deletes the answers older than {@link IDEMPOTENCY_TTL_SECONDS} (the sweep). */
export async function pruneIdempotentRequests(db: Queryable, nowS: number): Promise<void> {
  await db.query('DELETE FROM idempotent_requests WHERE created_at <= $1', [nowS - IDEMPOTENCY_TTL_SECONDS]);
}
