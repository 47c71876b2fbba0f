import type { ApiPath, apiRoutes } from '@consign/api-client';
import type { z } from 'zod';

/** The validated body of a call, as the contract (`apiRoutes` of `@consign/api-client`) parses it. */
export type BodyOf<P extends ApiPath> = z.output<(typeof apiRoutes)[P]['body']>;

/** The validated query string of a call that reads one. */
export type QueryOf<P extends ApiPath> = (typeof apiRoutes)[P] extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : never;
