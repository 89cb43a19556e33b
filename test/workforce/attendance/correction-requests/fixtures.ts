// A world for correction requests (issue 28): organization CRQ (UTC) with unit MAIN, an employee
// with a login (E) and a colleague (C), each with three days of January 2026 locked by one
// organization lock; hr, org_admin and a shift_manager of CRQ, and hr of another organization.
import { FixedClock } from '../../../../src/core/clock.js';
import type { Services } from '../../../../src/core/services.js';
import { createEmployee, createOrg, createUnit, createUser, tokenFor } from '../../../helpers/workforce.js';
import { insertAttendance, lockFixture } from '../../partners/fixtures.js';

export const NOW = '2026-02-10T10:00:00Z';
export const BASE = '/api/v1/attendance/correction-requests';

export async function correctionWorld(app: { services: Services; clock: FixedClock }) {
  const { services } = app;
  const { db } = services;
  app.clock.set(new Date(NOW));
  const org = await createOrg(db, { code: 'CRQ' });
  const unit = await createUnit(db, org.id, { code: 'MAIN' });
  const other = await createOrg(db, { code: 'CRQB' });
  const employeeUser = await createUser(db, { grants: [{ role: 'employee', organizationId: org.id }] });
  const employee = await createEmployee(db, {
    organizationId: org.id,
    unitId: unit.id,
    userId: employeeUser.id,
  });
  const colleague = await createEmployee(db, { organizationId: org.id, unitId: unit.id });
  await insertAttendance(db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds: [employee.id, colleague.id],
    month: '2026-01',
    days: 3,
  });
  const lockId = await lockFixture(db, { organizationId: org.id, month: '2026-01' });
  const user = async (role: 'hr' | 'org_admin' | 'shift_manager', organizationId = org.id) => {
    const u = await createUser(db, { grants: [{ role, organizationId }] });
    return { id: u.id, token: await tokenFor(services, u.id) };
  };
  return {
    org,
    unit,
    other,
    employee,
    colleague,
    lockId,
    employeeUser: { id: employeeUser.id, token: await tokenFor(services, employeeUser.id) },
    hr: await user('hr'),
    orgAdmin: await user('org_admin'),
    manager: await user('shift_manager'),
    otherHr: await user('hr', other.id),
  };
}

export type CorrectionWorld = Awaited<ReturnType<typeof correctionWorld>>;

/** The attendance rows of the world's organization, in id order (to compare before and after). */
export function attendanceOf(db: Services['db'], organizationId: number) {
  return db('attendance').where({ organization_id: organizationId }).orderBy('id');
}
