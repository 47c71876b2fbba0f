import { type ApiPath, apiRoutes, errorEnvelope, okEnvelope } from '@consign/api-client/contract';
import { vi } from 'vitest';
import type * as z from 'zod';

/**
 * The API as the component tests see it: `window.fetch` answered here, through the contract
 * (`apiRoutes`). Every request's body is read with its path's body schema, as the server does (a
 * body the contract refuses is a problem of the test), and every answer is checked with the path's
 * data schema before it is sent (a fixture the contract refuses is a problem too), so a test can
 * neither send nor receive what the real server would not. A path without a handler is a problem.
 * `problems` must be empty at the end of each test (`renderInApp` checks it).
 */

type Route<P extends ApiPath> = (typeof apiRoutes)[P];
/** A request's body as the server reads it (the contract's body schema, signing fields left out). */
export type SentBody<P extends ApiPath> = z.output<Route<P>['body']>;
/** What a handler answers: the data as it travels (the input of the contract's data schema). */
export type Answer<P extends ApiPath> = z.input<Route<P>['data']>;

/** A refusal of the server: an HTTP status and the envelope's message (409 naming the state, 422...). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly msg: string,
  ) {}
}

export type Handler<P extends ApiPath> = (
  body: SentBody<P>,
) => Answer<P> | Refusal | Promise<Answer<P> | Refusal>;
export type Handlers = { [P in ApiPath]?: Handler<P> };

/** The fields the client adds to every body to sign it (api-client/src/client.ts). */
const SIGNING_FIELDS = ['nonce', 'ts', 'idempotency_key'];

export interface FakeServer {
  /** The bodies sent to `path`, oldest first (as the server read them). */
  calls<P extends ApiPath>(path: P): SentBody<P>[];
  /** Answers `path` with `handler` from now on. */
  on<P extends ApiPath>(path: P, handler: Handler<P>): void;
  /** What went wrong on the wire: a body or an answer the contract refuses, a path nobody answers. */
  readonly problems: string[];
}

function isApiPath(path: string): path is ApiPath {
  return Object.hasOwn(apiRoutes, path);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let current: FakeServer | null = null;

/** The problems of the test's fake server, then forgotten (setup.ts checks them after each test). */
export function fakeServerProblems(): string[] {
  const problems = current?.problems ?? [];
  current = null;
  return [...problems];
}

/** Replaces `window.fetch` (restored by `vi.restoreAllMocks`, after each test). */
export function startFakeServer(handlers: Handlers): FakeServer {
  const table = new Map<ApiPath, Handler<ApiPath>>(Object.entries(handlers) as [ApiPath, Handler<ApiPath>][]);
  const sent = new Map<ApiPath, unknown[]>();
  const problems: string[] = [];
  const answer = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (request.method !== 'POST' || !isApiPath(path)) {
      problems.push(`${request.method} ${path}: not a path of the contract`);
      return json(404, errorEnvelope('not found'));
    }
    const handler = table.get(path);
    if (!handler) {
      problems.push(`${path}: no handler in this test`);
      return json(404, errorEnvelope('not found'));
    }
    const raw = JSON.parse((await request.text()) || '{}') as Record<string, unknown>;
    for (const field of SIGNING_FIELDS) delete raw[field];
    const body = apiRoutes[path].body.safeParse(raw);
    if (!body.success) {
      problems.push(`${path}: the contract refuses the body ${JSON.stringify(raw)}: ${body.error.message}`);
      return json(400, errorEnvelope('bad body'));
    }
    sent.set(path, [...(sent.get(path) ?? []), body.data]);
    const result = await handler(body.data as never);
    if (result instanceof Refusal) return json(result.status, errorEnvelope(result.msg));
    const checked = (apiRoutes[path].data as z.ZodType).safeParse(result);
    if (!checked.success) {
      problems.push(`${path}: the contract refuses the fixture answered: ${checked.error.message}`);
      return json(500, errorEnvelope('bad fixture'));
    }
    return json(200, okEnvelope(result));
  };
  vi.spyOn(window, 'fetch').mockImplementation(answer);
  current = {
    calls: <P extends ApiPath>(path: P) => (sent.get(path) ?? []) as SentBody<P>[],
    on: <P extends ApiPath>(path: P, handler: Handler<P>) => {
      table.set(path, handler as unknown as Handler<ApiPath>);
    },
    problems,
  };
  return current;
}
