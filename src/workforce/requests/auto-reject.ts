// Leave and regularization requests that can no longer be granted are rejected by the system, with
// a decision_trail entry of origin "system" saying why (offboarding: the window ends after the
// employee's last working day).
import type { Knex } from 'knex';
import type { Shape } from '../../core/shape.js';
import { lockForUpdate } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';
import { chunks } from '../context.js';
import type { DecisionTrailEntry } from './serialize.js';

/** The states a decision is still pending in. */
export const OPEN_STATES = ['pending', 'shift_manager_approved'] as const;

export type DecisionEntry = Shape<typeof DecisionTrailEntry>;

export interface AutoRejectInput {
  employeeId: number;
  /** Requests whose window ends after this date are rejected; those ending on or before it stay. */
  after: string;
  /** The user whose action triggered the rejection (recorded in the trail entry). */
  by: number | null;
  note: string;
}

export interface AutoRejected {
  leaves: number[];
  regularizations: number[];
}

export async function rejectOpenRequestsAfter(
  trx: Knex,
  now: Date,
  input: AutoRejectInput,
): Promise<AutoRejected> {
  return {
    leaves: await rejectIn(trx, 'leave_requests', now, input),
    regularizations: await rejectIn(trx, 'regularization_requests', now, input),
  };
}

async function rejectIn(trx: Knex, table: string, now: Date, input: AutoRejectInput): Promise<number[]> {
  const rows = await lockForUpdate(
    trx(table)
      .where('employee_id', input.employeeId)
      .whereIn('state', OPEN_STATES)
      .where('to_date', '>', input.after)
      .select('id', 'decision_trail')
      .orderBy('id'),
    trx,
  );
  const at = toDbTime(now);
  const entry: DecisionEntry = {
    at: now.toISOString(),
    by: input.by,
    origin: 'system',
    action: 'rejected',
    note: input.note,
  };
  // Each row gets its own trail plus the entry; rows whose new trail is the same text (usually all
  // of them: the same history, the same entry) are updated by one statement, not one per row.
  const byTrail = new Map<string, number[]>();
  for (const row of rows) {
    const trail = JSON.stringify([...parseTrail(row.decision_trail), entry]);
    const ids = byTrail.get(trail) ?? [];
    ids.push(Number(row.id));
    byTrail.set(trail, ids);
  }
  for (const [trail, ids] of byTrail) {
    for (const part of chunks(ids)) {
      await trx(table)
        .whereIn('id', part)
        .update({ state: 'rejected', decision_trail: trail, updated_at: at });
    }
  }
  return rows.map((r: { id: number }) => Number(r.id));
}

export function parseTrail(text: string | null): DecisionEntry[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
