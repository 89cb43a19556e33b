// The read endpoints: scoping (another organization's record is a 404), who reads what, soft-deleted
// employees, and keyset pagination with its bad inputs.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { toDbTime } from '../../../src/db/time.js';
import {
  addLeave,
  addRegularization,
  addShift,
  buildWorld,
  createDevice,
  createEmployee,
  employeeWithUser,
} from './world.js';

async function boot(t: any, dialect: Dialect) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const w = await buildWorld(app);
  const e1 = await employeeWithUser(app, w.acme.id, w.units.blr.id, { code: 'E001' });
  const e2 = await employeeWithUser(app, w.acme.id, w.units.blr.id, { code: 'E002' });
  const g1 = await createEmployee(w.db, {
    organizationId: w.globex.id,
    unitId: w.units.nyc.id,
    code: 'G001',
  });
  return { app, w, db: w.db, http: app.workforce, e1, e2, g1 };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] organizations and units are read within scope; elsewhere 404`, async (t) => {
    const { w, http } = await boot(t, dialect);
    const get = (path: string, token: string) => http.get(path, { token });
    const org = await get(`/api/v1/organizations/${w.acme.id}`, w.actors.employee.token);
    t.is(org.status, 200);
    t.like(org.body, {
      id: w.acme.id,
      code: 'ACME',
      timezone: 'Asia/Kolkata',
      status: 'active',
      is_active: true,
    });
    t.is((await get(`/api/v1/organizations/${w.globex.id}`, w.actors.orgAdmin.token)).status, 404);
    t.is((await get(`/api/v1/organizations/${w.globex.id}`, w.actors.systemAdmin.token)).status, 200);
    t.is((await get('/api/v1/organizations/999999', w.actors.systemAdmin.token)).status, 404);
    t.is((await get('/api/v1/organizations/ACME', w.actors.systemAdmin.token)).status, 404);
    const unit = await get(`/api/v1/units/${w.units.blr.id}`, w.actors.hr.token);
    t.like(unit.body, { id: w.units.blr.id, organization_id: w.acme.id, code: 'BLR', status: 'active' });
    t.is((await get(`/api/v1/units/${w.units.nyc.id}`, w.actors.hr.token)).status, 404);
    t.is((await get(`/api/v1/units/${w.units.nyc.id}`, w.actors.otherAdmin.token)).status, 200);
    t.is((await http.get(`/api/v1/units/${w.units.blr.id}`)).status, 401);
  });

  test(`[${dialect}] employees: staff read all, an employee only their own, offboarded ones only admins`, async (t) => {
    const { w, db, http, e1, e2, g1 } = await boot(t, dialect);
    const get = (id: number, token: string) => http.get(`/api/v1/employees/${id}`, { token });
    const staff = await get(e1.id, w.actors.shiftManager.token);
    t.is(staff.status, 200);
    t.like(staff.body, {
      id: e1.id,
      employee_id: 'E001',
      organization_id: w.acme.id,
      is_active: true,
      last_working_day: null,
      exit_reason: null,
      deleted_at: null,
    });
    t.like(staff.body.deployments[0], {
      organization_unit_id: w.units.blr.id,
      is_primary: true,
      ends_on: null,
    });
    t.is((await get(e1.id, e1.token)).status, 200);
    t.is((await get(e1.id, e2.token)).status, 403);
    t.is((await get(g1.id, w.actors.orgAdmin.token)).status, 404);
    t.is((await get(e1.id, w.actors.otherAdmin.token)).status, 404);

    const off = await http.post(
      `/api/v1/employees/${e2.id}/offboard`,
      { last_working_day: '2026-01-31', reason: 'Moved on' },
      { token: w.actors.hr.token },
    );
    t.is(off.status, 200);
    const admin = await get(e2.id, w.actors.hr.token);
    t.is(admin.status, 200);
    t.like(admin.body, { is_active: false, last_working_day: '2026-01-31', exit_reason: 'Moved on' });
    t.is(admin.body.deleted_at, '2026-01-15T10:00:00.000Z');
    t.is(admin.body.deployments[0].ends_on, '2026-01-31');
    t.is((await get(e2.id, w.actors.shiftManager.token)).status, 404, 'gone for non-admins');
    t.truthy(await db('employees').where({ id: e2.id }).first());
  });

  test(`[${dialect}] employee lists are keyset-paginated and scoped`, async (t) => {
    const { w, db, http, e1, e2 } = await boot(t, dialect);
    const dates = [
      '2026-02-05',
      '2026-02-01',
      '2026-02-03',
      '2026-02-02',
      '2026-02-04',
      '2026-02-06',
      '2026-02-07',
    ];
    for (const d of dates) await addShift(db, e1.id, w.units.blr.id, d);
    await addShift(db, e2.id, w.units.blr.id, '2026-02-01');
    const token = w.actors.hr.token;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const page = await http.get(`/api/v1/employees/${e1.id}/shift-assignments${q}`, { token });
      t.is(page.status, 200);
      t.is(page.body.meta.limit, 3);
      seen.push(...page.body.data.map((s: any) => s.assigned_for));
      cursor = page.body.meta.next_cursor;
      pages += 1;
    } while (cursor);
    t.is(pages, 3);
    t.deepEqual(seen, [...dates].sort());

    const path = `/api/v1/employees/${e1.id}/shift-assignments`;
    const first = await http.get(`${path}?limit=3`, { token });
    const tampered = first.body.meta.next_cursor.slice(0, -2) + 'xx';
    t.is((await http.get(`${path}?cursor=${tampered}`, { token })).status, 422);
    t.is((await http.get(`${path}?limit=0`, { token })).status, 422);
    t.is((await http.get(`${path}?limit=501`, { token })).status, 422);
    t.is((await http.get(`${path}?limit=ten`, { token })).status, 422);
    t.is((await http.get(path, { token })).body.meta.limit, 50);
    t.is((await http.get(path, { token: w.actors.otherAdmin.token })).status, 404);
    t.is((await http.get(path, { token: e2.token })).status, 403);
    t.is((await http.get(path, { token: e1.token })).status, 200);

    const leave = await addLeave(
      db,
      e1.id,
      w.leaveTypeId,
      '2026-02-10',
      '2026-02-11',
      'shift_manager_approved',
    );
    await addRegularization(db, e1.id, '2026-01-12', '2026-01-12');
    await createDevice(db, e1.id, 'fp-e1', 'pending');
    const leaves = await http.get(`/api/v1/employees/${e1.id}/leaves`, { token });
    t.like(leaves.body.data[0], {
      id: leave,
      leave_type_code: 'CL',
      from: '2026-02-10',
      to: '2026-02-11',
      state: 'shift_manager_approved',
    });
    t.is(leaves.body.data[0].decision_trail[0].origin, 'user');
    t.is(leaves.body.meta.next_cursor, null);
    const regs = await http.get(`/api/v1/employees/${e1.id}/regularizations`, { token });
    t.like(regs.body.data[0], { from: '2026-01-12', state: 'pending', reason: 'forgot to punch' });
    const devices = await http.get(`/api/v1/employees/${e1.id}/devices`, { token });
    t.like(devices.body.data[0], { fingerprint: 'fp-e1', status: 'pending' });
    t.is((await http.get(`/api/v1/employees/${e2.id}/devices`, { token })).body.data.length, 0);
  });

  test(`[${dialect}] audit entries: filters, newest first, scoped to the caller's organizations`, async (t) => {
    const { app, w, http } = await boot(t, dialect);
    // Rows as the operations' audit writer stores them (src/workforce/policy.ts), ids kept.
    const write = async (
      event: string,
      subjectType: string,
      subjectId: number,
      organizationId: number | null,
    ) => {
      const [id] = await app.services.db('audit_entries').insert({
        event,
        actor_user_id: w.actors.systemAdmin.id,
        actor_type: 'user',
        subject_type: subjectType,
        subject_id: subjectId,
        organization_id: organizationId,
        context: JSON.stringify({ n: subjectId }),
        created_at: toDbTime(app.clock.now()),
      });
      return Number(id);
    };
    const a1 = await write('employee.offboarded', 'employee', 1, w.acme.id);
    const a2 = await write('employee.offboarded', 'employee', 2, w.acme.id);
    const a3 = await write('organization_unit.retired', 'organization_unit', 1, w.acme.id);
    const g1 = await write('employee.offboarded', 'employee', 3, w.globex.id);
    const sys = await write('records.imported', 'user', 1, null);
    const ids = (res: any) => res.body.data.map((e: any) => e.id);
    const get = (q: string, token: string) => http.get(`/api/v1/audit-entries${q}`, { token });

    t.deepEqual(ids(await get('', w.actors.hr.token)), [a3, a2, a1]);
    t.deepEqual(ids(await get('', w.actors.systemAdmin.token)), [sys, g1, a3, a2, a1]);
    t.deepEqual(ids(await get('?event=employee.offboarded', w.actors.orgAdmin.token)), [a2, a1]);
    t.deepEqual(ids(await get('?subject_type=employee&subject_id=2', w.actors.orgAdmin.token)), [a2]);
    t.deepEqual(ids(await get(`?organization_id=${w.globex.id}`, w.actors.systemAdmin.token)), [g1]);
    t.deepEqual(ids(await get('', w.actors.otherAdmin.token)), [g1]);
    t.is((await get(`?organization_id=${w.globex.id}`, w.actors.hr.token)).status, 404);
    t.is((await get('', w.actors.employee.token)).status, 403);
    t.is((await get('', w.actors.shiftManager.token)).status, 403);
    t.is((await get('?subject_id=abc', w.actors.hr.token)).status, 422);

    const page1 = await get('?limit=2', w.actors.systemAdmin.token);
    t.deepEqual(ids(page1), [sys, g1]);
    const page2 = await get(`?limit=2&cursor=${page1.body.meta.next_cursor}`, w.actors.systemAdmin.token);
    t.deepEqual(ids(page2), [a3, a2]);
    t.like(page2.body.data[0], {
      event: 'organization_unit.retired',
      actor_user_id: w.actors.systemAdmin.id,
      actor_type: 'user',
      subject_type: 'organization_unit',
      organization_id: w.acme.id,
      context: { n: 1 },
      created_at: '2026-01-15T10:00:00.000Z',
    });
  });
}
