// Opening and ending deployments, the steps creation, transfer, unit retirement and offboarding
// share. An employee has at most one overlapping primary deployment: opening a primary demotes
// the primaries it overlaps. Callers hold the lock on the employee row, so two openings for one
// employee run one after the other and never leave two primaries.
import type { Knex } from 'knex';
import { lockForUpdate } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';
import { addDays } from '../../core/calendar.js';
import { ValidationError } from '../../core/errors.js';
import type { Shape } from '../../core/shape.js';
import { DATE_RANGE } from '../../core/validation.js';
import { chunks } from '../context.js';
import type { PrimaryChange as PrimaryChangeShape } from './serialize.js';

/** The unit a deployment may open at: an active unit of the employee's organization, else a 422 on `field`. */
export async function activeUnitForDeployment(
  trx: Knex,
  organizationId: number,
  unitId: number,
  field: string,
): Promise<{ id: number; code: string; organization_id: number; status: string }> {
  const unit = await trx('organization_units').where('id', unitId).first();
  if (!unit || Number(unit.organization_id) !== organizationId) {
    throw ValidationError.field(field, "No such unit in the employee's organization.");
  }
  if (unit.status !== 'active') throw ValidationError.field(field, `Unit ${unit.code} is retired.`);
  return unit;
}

export interface OpenDeploymentInput {
  employeeId: number;
  unitId: number;
  startsOn: string;
  endsOn: string | null;
  isPrimary: boolean;
}

export interface OpenedDeployment {
  id: number;
  /** The demoted rows: a wholly demoted primary, or the demoted middle piece of a split one. */
  demotedPrimaryIds: number[];
  primaryChanges: PrimaryChange[];
}

export type PrimaryChange = Shape<typeof PrimaryChangeShape>;

export async function openDeployment(
  trx: Knex,
  now: Date,
  input: OpenDeploymentInput,
): Promise<OpenedDeployment> {
  const at = toDbTime(now);
  const primaryChanges: PrimaryChange[] = [];
  if (input.isPrimary) {
    // A locking read: it sees what a concurrent transaction committed before our lock was granted.
    const q = trx('employee_deployments')
      .where({ employee_id: input.employeeId, is_primary: true })
      .where((w) => w.whereNull('ends_on').orWhere('ends_on', '>=', input.startsOn));
    if (input.endsOn !== null) q.where('starts_on', '<=', input.endsOn);
    const overlapping = await lockForUpdate(q.select().orderBy('id'), trx);
    for (const row of overlapping) primaryChanges.push(await yieldOverlap(trx, at, row, input));
  }
  const [id] = await trx('employee_deployments').insert({
    employee_id: input.employeeId,
    organization_unit_id: input.unitId,
    starts_on: input.startsOn,
    ends_on: input.endsOn,
    is_primary: input.isPrimary,
    created_at: at,
    updated_at: at,
  });
  const demotedPrimaryIds = primaryChanges.flatMap((c) =>
    c.pieces.filter((p) => !p.is_primary).map((p) => p.id),
  );
  return { id: Number(id), demotedPrimaryIds, primaryChanges };
}

/**
 * An older primary gives way to a new one only on the days they share: its days before the new
 * span stay primary on its own row (so the past keeps its primary), the shared days become a
 * secondary piece, and days after a bounded new span stay primary on a further piece.
 */
async function yieldOverlap(
  trx: Knex,
  at: string,
  row: { id: number; organization_unit_id: number; starts_on: string; ends_on: string | null },
  input: OpenDeploymentInput,
): Promise<PrimaryChange> {
  const startsOn = String(row.starts_on);
  const endsOn = row.ends_on === null ? null : String(row.ends_on);
  const overlapFrom = startsOn > input.startsOn ? startsOn : input.startsOn;
  const overlapTo =
    input.endsOn === null ? endsOn : endsOn === null || endsOn > input.endsOn ? input.endsOn : endsOn;
  // No day after the last of the calendar (DATE_RANGE) can be asked about: nothing resumes after it.
  const tail =
    input.endsOn !== null && (endsOn === null || endsOn > input.endsOn) && input.endsOn < DATE_RANGE.max;
  const pieces: PrimaryChange['pieces'] = [];
  const insert = async (piece: Omit<PrimaryChange['pieces'][number], 'id'>) => {
    const [id] = await trx('employee_deployments').insert({
      employee_id: input.employeeId,
      organization_unit_id: row.organization_unit_id,
      ...piece,
      created_at: at,
      updated_at: at,
    });
    pieces.push({ id: Number(id), ...piece });
  };
  if (startsOn < input.startsOn) {
    const before = { starts_on: startsOn, ends_on: addDays(input.startsOn, -1), is_primary: true };
    await trx('employee_deployments').where('id', row.id).update({ ends_on: before.ends_on, updated_at: at });
    pieces.push({ id: Number(row.id), ...before });
    await insert({ starts_on: overlapFrom, ends_on: overlapTo, is_primary: false });
  } else {
    await trx('employee_deployments')
      .where('id', row.id)
      .update({ ends_on: overlapTo, is_primary: false, updated_at: at });
    pieces.push({ id: Number(row.id), starts_on: startsOn, ends_on: overlapTo, is_primary: false });
  }
  if (tail) await insert({ starts_on: addDays(input.endsOn!, 1), ends_on: endsOn, is_primary: true });
  return { deployment_id: Number(row.id), action: pieces.length === 1 ? 'demoted' : 'split', pieces };
}

/** Stamps ends_on on the given deployments. */
export async function endDeployments(trx: Knex, now: Date, ids: number[], endsOn: string): Promise<void> {
  const at = toDbTime(now);
  for (const part of chunks(ids)) {
    await trx('employee_deployments').whereIn('id', part).update({ ends_on: endsOn, updated_at: at });
  }
}

/** Deployments of an employee still running after `date` (open, or ending later), locked. */
export async function deploymentsRunningAfter(trx: Knex, employeeId: number, date: string) {
  return lockForUpdate(
    trx('employee_deployments')
      .where('employee_id', employeeId)
      .where((w) => w.whereNull('ends_on').orWhere('ends_on', '>', date))
      .select()
      .orderBy('id'),
    trx,
  );
}
