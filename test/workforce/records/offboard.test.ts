// POST /employees/{id}/offboard: the seven-step cascade, what it must change and what it must not,
// its audit entry, the permission matrix, bad inputs, dry run, and a failure mid-cascade.
import test from 'ava';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import {
  addDeployment,
  addLeave,
  addRegularization,
  addShift,
  auditEntries,
  buildWorld,
  changed,
  createDevice,
  diff,
  employeeWithUser,
  failOn,
  stateOf,
  type World,
} from './world.js';
import { tokenFor } from '../../helpers/workforce.js';

const LAST_DAY = '2026-01-20'; // the clock says 2026-01-15 (Asia/Kolkata)

/** E1 (the one offboarded) and E2 (a colleague), with rows on both sides of every boundary. */
async function scene(app: TestApp, w: World) {
  const db = w.db;
  const { blr, mum, nyc } = w.units;
  const e1 = await employeeWithUser(app, w.acme.id, blr.id, { code: 'E001' });
  const e2 = await employeeWithUser(app, w.acme.id, blr.id, { code: 'E002' });
  const g1 = await employeeWithUser(app, w.globex.id, nyc.id, { code: 'G001' });
  const secondToken = await tokenFor(app.services, e1.userId, { clientKind: 'mobile', fingerprint: 'fp-1' });
  const primary = Number((await db('employee_deployments').where({ employee_id: e1.id }).first()).id);
  const secondary = await addDeployment(db, e1.id, mum.id, '2025-06-01', null, false);
  const endsLater = await addDeployment(db, e1.id, mum.id, '2025-07-01', '2026-03-31', false);
  const pastDeployment = await addDeployment(db, e1.id, mum.id, '2024-01-01', '2024-12-31', false);
  const endsBefore = await addDeployment(db, e1.id, mum.id, '2025-01-01', '2026-01-10', false);
  const shifts = {
    past: await addShift(db, e1.id, blr.id, '2026-01-10'),
    beforeLastDay: await addShift(db, e1.id, blr.id, '2026-01-18'),
    onLastDay: await addShift(db, e1.id, blr.id, LAST_DAY),
    after: await addShift(db, e1.id, blr.id, '2026-01-25'),
    afterAtOtherUnit: await addShift(db, e1.id, mum.id, '2026-02-02'),
    alreadyCancelled: await addShift(db, e1.id, blr.id, '2026-01-26', 'cancelled'),
    colleague: await addShift(db, e2.id, blr.id, '2026-01-25'),
    otherOrg: await addShift(db, g1.id, nyc.id, '2026-01-25'),
  };
  const devices = {
    approved: await createDevice(db, e1.id, 'fp-1', 'approved'),
    pending: await createDevice(db, e1.id, 'fp-2', 'pending'),
    alreadyRevoked: await createDevice(db, e1.id, 'fp-3', 'revoked'),
    colleague: await createDevice(db, e2.id, 'fp-4', 'approved'),
  };
  const leaves = {
    before: await addLeave(db, e1.id, w.leaveTypeId, '2026-01-05', '2026-01-06'),
    endsOnLastDay: await addLeave(db, e1.id, w.leaveTypeId, '2026-01-19', LAST_DAY),
    straddling: await addLeave(db, e1.id, w.leaveTypeId, '2026-01-19', '2026-01-22'),
    after: await addLeave(db, e1.id, w.leaveTypeId, '2026-02-01', '2026-02-02', 'shift_manager_approved'),
    approvedAfter: await addLeave(db, e1.id, w.leaveTypeId, '2026-02-10', '2026-02-10', 'approved'),
    colleague: await addLeave(db, e2.id, w.leaveTypeId, '2026-02-01', '2026-02-02'),
  };
  const regularizations = {
    before: await addRegularization(db, e1.id, '2026-01-12', '2026-01-12'),
    after: await addRegularization(db, e1.id, '2026-01-25', '2026-01-25'),
    rejectedAfter: await addRegularization(db, e1.id, '2026-01-26', '2026-01-26', 'rejected'),
  };
  return {
    e1,
    e2,
    g1,
    secondToken,
    deployments: { primary, secondary, endsLater, pastDeployment, endsBefore },
    shifts,
    devices,
    leaves,
    regularizations,
  };
}

async function boot(t: any, dialect: (typeof DIALECTS)[number]) {
  const app = await bootApp(dialect);
  t.teardown(app.close);
  const w = await buildWorld(app);
  const s = await scene(app, w);
  return { app, w, s, http: app.workforce, db: w.db };
}

const body = { last_working_day: LAST_DAY, reason: 'Resigned' };

for (const dialect of DIALECTS) {
  test(`[${dialect}] offboard runs the seven steps and changes exactly the rows it must`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const before = await stateOf(db);
    const res = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, {
      token: w.actors.hr.token,
    });
    t.is(res.status, 200, res.text);
    const after = await stateOf(db);

    t.like(res.body, {
      dry_run: false,
      employee: {
        id: s.e1.id,
        employee_id: 'E001',
        is_active: false,
        last_working_day: LAST_DAY,
        exit_reason: 'Resigned',
        deleted_at: '2026-01-15T10:00:00.000Z',
      },
      user_deactivated: s.e1.userId,
    });
    t.deepEqual(res.body.deployments_ended, [
      s.deployments.primary,
      s.deployments.secondary,
      s.deployments.endsLater,
    ]);
    t.deepEqual(res.body.shifts_cancelled, [s.shifts.after, s.shifts.afterAtOtherUnit]);
    t.deepEqual(res.body.devices_revoked, [s.devices.approved, s.devices.pending]);
    t.is(res.body.tokens_deleted.length, 2);
    t.deepEqual(res.body.leaves_rejected, [s.leaves.straddling, s.leaves.after]);
    t.deepEqual(res.body.regularizations_rejected, [s.regularizations.after]);
    t.deepEqual(res.body.roles_removed, [{ role: 'employee', organization_id: w.acme.id }]);

    const audit = (await auditEntries(db, 'employee.offboarded'))[0];
    const e1Role = (before.user_roles as any[]).find((r) => r.user_id === s.e1.userId).id;
    t.deepEqual(diff(before, after), {
      users: changed([s.e1.userId]),
      user_roles: { changed: [], added: [], removed: [e1Role] },
      personal_access_tokens: { changed: [], added: [], removed: res.body.tokens_deleted },
      employees: changed([s.e1.id]),
      devices: changed([s.devices.approved, s.devices.pending]),
      employee_deployments: changed(res.body.deployments_ended),
      shift_assignments: changed(res.body.shifts_cancelled),
      leave_requests: changed(res.body.leaves_rejected),
      regularization_requests: changed(res.body.regularizations_rejected),
      audit_entries: { changed: [], added: [audit.id], removed: [] },
    });

    const employee = await db('employees').where({ id: s.e1.id }).first();
    t.is(Number(employee.is_active), 0);
    t.truthy(employee.deleted_at);
    for (const id of res.body.deployments_ended) {
      t.is((await db('employee_deployments').where({ id }).first()).ends_on, LAST_DAY);
    }
    const device = await db('devices').where({ id: s.devices.approved }).first();
    t.is(device.status, 'revoked');
    const shift = await db('shift_assignments').where({ id: s.shifts.after }).first();
    t.is(shift.state, 'cancelled');
    const leave = await db('leave_requests').where({ id: s.leaves.after }).first();
    t.is(leave.state, 'rejected');
    const trail = JSON.parse(leave.decision_trail);
    t.is(trail.length, 2, 'the earlier decision is kept');
    t.like(trail[1], { origin: 'system', action: 'rejected', by: w.actors.hr.id });
    t.is(Number((await db('users').where({ id: s.e1.userId }).first()).is_active), 0);

    t.like(audit, {
      actor_user_id: w.actors.hr.id,
      subject_type: 'employee',
      subject_id: s.e1.id,
      organization_id: w.acme.id,
    });
    t.like(audit.context, { reason: 'Resigned', last_working_day: LAST_DAY });
    t.deepEqual(audit.context.shifts_cancelled, res.body.shifts_cancelled);

    // Step 4 is visible to the employee: the deleted token answers 401.
    t.is((await http.get(`/api/v1/employees/${s.e1.id}`, { token: s.e1.token })).status, 401);
    // The record stays readable by admins, with deleted_at set.
    const read = await http.get(`/api/v1/employees/${s.e1.id}`, { token: w.actors.orgAdmin.token });
    t.is(read.status, 200);
    t.is(read.body.deleted_at, '2026-01-15T10:00:00.000Z');
  });

  test(`[${dialect}] offboarding again is a 409 and changes nothing`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const first = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, {
      token: w.actors.hr.token,
    });
    t.is(first.status, 200);
    const before = await stateOf(db);
    const again = await http.post(
      `/api/v1/employees/${s.e1.id}/offboard`,
      { last_working_day: '2026-02-01', reason: 'again' },
      { token: w.actors.orgAdmin.token },
    );
    t.is(again.status, 409);
    t.is(again.body.code, 'ALREADY_OFFBOARDED');
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] ?dry_run=true returns the exact summary and changes nothing`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const before = await stateOf(db);
    const preview = await http.post(`/api/v1/employees/${s.e1.id}/offboard?dry_run=true`, body, {
      token: w.actors.hr.token,
    });
    t.is(preview.status, 200);
    t.true(preview.body.dry_run);
    t.deepEqual(await stateOf(db), before);
    const real = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, { token: w.actors.hr.token });
    t.is(real.status, 200);
    t.deepEqual({ ...preview.body, dry_run: false }, real.body);
  });

  test(`[${dialect}] offboard permission matrix`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const { hr, orgAdmin, systemAdmin, shiftManager, employee, otherAdmin } = w.actors;
    const before = await stateOf(db);
    const call = (token: string, dry = true) =>
      http.post(`/api/v1/employees/${s.e1.id}/offboard${dry ? '?dry_run=true' : ''}`, body, { token });
    for (const actor of [hr, orgAdmin, systemAdmin]) t.is((await call(actor.token)).status, 200);
    t.is((await call(shiftManager.token, false)).status, 403);
    t.is((await call(employee.token, false)).status, 403);
    t.is((await call(s.e2.token, false)).status, 403, 'a colleague');
    t.is((await call(otherAdmin.token, false)).status, 404, "another organization's admin");
    t.is((await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body)).status, 401);
    t.deepEqual(await stateOf(db), before);
    t.is((await call(systemAdmin.token, false)).status, 200);
  });

  test(`[${dialect}] an account with roles in another organization is offboarded only by someone who may manage them`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const { hr, systemAdmin } = w.actors;
    // E001 is an ACME employee and also GLOBEX's hr.
    await db('user_roles').insert({
      user_id: s.e1.userId,
      role: 'hr',
      organization_id: w.globex.id,
      scope_key: `org:${w.globex.id}`,
      created_at: '2026-01-01 00:00:00.000',
    });
    const before = await stateOf(db);
    for (const dry of ['?dry_run=true', '']) {
      const res = await http.post(`/api/v1/employees/${s.e1.id}/offboard${dry}`, body, { token: hr.token });
      t.is(res.status, 403, dry);
      t.is(res.body.code, 'ROLES_OUTSIDE_SCOPE');
      t.notRegex(res.body.message, /GLOBEX/, 'the other organization is not named');
    }
    t.deepEqual(await stateOf(db), before, 'nothing changed: the GLOBEX role is still there');
    const done = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, { token: systemAdmin.token });
    t.is(done.status, 200);
    t.true(done.body.roles_removed.some((r: any) => r.organization_id === w.globex.id));
  });

  test(`[${dialect}] offboard bad inputs are 4xx naming the field, and nothing changes`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const before = await stateOf(db);
    const token = w.actors.hr.token;
    const post = (id: string | number, b: unknown) =>
      http.post(`/api/v1/employees/${id}/offboard`, b, { token });
    const cases: Array<[unknown, string[]]> = [
      [{}, ['last_working_day', 'reason']],
      [{ reason: 'x' }, ['last_working_day']],
      [{ last_working_day: '2026-02-30', reason: 'x' }, ['last_working_day']],
      [{ last_working_day: '31/01/2026', reason: 'x' }, ['last_working_day']],
      [{ last_working_day: 20260131, reason: 'x' }, ['last_working_day']],
      [{ last_working_day: LAST_DAY, reason: '   ' }, ['reason']],
      [{ last_working_day: LAST_DAY, reason: 'x'.repeat(1001) }, ['reason']],
      // Not a string at all: a 422 naming the field, never a 500 from trimming it.
      [{ last_working_day: LAST_DAY, reason: { text: 'x' } }, ['reason']],
      [{ last_working_day: LAST_DAY, reason: ['x'] }, ['reason']],
    ];
    for (const [b, fields] of cases) {
      const res = await post(s.e1.id, b);
      t.is(res.status, 422, JSON.stringify(b));
      t.deepEqual(Object.keys(res.body.errors).sort(), fields, JSON.stringify(b));
    }
    t.is((await post(999999, body)).status, 404);
    t.is((await post('abc', body)).status, 404);
    t.is((await post(s.g1.id, body)).status, 404, "another organization's employee");
    const bad = await http.post(`/api/v1/employees/${s.e1.id}/offboard?dry_run=maybe`, body, { token });
    t.is(bad.status, 422);
    t.truthy(bad.body.errors.dry_run);
    t.deepEqual(await stateOf(db), before);
  });

  test(`[${dialect}] a failure in the middle of the cascade leaves the database as it was`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const before = await stateOf(db);
    // Steps 1-3 have written when step 4 (revoking devices) fails.
    const drop = await failOn(db, dialect, 'devices', 'UPDATE');
    const res = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, { token: w.actors.hr.token });
    t.is(res.status, 500);
    t.is(res.body.code, 'INTERNAL');
    t.deepEqual(await stateOf(db), before);
    await drop();
    const retry = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, {
      token: w.actors.hr.token,
    });
    t.is(retry.status, 200);
  });

  test(`[${dialect}] an Idempotency-Key replays the first offboard's answer`, async (t) => {
    const { w, s, http } = await boot(t, dialect);
    const headers = { 'Idempotency-Key': 'offboard-e1' };
    const opts = { token: w.actors.hr.token, headers };
    const first = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, opts);
    t.is(first.status, 200);
    const replay = await http.post(`/api/v1/employees/${s.e1.id}/offboard`, body, opts);
    t.is(replay.status, 200);
    t.is(replay.headers.get('idempotent-replayed'), 'true');
    t.deepEqual(replay.body, first.body);
  });

  test(`[${dialect}] a retroactive last working day leaves past shifts alone`, async (t) => {
    const { w, s, http, db } = await boot(t, dialect);
    const res = await http.post(
      `/api/v1/employees/${s.e1.id}/offboard`,
      { last_working_day: '2026-01-05', reason: 'Absconded' },
      { token: w.actors.hr.token },
    );
    t.is(res.status, 200);
    // 2026-01-10 is after the last day but before today: history, not cancelled.
    t.false(res.body.shifts_cancelled.includes(s.shifts.past));
    t.true(res.body.shifts_cancelled.includes(s.shifts.beforeLastDay));
    t.is((await db('shift_assignments').where({ id: s.shifts.past }).first()).state, 'planned');
    // The deployment that ended on 2026-01-10 was still running after 2026-01-05.
    t.true(res.body.deployments_ended.includes(s.deployments.endsBefore));
    t.true(res.body.leaves_rejected.includes(s.leaves.before));
  });
}
