import { verifySignature } from '@consign/api-client';
import { signingFieldsSchema } from '@consign/api-client/contract';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../env';
import { inputProblem } from '../http/input-rules';
import { fail, MESSAGES } from '../http/respond';
import type { NonceStore } from '../security/nonce-store';

/** Largest clock difference between a request's `ts` and the server. */
export const TS_SKEW_SECONDS = 300;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Form fields as the signature sees them: single values as they are, repeated keys as arrays. */
function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    fields[key] = values.length === 1 ? values[0] : values;
  }
  return fields;
}

/** The body's fields (a JSON object, or form fields), or the error answer. */
async function readFields(c: Context<ApiEnv>): Promise<Record<string, unknown> | Response> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    try {
      return formFields(await c.req.formData());
    } catch {
      return fail(c, 400, MESSAGES.badForm);
    }
  }
  if (type !== '' && !type.startsWith('application/json')) return fail(c, 415, MESSAGES.unsupportedType);
  try {
    const parsed: unknown = await c.req.json();
    return isPlainObject(parsed) ? parsed : fail(c, 400, MESSAGES.badJson);
  } catch {
    return fail(c, 400, MESSAGES.badJson);
  }
}

/**
 * Signature and replay (docs/design.md#api-contract): `Cache-Key` must be `signPayload(fields, secret)` over
 * the received fields (files and repeated fields are not signed), `ts` within 300 s of the server
 * clock, `nonce` unseen on any instance (`NonceStore`, in the database). The nonce is recorded only after the signature verified, so forged requests
 * cannot fill the store. Leaves the fields in `fields` (`c.get`) for the validators.
 */
export function signature({
  secret,
  nonces,
  now,
}: {
  secret: string;
  nonces: NonceStore;
  now: () => number;
}) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const fields = await readFields(c);
    if (fields instanceof Response) return fields;
    const problem = inputProblem(fields) ?? inputProblem(c.req.queries());
    if (problem === 'tooDeep') return fail(c, 400, MESSAGES.tooDeep);
    if (problem) return fail(c, 422, MESSAGES[problem]);
    const cacheKey = c.req.header('cache-key');
    if (!cacheKey) return fail(c, 400, MESSAGES.missingSignature);
    if (!verifySignature(fields, secret, cacheKey)) return fail(c, 400, MESSAGES.badSignature);
    const signing = signingFieldsSchema.safeParse(fields);
    if (!signing.success) return fail(c, 400, MESSAGES.badSigningFields);
    if (Math.abs(Math.floor(now() / 1000) - signing.data.ts) > TS_SKEW_SECONDS) {
      return fail(c, 400, MESSAGES.staleTs);
    }
    if ((await nonces.check(signing.data.nonce)) === 'replayed') return fail(c, 400, MESSAGES.replayed);
    c.set('fields', fields);
    await next();
  });
}
