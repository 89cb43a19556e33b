// Naming a device the way an operator does: the employee (code or id) and the fingerprint the
// phone sent at login. An unknown reference is a 422 naming the field.
import type { Knex } from 'knex';
import { ValidationError } from '../../core/errors.js';
import { actingUser, type WorkforceActor } from '../context.js';
import { canSeeOrganization } from '../identity/principal.js';
import { resolveEmployee } from '../identity/resolve.js';

export async function deviceIdByFingerprint(
  db: Knex,
  actor: WorkforceActor,
  ref: { employee: string; fingerprint: string },
): Promise<number> {
  const employee = await resolveEmployee(db, ref.employee, 'employee');
  // Another organization's employee is as unknown as a missing one.
  if (!canSeeOrganization(actingUser({ actor }), employee.organizationId)) {
    throw ValidationError.field('employee', `Unknown employee ${ref.employee}.`);
  }
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
