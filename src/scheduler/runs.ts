// Scheduler run claims: a slot of a scheduled job runs once across every daemon on the database,
// because whoever inserts its (job, slot) row first owns it; the unique key makes the others lose.
// A claim is a lease (LEASE_SECONDS) its holder renews while the slot runs. A failed run, or a
// running one whose lease lapsed (its daemon died), is claimed again by whoever comes next: the
// daemon's minute tick or `wfctl schedule run`.
import type { Knex } from 'knex';
import type { Clock } from '../core/clock.js';
import { leaseUntil, releasedLease } from '../core/lease.js';
import { isUniqueViolation } from '../db/errors.js';
import { isoOrNull, toDbTime } from '../db/time.js';

export interface SchedulerRun {
  id: number;
  job: string;
  slot: string;
  status: 'running' | 'done' | 'failed';
  claimed_by: string;
  started_at: string | null;
  finished_at: string | null;
  /** While running: the claim holds until then; a running slot past it lost its daemon. */
  lease_until: string | null;
  result: unknown;
  error: string | null;
}

export interface RunClaim {
  id: number;
  claimedBy: string;
  /** True when a dead holder's lapsed claim was taken over (a resumed slot). */
  resumed: boolean;
}

/** The claim when this caller now owns the slot; null when another caller holds it or it is done. */
export async function claimRun(
  db: Knex,
  clock: Clock,
  job: string,
  slot: string,
  claimedBy: string,
  leaseMs: number,
): Promise<RunClaim | null> {
  const now = clock.now();
  const lease = toDbTime(leaseUntil(now, leaseMs));
  try {
    const [id] = await db('scheduler_runs').insert({
      job,
      slot,
      status: 'running',
      claimed_by: claimedBy,
      started_at: toDbTime(now),
      lease_until: lease,
    });
    return { id: Number(id), claimedBy, resumed: false };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const existing = await db('scheduler_runs').where({ job, slot }).first();
  if (!existing) return null;
  // Conditional on what we read, so of two takers only one update matches.
  const taken = db('scheduler_runs').where({ id: existing.id, claimed_by: existing.claimed_by });
  if (existing.status === 'failed') taken.where('status', 'failed');
  else if (existing.status === 'running')
    taken.where('status', 'running').where('lease_until', '<', toDbTime(now));
  else return null;
  const count = await taken.update({
    status: 'running',
    claimed_by: claimedBy,
    started_at: toDbTime(now),
    lease_until: lease,
    finished_at: null,
    error: null,
  });
  return count === 1 ? { id: Number(existing.id), claimedBy, resumed: existing.status === 'running' } : null;
}

const held = (db: Knex, claim: RunClaim) =>
  db('scheduler_runs').where({ id: claim.id, claimed_by: claim.claimedBy, status: 'running' });

/** Extends the claim by one lease; false when it is no longer ours (it lapsed and was taken over). */
export async function renewRun(db: Knex, clock: Clock, claim: RunClaim, leaseMs: number): Promise<boolean> {
  return (await held(db, claim).update({ lease_until: toDbTime(leaseUntil(clock.now(), leaseMs)) })) === 1;
}

/**
 * Gives the slot back while it still runs (the daemon is stopping): its lease lapses now, so the
 * next firing or minute sweep, on any daemon, resumes it. False when it was no longer ours.
 */
export async function releaseRun(db: Knex, clock: Clock, claim: RunClaim): Promise<boolean> {
  return (await held(db, claim).update({ lease_until: toDbTime(releasedLease(clock.now())) })) === 1;
}

/** Records the outcome; false (nothing written) when the claim was taken over meanwhile. */
export async function finishRun(
  db: Knex,
  clock: Clock,
  claim: RunClaim,
  outcome: { status: 'done' | 'failed'; result?: unknown; error?: string },
): Promise<boolean> {
  const count = await held(db, claim).update({
    status: outcome.status,
    finished_at: toDbTime(clock.now()),
    lease_until: null,
    result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
    error: outcome.error ?? null,
  });
  return count === 1;
}

/** Running slots whose lease lapsed (their daemon died), oldest first; of `job` only when given. */
export async function lapsedRuns(
  db: Knex,
  clock: Clock,
  job?: string,
): Promise<Array<{ job: string; slot: string }>> {
  const q = db('scheduler_runs')
    .where('status', 'running')
    .where('lease_until', '<', toDbTime(clock.now()))
    .orderBy('lease_until')
    .select('job', 'slot');
  if (job) q.where('job', job);
  return (await q).map((r) => ({ job: String(r.job), slot: String(r.slot) }));
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
    lease_until: isoOrNull(r.lease_until),
    result: r.result ? JSON.parse(r.result) : null,
    error: r.error ?? null,
  }));
}
