import { type ApiPath, apiRoutes } from '@consign/api-client';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';
import type { BodyOf, QueryOf } from '../contract';
import type { ApiEnv } from '../env';
import { fail, summariseIssues } from '../http/respond';

const localeError = zhCN().localeError;

/**
 * The body of `path` checked against the contract's schema (`c.req.valid('json')` in the route); 422
 * with the issues in Chinese otherwise. It checks the fields the signature verified, whether they came
 * as JSON or as a form.
 */
export function body<P extends ApiPath>(path: P) {
  const schema = apiRoutes[path].body as unknown as z.ZodType<BodyOf<P>>;
  return validator('json', (_json, c) => {
    const fields: ApiEnv['Variables']['fields'] = c.get('fields');
    const parsed = schema.safeParse(fields, { error: localeError });
    return parsed.success ? parsed.data : fail(c, 422, summariseIssues(parsed.error.issues));
  });
}

/** The query string of `path` checked against the contract's schema (`c.req.valid('query')`). */
export function query<P extends ApiPath>(path: P) {
  const schema = (apiRoutes[path] as { query?: z.ZodType }).query as z.ZodType<QueryOf<P>>;
  return validator('query', (value, c) => {
    const parsed = schema.safeParse(value, { error: localeError });
    return parsed.success ? parsed.data : fail(c, 422, summariseIssues(parsed.error.issues));
  });
}
