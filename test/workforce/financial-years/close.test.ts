// POST /financial-years/{id}/close and GET /financial-years/{id}: the checklist, 202 + job, the
// snapshot frozen at close, a crash mid-job and its retry, and the job's own re-check.
import test from 'ava';
import { backoffMs, workOnce } from '../../../src/core/job-queue.js';
import { runOperation } from '../../../src/core/operation.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { lockMonth } from '../../../src/workforce/attendance/operations/lock-month.js';
import { systemActor } from '../../../src/workforce/identity/actor.js';
import { jobHandlers } from '../../../src/tasks.js';
import { monthsBetween } from '../../../src/core/calendar.js';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { snapshot } from '../../helpers/workforce.js';
import { orgWorld, type OrgWorld } from '../attendance/fixtures.js';
import { createFinancialYear, createLeaveType, createRequest } from './fixtures.js';

const TABLES = ['financial_years', 'jobs', 'leave_type_snapshots', 'audit_entries'];

async function lockYear(app: TestApp, world: OrgWorld, except: string[] = []) {
  const ctx = workforceContext(app.services, await systemActor(app.services.db));
  for (const month of monthsBetween('2025-01-01', '2025-12-31')) {
    if (!except.includes(month)) await runOperation(lockMonth, ctx, { organization_id: world.org.id, month });
  }
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] every checklist failure is listed in one 422, and nothing changes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    const fy = await createFinancialYear(db, a.org.id);
    await lockYear(app, a, ['2025-03', '2025-07']);
    const ctx = workforceContext(app.services, await systemActor(db));
    await runOperation(lockMonth, ctx, {
      organization_id: a.org.id,
      organization_unit_id: a.units[0].id,
      month: '2025-07',
    });
    const lt = await createLeaveType(db, a.org.id, 'CL', 12, 3);
    const [e0, e1] = a.employees;
    const pending = await createRequest(db, 'leave_requests', {
      employeeId: e0.id,
      leaveTypeId: lt,
      from: '2025-05-05',
      to: '2025-05-06',
      state: 'pending',
    });
    const straddling = await createRequest(db, 'regularization_requests', {
      employeeId: e1.id,
      from: '2024-12-30',
      to: '2025-01-02',
      state: 'shift_manager_approved',
    });
    await createRequest(db, 'leave_requests', {
      employeeId: e0.id,
      leaveTypeId: lt,
      from: '2025-06-01',
      to: '2025-06-01',
      state: 'approved',
    });
    await createRequest(db, 'leave_requests', {
      employeeId: e0.id,
      leaveTypeId: lt,
      from: '2026-01-05',
      to: '2026-01-06',
      state: 'pending',
    });
    const ltB = await createLeaveType(db, b.org.id, 'CL', 10, 0);
    await createRequest(db, 'leave_requests', {
      employeeId: b.employees[0].id,
      leaveTypeId: ltB,
      from: '2025-05-05',
      to: '2025-05-05',
      state: 'pending',
    });

    const before = await snapshot(db, TABLES);
    const res = await app.workforce.post(`/api/v1/financial-years/${fy.id}/close`, undefined, {
      token: a.tokens.orgAdmin,
    });
    t.is(res.status, 422, res.text);
    t.is(res.body.code, 'CLOSE_CHECKLIST_UNMET');
    t.deepEqual(Object.keys(res.body.errors).sort(), [
      `leave_requests.${pending}`,
      'months.2025-03',
      'months.2025-07',
      `regularization_requests.${straddling}`,
    ]);
    t.regex(res.body.errors['months.2025-07'][0], /not locked for the whole organization/);
    t.regex(res.body.errors[`regularization_requests.${straddling}`][0], /shift_manager_approved/);
    t.deepEqual(await snapshot(db, TABLES), before);

    const hr = await app.workforce.post(`/api/v1/financial-years/${fy.id}/close`, undefined, {
      token: a.tokens.hr,
    });
    t.is(hr.status, 403);
    const foreign = await app.workforce.post(`/api/v1/financial-years/${fy.id}/close`, undefined, {
      token: b.tokens.orgAdmin,
    });
    t.is(foreign.status, 404);
    t.is(
      (await app.workforce.get(`/api/v1/financial-years/${fy.id}`, { token: b.tokens.orgAdmin })).status,
      404,
    );
    t.is(
      (
        await app.workforce.post('/api/v1/financial-years/999999/close', undefined, {
          token: a.tokens.orgAdmin,
        })
      ).status,
      404,
    );
    t.is(
      (await app.workforce.post('/api/v1/financial-years/abc/close', undefined, { token: a.tokens.orgAdmin }))
        .status,
      404,
    );
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] close: 202 closing, the job snapshots and closes; later edits never reach the snapshot`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const fy = await createFinancialYear(db, a.org.id);
    await lockYear(app, a);
    const cl = await createLeaveType(db, a.org.id, 'CL', 12, 3);
    await createLeaveType(db, a.org.id, 'EL', 18.5, 30);
    const url = `/api/v1/financial-years/${fy.id}`;

    const res = await app.workforce.post(`${url}/close`, undefined, { token: a.tokens.orgAdmin });
    t.is(res.status, 202, res.text);
    t.is(res.body.status, 'closing');
    const shown = await app.workforce.get(url, { token: a.tokens.hr });
    t.like(shown.body, { status: 'closing', close_job_id: res.body.job_id, leave_type_snapshot: null });
    const again = await app.workforce.post(`${url}/close`, undefined, { token: a.tokens.orgAdmin });
    t.is(again.status, 409);
    t.is(again.body.code, 'FINANCIAL_YEAR_CLOSING');

    const job = await workOnce(app.services, jobHandlers, 'test-worker');
    t.is(job!.id, res.body.job_id);
    t.is(job!.status, 'done');
    const closed = await app.workforce.get(url, { token: a.tokens.employee });
    t.is(closed.status, 404, 'an employee without a role does not see the organization’s years');
    const view = (await app.workforce.get(url, { token: a.tokens.hr })).body;
    t.is(view.status, 'closed');
    t.is(view.closed_at, app.clock.now().toISOString());
    t.deepEqual(
      view.leave_type_snapshot.map((s: any) => [s.code, s.annual_quota, s.carry_forward_max]),
      [
        ['CL', 12, 3],
        ['EL', 18.5, 30],
      ],
    );
    const audit = await db('audit_entries').where({ event: 'financial_year.closed' }).first();
    t.is(Number(audit.subject_id), fy.id);
    t.is(Number(audit.actor_user_id), a.users.orgAdmin);

    await db('leave_types')
      .where({ id: cl })
      .update({ annual_quota: 20, carry_forward_max: 9, name: 'renamed' });
    const after = (await app.workforce.get(url, { token: a.tokens.hr })).body;
    t.deepEqual(after.leave_type_snapshot, view.leave_type_snapshot);
    const closedAgain = await app.workforce.post(`${url}/close`, undefined, { token: a.tokens.orgAdmin });
    t.is(closedAgain.status, 409);
    t.is(closedAgain.body.code, 'FINANCIAL_YEAR_CLOSED');
  });

  test(`[${dialect}] a crash mid-job leaves the year closing, never half-closed, and the retry closes it`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const fy = await createFinancialYear(db, a.org.id);
    await lockYear(app, a);
    const cl = await createLeaveType(db, a.org.id, 'CL', 12, 3);
    const res = await app.workforce.post(`/api/v1/financial-years/${fy.id}/close`, undefined, {
      token: a.tokens.orgAdmin,
    });
    t.is(res.status, 202);
    // A row in the way makes the snapshot insert fail after the status was already set in the transaction.
    await db('leave_type_snapshots').insert({
      financial_year_id: fy.id,
      leave_type_id: cl,
      code: 'X',
      name: 'in the way',
      annual_quota: 0,
      carry_forward_max: 0,
      created_at: '2026-01-01 00:00:00.000',
    });
    const crashed = await workOnce(app.services, jobHandlers, 'w1');
    t.is(crashed!.status, 'queued');
    t.is(crashed!.attempts, 1);
    t.truthy(crashed!.last_error);
    const row = await db('financial_years').where({ id: fy.id }).first();
    t.is(row.status, 'closing');
    t.is(row.closed_at, null);
    t.is(await db('audit_entries').where({ event: 'financial_year.closed' }).first(), undefined);

    await db('leave_type_snapshots').where({ financial_year_id: fy.id }).delete();
    t.is(await workOnce(app.services, jobHandlers, 'w1'), null, 'waits for its backoff');
    app.clock.advance(backoffMs(1));
    const retried = await workOnce(app.services, jobHandlers, 'w1');
    t.is(retried!.status, 'done');
    t.is(retried!.attempts, 2);
    const view = (await app.workforce.get(`/api/v1/financial-years/${fy.id}`, { token: a.tokens.orgAdmin }))
      .body;
    t.is(view.status, 'closed');
    t.is(view.leave_type_snapshot.length, 1);
    t.is(view.leave_type_snapshot[0].code, 'CL');
  });

  test(`[${dialect}] the job re-checks: a month unlocked after the 202 sends the year back to open`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const fy = await createFinancialYear(db, a.org.id);
    await lockYear(app, a);
    await createLeaveType(db, a.org.id, 'CL', 12, 3);
    const res = await app.workforce.post(`/api/v1/financial-years/${fy.id}/close`, undefined, {
      token: a.tokens.orgAdmin,
    });
    t.is(res.status, 202);
    const may = await db('attendance_locks').where({ organization_id: a.org.id, month: '2025-05' }).first();
    const unlock = await app.workforce.post(
      '/api/v1/attendance/unlock',
      { lock_id: may.id, reason: 'fix' },
      { token: a.tokens.orgAdmin },
    );
    t.is(unlock.status, 200);
    const job = await workOnce(app.services, jobHandlers, 'w1');
    t.is(job!.status, 'failed');
    t.regex(job!.last_error!, /2025-05/);
    const view = (await app.workforce.get(`/api/v1/financial-years/${fy.id}`, { token: a.tokens.orgAdmin }))
      .body;
    t.is(view.status, 'open');
    t.is(view.leave_type_snapshot, null);
    t.is(Number((await db('leave_type_snapshots').count({ n: '*' }).first())!.n), 0);
  });
}
