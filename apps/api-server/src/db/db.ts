import { createHash } from 'node:crypto';

/**
 * The one storage interface of the server. Two implementations run the same SQL:
 * PGlite (embedded Postgres compiled to WebAssembly, the default) through its own `query()`, and a
 * real Postgres through `pg` (when `DATABASE_URL` is set) with named prepared statements. Both are
 * imported lazily so that a start only loads the one in use.
 *
 * Rules for callers: parameterised SQL only (`$1`, `$2` ...), never string concatenation of values.
 * `bigint` columns come back as JS numbers (ids, unix seconds and fen all stay far below 2^53).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /** Default true: run again after a deadlock or serialization failure (Postgres). */
  retry?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Connections to the database: 1 for PGlite, the pool's size (`PG_POOL_MAX`, 10) for Postgres. */
  readonly connections: number;
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. On Postgres a
   * transaction (or a statement of `query`) that a deadlock or a serialization failure rolled back runs
   * again (`retryingConflicts`), so `fn` must do database work only; `{ retry: false }` runs it once
   * (the operation log's transaction around a whole route, which cannot run twice).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * `LISTEN channel`: `onPayload` gets the payload of each `pg_notify(channel, payload)` once the
   * transaction that sent it committed (a rolled-back one sends nothing; Postgres delivers identical
   * payloads of one transaction once). PGlite: in this process; Postgres: from every instance, over
   * one dedicated connection per call, connected again after a loss. Resolves once listening, to the
   * function that stops; `close()` stops every listener.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Flushes and closes the database. Idempotent. */
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** A directory for PGlite's files, or `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** `postgres://...`: use a real Postgres instead of PGlite. */
  databaseUrl?: string;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://');
}

/**
 * Lets the event loop turn (I/O, timers) before the next PGlite statement. PGlite runs a statement
 * synchronously on this thread and hands the result on in a microtask, so a request whose queries
 * follow one another held the thread from its first query to its answer, and every connection with a
 * request ready was served so, one after the other, before the loop turned: under 200 clients
 * `/healthz` and new connections waited 7-14 s, and no two API calls were ever in flight at once
 * (so their bound could not act). Yielding before each statement outside a transaction (a
 * transaction holds the one connection: its statements run on) costs a few microseconds.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function openPglite(dataDir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const toNumber = (value: string) => Number(value);
  const pg = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  });
  let closed = false;
  return {
    kind: 'pglite',
    async listen(channel: string, onPayload: (payload: string) => void) {
      return pg.listen(listenChannel(channel), onPayload);
    },
    connections: 1,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      await turn();
      return (await pg.query<T>(sql, params as unknown[])).rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      await turn();
      return pg.transaction((tx) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<R>(sql, params as unknown[])).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}

/**
 * A named prepared statement for `pg`: Postgres parses and plans a SQL text once per connection and
 * then only binds and executes it. The name is derived from the text, so one text always has one name.
 * Every SQL text is built in code from a finite set of fragments (values are always parameters), so
 * the names, and the statements each connection keeps, stay few.
 */
const statementNames = new Map<string, string>();
function prepared(text: string, params: readonly unknown[]) {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values: params as unknown[] };
}

async function openPostgres(databaseUrl: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const parseNumber = (value: string) => Number(value);
  const connections = Number(process.env.PG_POOL_MAX ?? 10);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: connections,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? parseNumber
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client dropped by the server (restart, failover) must not crash the process: the pool
  // replaces it on the next checkout.
  pool.on('error', (error) => {
    process.stderr.write(
      `${JSON.stringify({ level: 'warn', msg: 'postgres idle client error', error: error.message })}\n`,
    );
  });
  // Fail fast on a wrong URL instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    async listen(channel: string, onPayload: (payload: string) => void) {
      const stop = await listenOnPostgres(pg, databaseUrl, listenChannel(channel), onPayload);
      const remove = async () => {
        listeners.delete(remove);
        await stop();
      };
      listeners.add(remove);
      return remove;
    },
    connections,
    query<T>(sql: string, params: readonly unknown[] = []) {
      // A statement outside a transaction rolled back whole when it failed: it may simply run again.
      return retryingConflicts(async () => (await pool.query(prepared(sql, params))).rows as T[]);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}) {
      const once = async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const value = await fn({
            async query<R>(sql: string, params: readonly unknown[] = []) {
              const result = await client.query(prepared(sql, params));
              return result.rows as R[];
            },
            async exec(sql: string) {
              await client.query(sql);
            },
          });
          await client.query('COMMIT');
          return value;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      };
      return options.retry === false ? once() : retryingConflicts(once);
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** A channel name is an identifier (LISTEN takes no parameter): lower-case letters and `_` only. */
function listenChannel(channel: string): string {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** How long a lost LISTEN connection waits before it connects again. */
const RELISTEN_MS = 1000;

/**
 * One connection outside the pool that LISTENs (a pooled one would be handed to queries). Lost (a
 * restart, a failover), it connects again after {@link RELISTEN_MS}; what was sent meanwhile is
 * missed, which the live pages survive (they read again on their next event or visit).
 */
async function listenOnPostgres(
  pg: typeof import('pg').default,
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(false), RELISTEN_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      if (first) {
        stopped = true;
        client = null;
        await next.end().catch(() => {});
        throw error;
      }
      lost();
    }
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

function sqlState(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** PostgreSQL's foreign_key_violation (a row refers to one deleted meanwhile, or the reverse). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/**
 * PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back because of
 * another one, and running it again is the documented answer.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  const code = sqlState(error);
  return code === '40P01' || code === '40001';
}

/** How many times a statement or transaction runs when it keeps failing by {@link isConcurrencyFailure}. */
export const CONFLICT_ATTEMPTS = 4;

/**
 * Runs `attempt` again (after a short random pause, so the two sides do not meet again at once) when it
 * failed by {@link isConcurrencyFailure}, up to {@link CONFLICT_ATTEMPTS} runs in all. Only for work that
 * lives in the database alone (a statement, a transaction), which the failure rolled back.
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      if (run >= CONFLICT_ATTEMPTS || !isConcurrencyFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * run));
    }
  }
}
