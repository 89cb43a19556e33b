// What a scheduled job asks of the scheduler's run rows before it lists its slots: which already ran
// to completion. In db so that a job declared in a context (the month lock, the reminders) can ask
// without importing the scheduler (src/scheduler/runs.ts owns the claims themselves).
import type { Knex } from 'knex';

/** Slots of `job` among `slots` that already ran to completion. */
export async function doneSlots(db: Knex, job: string, slots: string[]): Promise<Set<string>> {
  const done = new Set<string>();
  for (let i = 0; i < slots.length; i += 500) {
    const rows = await db('scheduler_runs')
      .where({ job, status: 'done' })
      .whereIn('slot', slots.slice(i, i + 500))
      .pluck('slot');
    rows.forEach((s: string) => done.add(s));
  }
  return done;
}
