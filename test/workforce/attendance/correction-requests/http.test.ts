// Correction requests against a locked month over HTTP (issue 28): the employee asks, hr approves,
// and the one day is corrected inside its lock — times, trail naming the request, the flag
// CORRECTED_AFTER_LOCK, the audit entry — while every other row, and the lock, stay as they were;
// the pull and the CSV export return the corrected values, marked.
import test from 'ava';
import { bootApp } from '../../../helpers/app.js';
import { DIALECTS } from '../../../helpers/db.js';
import { createPartner, partnerToken } from '../../partners/fixtures.js';
import { attendanceOf, BASE, correctionWorld } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] an employee's request, approved by hr, corrects one locked day and nothing else`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await correctionWorld(app);
    const before = await attendanceOf(db, w.org.id);

    const filed = await app.workforce.post(
      BASE,
      {
        date: '2026-01-02',
        check_in: '2026-01-02T08:00:00Z',
        check_out: '2026-01-02T17:00:00Z',
        reason: 'The reader was down; I was in at eight.',
      },
      { token: w.employeeUser.token },
    );
    t.is(filed.status, 201, filed.text);
    t.like(filed.body, { status: 'pending', employee_id: w.employee.code, date: '2026-01-02' });
    t.deepEqual(await attendanceOf(db, w.org.id), before, 'filing changes no day');

    const listed = await app.workforce.get(`${BASE}?status=pending&month=2026-01`, { token: w.hr.token });
    t.is(listed.status, 200, listed.text);
    t.deepEqual(
      listed.body.data.map((r: any) => r.id),
      [filed.body.id],
    );
    t.deepEqual(listed.body.meta, { next_cursor: null, limit: 50 });

    app.clock.set(new Date('2026-02-11T09:00:00Z'));
    const approved = await app.workforce.post(`${BASE}/${filed.body.id}/approve`, {}, { token: w.hr.token });
    t.is(approved.status, 200, approved.text);
    t.like(approved.body, { status: 'approved', decided_by: w.hr.id, lock_id: w.lockId });

    const after = await attendanceOf(db, w.org.id);
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    t.is(changed.length, 1, 'exactly one row changed');
    const day = changed[0];
    t.is(Number(day.id), approved.body.attendance_id);
    t.like(day, { check_in: '08:00:00Z', check_out: '17:00:00Z', worked_minutes: 540 });
    t.is(Number(day.lock_id), w.lockId, 'the day keeps its lock');
    t.truthy(day.locked_at);
    t.deepEqual(JSON.parse(day.flags), ['REGULARIZED', 'CORRECTED_AFTER_LOCK']);
    const trail = JSON.parse(day.correction_trail);
    t.deepEqual(
      trail.map((e: any) => [e.field, e.from, e.to, e.via, e.request_id, e.by]),
      [
        ['check_in', '09:00:00Z', '08:00:00Z', 'correction-request', filed.body.id, w.hr.id],
        ['check_out', '17:30:00Z', '17:00:00Z', 'correction-request', filed.body.id, w.hr.id],
        ['worked_minutes', 510, 540, 'correction-request', filed.body.id, w.hr.id],
        ['flags', [], ['REGULARIZED', 'CORRECTED_AFTER_LOCK'], 'correction-request', filed.body.id, w.hr.id],
      ],
    );
    t.truthy(await db('attendance_locks').where({ id: w.lockId }).first(), 'the lock stays');
    const audit = await db('audit_entries').where({ event: 'attendance.correction_approved' });
    t.is(audit.length, 1);
    t.like(audit[0], { subject_type: 'attendance_correction_request', subject_id: filed.body.id });
    t.like(JSON.parse(audit[0].context), {
      request_id: filed.body.id,
      lock_id: w.lockId,
      date: '2026-01-02',
    });

    // The served record shows the trail naming the request.
    const record = await app.workforce.get(`/api/v1/attendances?employee_id=${w.employee.code}`, {
      token: w.hr.token,
    });
    const served = record.body.data.find((r: any) => r.date === '2026-01-02');
    t.is(served.corrections[0].request_id, filed.body.id);

    // The pull returns the corrected values, marked.
    const partner = await createPartner(db, { organizationIds: [w.org.id] });
    const token = await partnerToken(db, partner.id);
    const pulled = await app.workforce.get(
      `/api/v1/integrations/payroll/pull?month=2026-01&org_id=${w.org.id}`,
      {
        token,
      },
    );
    t.is(pulled.status, 200, pulled.text);
    const marked = pulled.body.filter((r: any) => r.flags.includes('CORRECTED_AFTER_LOCK'));
    t.deepEqual(
      marked.map((r: any) => [r.employee_id, r.date, r.check_in, r.check_out, r.worked_minutes]),
      [[w.employee.code, '2026-01-02', '08:00:00Z', '17:00:00Z', 540]],
    );
    t.is(pulled.body.length, 6);

    // So does the CSV export.
    const csv = await app.workforce.get(`/api/v1/exports/attendance.csv?org_id=${w.org.id}&month=2026-01`, {
      token: w.hr.token,
    });
    t.is(csv.status, 200, csv.text);
    const lines = csv.text.trim().split('\n');
    t.deepEqual(
      lines.filter((l) => l.includes('CORRECTED_AFTER_LOCK')),
      [
        `${w.employee.code},CRQ,MAIN,2026-01-02,present,08:00:00Z,17:00:00Z,540,REGULARIZED|CORRECTED_AFTER_LOCK`,
      ],
    );

    // Approving again, or rejecting now, is refused and changes nothing.
    const again = await app.workforce.post(
      `${BASE}/${filed.body.id}/approve`,
      {},
      { token: w.orgAdmin.token },
    );
    t.is(again.status, 409, again.text);
    t.is(again.body.code, 'REQUEST_ALREADY_DECIDED');
    const late = await app.workforce.post(
      `${BASE}/${filed.body.id}/reject`,
      { reason: 'too late' },
      { token: w.orgAdmin.token },
    );
    t.is(late.status, 409, late.text);
    t.deepEqual(await attendanceOf(db, w.org.id), after);
    t.is((await db('audit_entries').where({ event: 'attendance.correction_approved' })).length, 1);
  });

  test(`[${dialect}] a manager asks for their team; hr rejects with a reason and the day is untouched`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await correctionWorld(app);
    const before = await attendanceOf(db, w.org.id);
    const filed = await app.workforce.post(
      BASE,
      {
        employee_id: w.colleague.code,
        date: '2026-01-03',
        check_out: '2026-01-03T18:00:00Z',
        reason: 'stayed late',
      },
      { token: w.manager.token },
    );
    t.is(filed.status, 201, filed.text);
    t.is(filed.body.requested_by, w.manager.id);
    // The manager holds no attendance.lock: deciding is hr's or org_admin's.
    const byManager = await app.workforce.post(
      `${BASE}/${filed.body.id}/approve`,
      {},
      { token: w.manager.token },
    );
    t.is(byManager.status, 403, byManager.text);
    const rejected = await app.workforce.post(
      `${BASE}/${filed.body.id}/reject`,
      { reason: 'The gate log shows 17:30.' },
      { token: w.orgAdmin.token },
    );
    t.is(rejected.status, 200, rejected.text);
    t.like(rejected.body, { status: 'rejected', decision_reason: 'The gate log shows 17:30.' });
    t.deepEqual(await attendanceOf(db, w.org.id), before);
    const listed = await app.workforce.get(`${BASE}?status=rejected&employee_id=${w.colleague.code}`, {
      token: w.hr.token,
    });
    t.deepEqual(
      listed.body.data.map((r: any) => r.status),
      ['rejected'],
    );
  });

  test(`[${dialect}] the routes are marked as extensions in the OpenAPI document`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const doc = (await app.workforce.get('/docs/openapi.json')).body;
    const ops = [
      doc.paths[BASE].post,
      doc.paths[BASE].get,
      doc.paths[`${BASE}/{id}/approve`].post,
      doc.paths[`${BASE}/{id}/reject`].post,
    ];
    t.true(ops.every((op: any) => op['x-wfctl-extension'] === true));
    t.is(doc.paths['/api/v1/attendance/lock'].post['x-wfctl-extension'], undefined);
  });
}
