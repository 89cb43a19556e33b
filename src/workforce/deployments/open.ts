// Opening and ending deployments, the steps creation, transfer, unit retirement and offboarding
// share. An employee has at most one overlapping primary deployment: opening a primary demotes
// the primaries it overlaps. Callers hold the lock on the employee row, so two openings for one
// employee run one after the other and never leave two primaries.
import type { Knex } from 'knex';
import { lockForUpdate } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';
import { ValidationError } from '../../core/errors.js';
import { chunks } from '../context.js';

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
  demotedPrimaryIds: number[];
}

export async function openDeployment(
  trx: Knex,
  now: Date,
  input: OpenDeploymentInput,
): Promise<OpenedDeployment> {
  const at = toDbTime(now);
  let demotedPrimaryIds: number[] = [];
  if (input.isPrimary) {
    // A locking read: it sees what a concurrent transaction committed before our lock was granted.
    const q = trx('employee_deployments')
      .where({ employee_id: input.employeeId, is_primary: true })
      .where((w) => w.whereNull('ends_on').orWhere('ends_on', '>=', input.startsOn));
    if (input.endsOn !== null) q.where('starts_on', '<=', input.endsOn);
    const overlapping = await lockForUpdate(q.select('id').orderBy('id'), trx);
    demotedPrimaryIds = overlapping.map((r: { id: number }) => Number(r.id));
    for (const part of chunks(demotedPrimaryIds)) {
      await trx('employee_deployments').whereIn('id', part).update({ is_primary: false, updated_at: at });
    }
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
  return { id: Number(id), demotedPrimaryIds };
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
