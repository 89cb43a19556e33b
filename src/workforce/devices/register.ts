// A mobile login from a fingerprint the employee has never used registers that device as pending,
// so an admin can approve it (`wfctl device approve`). Until then the token's requests get 423.
import type { Knex } from 'knex';
import type { Clock } from '../../core/clock.js';
import { ValidationError } from '../../core/errors.js';
import { lockForUpdate } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';

export async function registerLoginDevice(
  trx: Knex.Transaction,
  clock: Clock,
  input: { userId: number; fingerprint: string; name: string },
): Promise<{ createdDeviceIds: number[] }> {
  // The employee rows are locked so two first logins from the same phone create one device row.
  const employees = await lockForUpdate(
    trx('employees')
      .where({ user_id: input.userId, is_active: true })
      .whereNull('deleted_at')
      .select('id')
      .orderBy('id'),
    trx,
  );
  if (employees.length === 0) {
    // Only an employee can own a device; a mobile token for anyone else could never be used.
    throw ValidationError.field(
      'device_fingerprint',
      'Mobile sign-in is only for employees; this account has no employee record. Sign in without device_fingerprint.',
    );
  }
  const known = await trx('devices')
    .whereIn(
      'employee_id',
      employees.map((e) => e.id),
    )
    .where({ fingerprint: input.fingerprint })
    .select('employee_id');
  const have = new Set(known.map((d) => Number(d.employee_id)));
  const now = toDbTime(clock.now());
  const createdDeviceIds: number[] = [];
  for (const e of employees) {
    if (have.has(Number(e.id))) continue;
    const [id] = await trx('devices').insert({
      employee_id: e.id,
      fingerprint: input.fingerprint,
      name: input.name,
      status: 'pending',
      created_at: now,
      updated_at: now,
    });
    createdDeviceIds.push(Number(id));
  }
  return { createdDeviceIds };
}
