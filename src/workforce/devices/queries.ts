// Naming a device the way an operator does: the employee (code or id) and the fingerprint the
// phone sent at login. An unknown employee is the refs' 404 naming the field; a fingerprint the
// employee has no device for is a 422 naming it.
import type { Knex } from 'knex';
import { AppError, ValidationError } from '../../core/errors.js';
import { unknownReference } from '../../core/near-match.js';
import { actingUser, type WorkforceActor, type WorkforceRun } from '../context.js';
import { canSeeOrganization } from '../identity/principal.js';
import { employeeRef } from '../refs.js';

/** The id of the device an input names: device_id, or employee and fingerprint (not both). */
export async function namedDevice(
  ctx: WorkforceRun,
  input: { device_id?: number; employee?: string; fingerprint?: string },
): Promise<number> {
  const { employee, fingerprint } = input;
  if (input.device_id !== undefined) {
    if (employee || fingerprint) {
      throw ValidationError.field(
        'device_id',
        'Name the device by its id or by employee and fingerprint, not both.',
      );
    }
    return input.device_id;
  }
  if (!employee || !fingerprint) {
    const missing = employee ? 'fingerprint' : 'employee';
    throw ValidationError.field(missing, `The ${missing} field is required when no device id is given.`);
  }
  return deviceIdByFingerprint(ctx.db, ctx.actor, { employee, fingerprint });
}

export async function deviceIdByFingerprint(
  db: Knex,
  actor: WorkforceActor,
  ref: { employee: string; fingerprint: string },
): Promise<number> {
  // Another organization's employee is as unknown as a missing one, and no near code is offered:
  // the actor may not see every organization's employees.
  const unknown = () => unknownReference('employee', 'employee', ref.employee, null);
  const employee = await employeeRef(db, ref.employee, 'employee').catch((err) => {
    throw err instanceof AppError && err.status === 404 ? unknown() : err;
  });
  if (!canSeeOrganization(actingUser({ actor }), employee.organizationId)) throw unknown();
  const row = await db('devices')
    .where({ employee_id: employee.id, fingerprint: ref.fingerprint })
    .first('id');
  if (!row)
    throw ValidationError.field(
      'fingerprint',
      `Employee ${employee.code} has no device with this fingerprint.`,
    );
  return Number(row.id);
}
