// `wfctl offboard`: the seven-step cascade for one employee with years of planned shifts (cancelled
// in chunks), devices to revoke and an account whose roles are removed.
import { crashTests } from './harness.js';
import { createDevice, createUser } from '../helpers/workforce.js';
import { buildWorld, counts } from './world.js';

const SHIFT_DAYS = 3000;

crashTests({
  name: 'offboard',
  async prepare({ db }) {
    const world = await buildWorld(db, {
      code: 'OFF',
      units: 1,
      employees: 1,
      futureShifts: { from: '2027-01-01', days: SHIFT_DAYS },
    });
    const employee = world.employeeIds[0];
    const user = await createUser(db, {
      grants: [{ role: 'employee', organizationId: world.organizationId }],
    });
    await db('employees').where('id', employee).update({ user_id: user.id });
    for (let i = 0; i < 20; i++) await createDevice(db, employee, `crash-device-${i}`);
    const state = async (q: typeof db) => {
      const e = await q('employees')
        .where('id', employee)
        .first('is_active', 'deleted_at', 'last_working_day');
      const n = async (qb: any) => Number((await qb.count({ n: '*' }))[0].n);
      return {
        ...(await counts(q, ['audit_entries', 'user_roles'])),
        employee_active: Boolean(Number(e.is_active)),
        employee_deleted: e.deleted_at !== null,
        deployments_running: await n(
          q('employee_deployments').where('employee_id', employee).whereNull('ends_on'),
        ),
        shifts_planned: await n(q('shift_assignments').where({ employee_id: employee, state: 'planned' })),
        devices_approved: await n(q('devices').where({ employee_id: employee, status: 'approved' })),
        user_active: Boolean(Number((await q('users').where('id', user.id).first('is_active')).is_active)),
      };
    };
    return {
      args: [
        'offboard',
        world.employeeCodes[0],
        '--last-day',
        '2026-12-31',
        '--reason',
        'Crash test',
        '--yes',
      ],
      fingerprint: state,
      done: (before) => ({
        ...before,
        audit_entries: before.audit_entries + 1,
        user_roles: before.user_roles - 1,
        employee_active: false,
        employee_deleted: true,
        deployments_running: 0,
        shifts_planned: 0,
        devices_approved: 0,
        user_active: false,
      }),
      probes: [
        (q) => q('employees').where('id', employee),
        (q) => q('shift_assignments').where('employee_id', employee),
        (q) => q('devices').where('employee_id', employee),
        (q) => q('users').where('id', user.id),
      ],
    };
  },
});
