// Scheduler run claims: a slot of a scheduled job runs once across every daemon on the database,
// because whoever inserts its (job, slot) row first owns it; the unique key makes the others lose.
// A failed run, or one whose daemon died mid-run (running past STALE_RUN_MS), can be claimed again.
import type { Knex } from 'knex';
import { HOUR, type Clock } from '../core/clock.js';
import { isUniqueViolation } from '../db/errors.js';
import { fromDbTime, isoOrNull, toDbTime } from '../db/time.js';

export const STALE_RUN_MS = 1 * HOUR;

export interface SchedulerRun {
  id: number;
  job: string;
  slot: string;
  status: 'running' | 'done' | 'failed';
  claimed_by: string;
  started_at: string | null;
  finished_at: string | null;
  result: unknown;
  error: string | null;
}

/** The run's id when this caller now owns the slot; null when another caller has it or it is done. */
export async function claimRun(
  db: Knex,
  clock: Clock,
  job: string,
  slot: string,
  claimedBy: string,
): Promise<number | null> {
  const now = clock.now();
  try {
    const [id] = await db('scheduler_runs').insert({
      job,
      slot,
      status: 'running',
      claimed_by: claimedBy,
      started_at: toDbTime(now),
    });
    return Number(id);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const existing = await db('scheduler_runs').where({ job, slot }).first();
  if (!existing) return null;
  const stale =
    existing.status === 'running' &&
    (fromDbTime(existing.started_at)?.getTime() ?? 0) < now.getTime() - STALE_RUN_MS;
  if (existing.status !== 'failed' && !stale) return null;
  // Conditional on what we read, so of two takers only one update matches.
  const taken = await db('scheduler_runs')
    .where({ id: existing.id, status: existing.status, claimed_by: existing.claimed_by })
    .update({
      status: 'running',
      claimed_by: claimedBy,
      started_at: toDbTime(now),
      finished_at: null,
      error: null,
    });
  return taken === 1 ? Number(existing.id) : null;
}

export async function finishRun(
  db: Knex,
  clock: Clock,
  id: number,
  outcome: { status: 'done' | 'failed'; result?: unknown; error?: string },
): Promise<void> {
  await db('scheduler_runs')
    .where({ id })
    .update({
      status: outcome.status,
      finished_at: toDbTime(clock.now()),
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      error: outcome.error ?? null,
    });
}

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

export async function recentRuns(db: Knex, job: string, limit = 5): Promise<SchedulerRun[]> {
  const rows = await db('scheduler_runs').where({ job }).orderBy('id', 'desc').limit(limit);
  return rows.map((r) => ({
    id: Number(r.id),
    job: r.job,
    slot: r.slot,
    status: r.status,
    claimed_by: r.claimed_by,
    started_at: isoOrNull(r.started_at),
    finished_at: isoOrNull(r.finished_at),
    result: r.result ? JSON.parse(r.result) : null,
    error: r.error ?? null,
  }));
}
