import { describe, expect, it } from 'vitest';
import { backoffMs } from '../src/jobs/queue';
import { type Job, type JobKind, JobRunner } from '../src/jobs/runner';
import { createLogger } from '../src/log';

/** A promise with its resolve, to hold a unit or a claim until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Resolves once `check` holds (polled; generous: the machine is shared). */
async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A kind whose units are taken from `queue` in order; each unit runs `work(unit)`. */
class ListKind implements JobKind {
  readonly name = 'list';
  readonly pollMs = 60_000;
  claims = 0;
  running = 0;
  mostRunning = 0;
  done: number[] = [];
  constructor(
    readonly concurrency: number,
    readonly queue: number[],
    private readonly work: (unit: number) => Promise<void>,
  ) {}
  async claim(): Promise<Job | undefined> {
    this.claims++;
    const unit = this.queue.shift();
    if (unit === undefined) return undefined;
    return async () => {
      this.running++;
      this.mostRunning = Math.max(this.mostRunning, this.running);
      try {
        await this.work(unit);
        this.done.push(unit);
      } finally {
        this.running--;
      }
    };
  }
}

const errors: string[] = [];
const log = createLogger('error', (line) => errors.push(line));

describe('JobRunner', () => {
  it('runs at most `concurrency` units of a kind at once, and all of them', async () => {
    const held = [gate(), gate(), gate(), gate(), gate()];
    const kind = new ListKind(2, [0, 1, 2, 3, 4], (unit) => held[unit]?.opened ?? Promise.resolve());
    const runner = new JobRunner(log).register(kind);
    runner.start();
    await until(() => kind.running === 2, 'two units running');
    // Room for none: the runner does not claim a third.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kind.running).toBe(2);
    expect(kind.queue).toEqual([2, 3, 4]);
    for (const g of held) g.open();
    await until(() => kind.done.length === 5, 'every unit');
    expect(kind.mostRunning).toBe(2);
    expect([...kind.done].sort()).toEqual([0, 1, 2, 3, 4]);
    await runner.stop();
  });

  it('a kind that says it is drained is not looked at again until woken', async () => {
    const kind = Object.assign(new ListKind(4, [1], async () => {}), {
      drained(this: ListKind) {
        return this.queue.length === 0;
      },
    });
    const runner = new JobRunner(log).register(kind);
    runner.start();
    await until(() => kind.done.length === 1, 'the unit');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One claim took the last unit: no empty look after it, nor after the unit ended.
    expect(kind.claims).toBe(1);
    kind.queue.push(2);
    runner.wake('list');
    await until(() => kind.done.length === 2, 'the woken unit');
    expect(kind.claims).toBe(2);
    await runner.stop();
  });

  it('goes on with the kind after a unit fails, and logs the failure', async () => {
    errors.length = 0;
    const kind = new ListKind(1, [1, 2, 3], async (unit) => {
      if (unit === 2) throw new Error('unit two broke');
    });
    const runner = new JobRunner(log).register(kind);
    runner.start();
    await until(() => kind.done.length === 2, 'the other units');
    expect(kind.done).toEqual([1, 3]);
    expect(errors.some((line) => line.includes('unit two broke') && line.includes('"kind":"list"'))).toBe(
      true,
    );
    await runner.stop();
  });

  it('a claim that throws is logged and the kind is asked again on wake', async () => {
    errors.length = 0;
    let broken = true;
    const kind = new ListKind(1, [7], async () => {});
    const claim = kind.claim.bind(kind);
    kind.claim = async () => {
      if (broken) throw new Error('database away');
      return claim();
    };
    const runner = new JobRunner(log).register(kind);
    runner.start();
    await until(() => errors.some((line) => line.includes('database away')), 'the logged claim failure');
    broken = false;
    runner.wake('list');
    await until(() => kind.done.length === 1, 'the unit after the wake');
    await runner.stop();
  });

  it('a wake that arrives while a claim is in progress is not lost', async () => {
    const claiming = gate();
    let first = true;
    const kind = new ListKind(1, [], async () => {});
    const claim = kind.claim.bind(kind);
    kind.claim = async () => {
      if (first) {
        first = false;
        // The claim looked before the unit was queued, and answers "nothing" after it was.
        await claiming.opened;
        return undefined;
      }
      return claim();
    };
    const runner = new JobRunner(log).register(kind);
    runner.start();
    await until(() => !first, 'the first claim');
    kind.queue.push(42);
    runner.wake('list');
    claiming.open();
    // pollMs is a minute: only the remembered wake can run the unit now.
    await until(() => kind.done.length === 1, 'the unit queued during the claim');
    expect(kind.done).toEqual([42]);
    await runner.stop();
  });

  it('stop() tells the kinds, claims nothing more and waits for the running units', async () => {
    const held = gate();
    let told = 0;
    const kind = Object.assign(new ListKind(1, [1, 2], () => held.opened), {
      stop: () => {
        told++;
      },
    });
    const runner = new JobRunner(log).register(kind);
    runner.start();
    await until(() => kind.running === 1, 'a unit running');
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(told).toBe(1);
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(kind.done).toEqual([1]);
    // Unit 2 was never claimed, and a wake after stop claims nothing.
    runner.wake('list');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kind.queue).toEqual([2]);
  });

  it('stop() waits for a claim in progress and the unit it hands over', async () => {
    const claiming = gate();
    const kind = new ListKind(1, [5], async () => {});
    const claim = kind.claim.bind(kind);
    let claimed = false;
    kind.claim = async () => {
      claimed = true;
      await claiming.opened;
      return claim();
    };
    const runner = new JobRunner(log).register(kind);
    runner.start();
    await until(() => claimed, 'the claim');
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    claiming.open();
    await stopping;
    // The unit taken by that claim ran before stop() resolved.
    expect(kind.done).toEqual([5]);
  });
});

describe('backoffMs (the one backoff rule of jobs/queue.ts)', () => {
  const rule = { baseMs: 5000, capMs: 600_000 };
  it('doubles from the base per attempt, ±20 %, and never passes the cap', () => {
    for (let i = 0; i < 200; i++) {
      for (const [attempts, delay] of [
        [1, 5000],
        [2, 10_000],
        [4, 40_000],
        [8, 600_000],
        [10_000, 600_000],
      ] as const) {
        const got = backoffMs(attempts, rule);
        expect(got).toBeGreaterThanOrEqual(delay * 0.8);
        expect(got).toBeLessThanOrEqual(delay * 1.2);
      }
    }
    // Jittered: retries that failed together do not all come back at once.
    expect(new Set(Array.from({ length: 50 }, () => backoffMs(3, rule))).size).toBeGreaterThan(10);
  });
});
