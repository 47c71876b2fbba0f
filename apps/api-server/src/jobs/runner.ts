import type { Logger } from '../log';

/** One unit of claimed work: runs it to the end (its own errors are its own to record). */
export type Job = () => Promise<void>;

/**
 * A kind of background work (exports, copies, shop syncs, writebacks, notifications...). The runner
 * knows nothing of what a kind does: it asks `claim()` for the next unit whenever the kind has room,
 * and runs it. `claim` must take the unit atomically in the database (`FOR UPDATE SKIP LOCKED`, a
 * lease, or the turns rule: jobs/queue.ts), so that instances sharing a Postgres never run one
 * unit twice.
 */
export interface JobKind {
  /** Its name, for the log and `wake(name)`. */
  readonly name: string;
  /** Units of this kind running at once in this process. */
  readonly concurrency: number;
  /**
   * While nothing is claimable, how often to look again (work queued by another instance, or work
   * that becomes due with time, such as a shop's next sync).
   */
  readonly pollMs: number;
  /** The next unit, or undefined when none is due. */
  claim(): Promise<Job | undefined>;
  /**
   * Optional: true when the last claim took the last due unit (a kind that claims in batches knows it
   * by a short batch). The runner then claims no more until a `wake` or the next poll, instead of a
   * look that finds nothing after each claim and each unit's end (on PGlite's one connection those
   * empty looks queued before the work).
   */
  drained?(): boolean;
  /**
   * Optional: called by `JobRunner.stop()` before it waits for the running units, so that a long unit
   * can end early (an export fails as interrupted rather than writing on for minutes).
   */
  stop?(): void;
}

interface KindState {
  kind: JobKind;
  running: number;
  claiming: boolean;
  /** The claims in progress (awaited by stop, so no unit starts against a closed database). */
  claims: Promise<void> | null;
  /** A wake arrived while claiming: look again once the claim is done. */
  again: boolean;
  timer: NodeJS.Timeout | null;
  active: Set<Promise<void>>;
}

/**
 * The one runner of every background job kind in the server: each registered kind is filled up to its
 * concurrency whenever it has room (at start, after each unit, on `wake`, and every `pollMs` while
 * idle). One loop for all, so a newcomer finds scheduling, concurrency, errors and shutdown here, and
 * each kind's file holds only what its work is.
 */
export class JobRunner {
  readonly #kinds = new Map<string, KindState>();
  #stopped = true;

  constructor(private readonly log: Logger) {}

  register(kind: JobKind): this {
    if (this.#kinds.has(kind.name)) throw new Error(`job kind ${kind.name} registered twice`);
    this.#kinds.set(kind.name, {
      kind,
      running: 0,
      claiming: false,
      claims: null,
      again: false,
      timer: null,
      active: new Set(),
    });
    if (!this.#stopped) this.#fill(kind.name);
    return this;
  }

  start() {
    this.#stopped = false;
    for (const name of this.#kinds.keys()) this.#fill(name);
  }

  /** Looks for work of `name` now (a unit was just queued or became due). */
  wake(name: string) {
    if (!this.#stopped && this.#kinds.has(name)) this.#fill(name);
  }

  /** Claims nothing more and waits for the running units to finish. */
  async stop() {
    this.#stopped = true;
    for (const state of this.#kinds.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      state.kind.stop?.();
    }
    // A claim in progress may still hand over a unit (taken in the database): it runs, then all end.
    await Promise.allSettled([...this.#kinds.values()].map((state) => state.claims));
    await Promise.allSettled([...this.#kinds.values()].flatMap((state) => [...state.active]));
  }

  #fill(name: string) {
    const state = this.#kinds.get(name);
    if (!state || this.#stopped) return;
    if (state.claiming) {
      state.again = true;
      return;
    }
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    state.claiming = true;
    state.claims = this.#claimUntilFull(state).finally(() => {
      state.claiming = false;
      state.claims = null;
      if (state.again) {
        state.again = false;
        this.#fill(name);
      } else if (!this.#stopped && state.running < state.kind.concurrency) {
        state.timer = setTimeout(() => this.#fill(name), state.kind.pollMs);
        state.timer.unref?.();
      }
    });
  }

  /** A unit ended and its kind has nothing due: the poll looks again (a wake sooner). */
  #idle(state: KindState) {
    if (this.#stopped || state.claiming || state.timer) return;
    state.timer = setTimeout(() => this.#fill(state.kind.name), state.kind.pollMs);
    state.timer.unref?.();
  }

  async #claimUntilFull(state: KindState) {
    const { kind } = state;
    while (!this.#stopped && state.running < kind.concurrency) {
      let job: Job | undefined;
      try {
        job = await kind.claim();
      } catch (error) {
        this.log.error('job claim failed', { kind: kind.name, error: String(error) });
        return;
      }
      if (!job) return;
      // Taken in the database: it runs even when stop() came meanwhile (stop waits for it).
      state.running += 1;
      const run = job()
        .catch((error: unknown) => this.log.error('job failed', { kind: kind.name, error: String(error) }))
        .finally(() => {
          state.running -= 1;
          state.active.delete(run);
          if (kind.drained?.()) this.#idle(state);
          else this.#fill(kind.name);
        });
      state.active.add(run);
      if (kind.drained?.()) return;
    }
  }
}
