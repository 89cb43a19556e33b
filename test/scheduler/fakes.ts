// Stand-ins for time in scheduler and lease tests: heartbeat timers that beat only when told (a
// holder whose timers never beat again has "died"), triggers fired by hand, and a bounded wait for
// a condition that the code under test reaches asynchronously (never a wait for a lease to lapse:
// the FixedClock is moved instead).
import type { LeaseTimers } from '../../src/core/lease.js';
import type { SchedulerTriggers } from '../../src/scheduler/scheduler.js';

export class ManualTimers implements LeaseTimers {
  private next = 1;
  private readonly beats = new Map<number, () => Promise<void>>();
  setInterval(fn: () => Promise<void>): unknown {
    const handle = this.next++;
    this.beats.set(handle, fn);
    return handle;
  }
  clearInterval(handle: unknown): void {
    this.beats.delete(handle as number);
  }
  /** One beat of every live heartbeat; resolves once each renewal has settled. */
  async beat(): Promise<void> {
    await Promise.all([...this.beats.values()].map((fn) => fn()));
  }
  get live(): number {
    return this.beats.size;
  }
}

export class ManualTriggers implements SchedulerTriggers {
  readonly registered: Array<{ rule: string; timezone: string; fire: () => void; cancelled: boolean }> = [];
  cron(rule: string, timezone: string, fire: () => void): () => void {
    const entry = { rule, timezone, fire, cancelled: false };
    this.registered.push(entry);
    return () => {
      entry.cancelled = true;
    };
  }
  /** What the minute boundary does: every trigger whose rule is `* * * * *`. */
  minute(): void {
    for (const e of this.registered) if (!e.cancelled && e.rule === '* * * * *') e.fire();
  }
}

/** Resolves once `check` holds; fails after `ms` (a bound on the test, not a lease being waited out). */
export async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A promise and the function that settles it: a handler held mid-run. */
export function gate<T = void>(): { promise: Promise<T>; open(value: T): void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}
