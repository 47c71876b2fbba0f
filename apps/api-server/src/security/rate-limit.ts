/**
 * A sliding-window counter per key (e.g. SMS codes per client IP): at most `limit` hits per
 * `windowMs`. In memory, bounded by `maxKeys` (the stalest keys are dropped first); one process only,
 * like the nonce store.
 */
export class SlidingWindowLimiter {
  readonly #hits = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Whether one more hit is allowed now (does not record it). */
  allowed(key: string): boolean {
    return this.recent(key).length < this.limit;
  }

  /** Records one hit. */
  hit(key: string) {
    const list = this.recent(key);
    list.push(this.now());
    this.#hits.delete(key);
    this.#hits.set(key, list);
    while (this.#hits.size > this.maxKeys) {
      const oldest = this.#hits.keys().next().value;
      if (oldest === undefined) break;
      this.#hits.delete(oldest);
    }
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.#hits.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.#hits.delete(key);
    return list;
  }
}
