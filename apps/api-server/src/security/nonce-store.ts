/**
 * Remembers the nonces seen in the last `ttlMs` (10 minutes) so that a signed request cannot be
 * replayed. In memory and bounded: entries expire in insertion order (a Map keeps it, and every entry
 * lives the same time), so pruning is O(1) amortised. When `capacity` live nonces are held the store
 * refuses new ones (fail closed) instead of forgetting live ones (which would re-open replays).
 *
 * One process only: a deployment with several instances needs a shared store (e.g. Redis
 * `SET nonce 1 NX EX 600`), or a replay could hit another instance.
 */
export type NonceResult = 'fresh' | 'replayed' | 'full';

export class NonceStore {
  readonly #seen = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 10 * 60_000,
    private readonly capacity = 500_000,
  ) {}

  /** Records the nonce if it is new. */
  check(nonce: string): NonceResult {
    const now = this.now();
    this.prune(now);
    const expiry = this.#seen.get(nonce);
    if (expiry !== undefined && expiry > now) return 'replayed';
    if (this.#seen.size >= this.capacity) return 'full';
    this.#seen.delete(nonce);
    this.#seen.set(nonce, now + this.ttlMs);
    return 'fresh';
  }

  get size(): number {
    return this.#seen.size;
  }

  private prune(now: number) {
    for (const [nonce, expiry] of this.#seen) {
      if (expiry > now) break;
      this.#seen.delete(nonce);
    }
  }
}
