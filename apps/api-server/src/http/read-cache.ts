/**
 * A micro-cache of serialised answers of read-only calls (list pages, details, the public config),
 * keyed by path and validated input. The data is company-wide (every signed-in user sees the same
 * lists), so one entry serves all users; auth, role checks and validation still run on every call.
 *
 * Freshness: every write on this instance (and every copy-worker step) bumps a generation that
 * invalidates all entries at once, so a client always reads its own writes. Entries also expire after
 * `ttlMs` (default 2 s), which bounds how stale a read can be after a write on another instance that
 * shares the same Postgres. Bounded to `maxEntries` (oldest dropped first).
 */
export class ReadCache {
  readonly #entries = new Map<string, { body: Buffer; until: number; generation: number }>();
  #generation = 0;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 2000,
    private readonly maxEntries = 2000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The current generation: capture it before reading, store with it after. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.#generation || entry.until <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(key: string, body: Buffer, generation: number) {
    if (!this.enabled || generation !== this.#generation) return;
    this.#entries.delete(key);
    this.#entries.set(key, { body, until: this.now() + this.ttlMs, generation });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** Something changed: drop everything. */
  invalidate() {
    this.#generation++;
    this.#entries.clear();
  }
}

/**
 * Exact totals of list filters (the `count(*)` half of a page), kept until the next write: an entry
 * is valid only while the data generation (`ReadCache.generation`, bumped by every write call and
 * every copy-worker step, whether or not the read cache is on) is the one it was counted in. Only
 * for PGlite, where this process is the only writer; with a shared Postgres other instances write
 * too, so the server does not create one (see server.ts).
 */
export class TotalsCache {
  readonly #entries = new Map<string, { total: number; generation: number }>();

  constructor(
    private readonly generation: () => number,
    private readonly maxEntries = 2000,
  ) {}

  /** The current generation: capture it before counting, store with it after. */
  get current(): number {
    return this.generation();
  }

  get(key: string): number | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.total;
  }

  set(key: string, total: number, generation: number) {
    if (generation !== this.generation()) return; // something was written while counting
    this.#entries.delete(key);
    this.#entries.set(key, { total, generation });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}
