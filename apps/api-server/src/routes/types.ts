import type { ApiPath, apiRoutes, CurrentUser } from '@consign/api-client';
import type { z } from 'zod';
import type { Db } from '../db/db';
import type { TotalsCache } from '../http/read-cache';
import type { Logger } from '../log';
import type { TokenStore } from '../security/tokens';
import type { CaptchaProvider } from '../sms/providers';
import type { SmsService } from '../sms/sms-service';

type RouteOf<P extends ApiPath> = (typeof apiRoutes)[P];
type QueryOf<P extends ApiPath> =
  RouteOf<P> extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;

export interface HandlerContext<P extends ApiPath> {
  body: z.output<RouteOf<P>['body']>;
  query: QueryOf<P>;
  /** The signed-in user: always set for calls with `auth: true`, possibly null for public ones. */
  user: CurrentUser | null;
  token: string | null;
  ip: string;
}

export type Handler<P extends ApiPath> = (ctx: HandlerContext<P>) => Promise<z.output<RouteOf<P>['data']>>;
export type Handlers = { [P in ApiPath]: Handler<P> };

export interface Deps {
  db: Db;
  tokens: TokenStore;
  sms: SmsService;
  captcha: CaptchaProvider;
  now: () => number;
  log: Logger;
  /** Wakes the copy worker after new jobs were queued. */
  wakeCopyWorker: () => void;
  /** Exact list totals kept until the next write; null counts every time (shared Postgres). */
  totals: TotalsCache | null;
}

/** `%keyword%` for ILIKE with the wildcards of the keyword itself escaped. */
export function likePattern(keyword: string | undefined): string | null {
  if (keyword === undefined || keyword === '') return null;
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Unix-seconds bounds of inclusive `YYYY-MM-DD` days in Asia/Shanghai (UTC+8, no DST). */
export function dayStart(date: string | undefined): number | null {
  if (!date) return null;
  return Math.floor(Date.parse(`${date}T00:00:00+08:00`) / 1000);
}
export function dayEndExclusive(date: string | undefined): number | null {
  const start = dayStart(date);
  return start === null ? null : start + 86_400;
}

export function offset(pageIndex: number, pageSize: number): number {
  return (pageIndex - 1) * pageSize;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export function unix(now: () => number): number {
  return Math.floor(now() / 1000);
}
