// Bad inputs of correction requests (issue 28), each answered with its status and code and the
// database unchanged: a day outside the caller's scope, a colleague's day without a staff role, an
// unlocked month (just a correction), invalid times (422 naming the field), a rejection without a
// reason, a request already pending.
import test from 'ava';
import { bootApp } from '../../../helpers/app.js';
import { DIALECTS } from '../../../helpers/db.js';
import { snapshot } from '../../../helpers/workforce.js';
import { insertAttendance } from '../../partners/fixtures.js';
import { BASE, correctionWorld } from './fixtures.js';

const TABLES = ['attendance', 'attendance_punches', 'attendance_correction_requests', 'audit_entries'];

for (const dialect of DIALECTS) {
  test(`[${dialect}] refused requests name the problem and change nothing`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await correctionWorld(app);
    // February is open: its days are corrected directly, not requested.
    await insertAttendance(db, {
      organizationId: w.org.id,
      unitId: w.unit.id,
      employeeIds: [w.employee.id],
      month: '2026-02',
      days: 2,
    });
    const before = await snapshot(db, TABLES);
    const day = { date: '2026-01-02', check_in: '2026-01-02T08:00:00Z', reason: 'reader down' };
    const cases: Array<[string, Record<string, unknown>, string, number, string]> = [
      ['hr of another organization', { ...day, employee_id: w.employee.code }, w.otherHr.token, 404, ''],
      [
        'a plain employee for a colleague',
        { ...day, employee_id: w.colleague.code },
        w.employeeUser.token,
        403,
        '',
      ],
      ['an unknown employee', { ...day, employee_id: 'NOPE' }, w.hr.token, 404, ''],
      [
        'an unlocked month',
        { date: '2026-02-02', check_in: '2026-02-02T08:00:00Z', reason: 'x' },
        w.employeeUser.token,
        409,
        'MONTH_NOT_LOCKED',
      ],
      ['no time at all', { date: '2026-01-02', reason: 'x' }, w.employeeUser.token, 422, 'check_in'],
      [
        'a time without offset',
        { ...day, check_in: '2026-01-02T08:00:00' },
        w.employeeUser.token,
        422,
        'check_in',
      ],
      [
        'an impossible date',
        { ...day, check_in: '2026-01-32T08:00:00Z' },
        w.employeeUser.token,
        422,
        'check_in',
      ],
      [
        'a check-in on another day',
        { ...day, check_in: '2026-01-03T08:00:00Z' },
        w.employeeUser.token,
        422,
        'check_in',
      ],
      [
        'a check-out before the check-in',
        { ...day, check_out: '2026-01-02T07:00:00Z' },
        w.employeeUser.token,
        422,
        'check_out',
      ],
      [
        'a check-out two days later',
        { date: '2026-01-02', check_out: '2026-01-04T01:00:00Z', reason: 'x' },
        w.employeeUser.token,
        422,
        'check_out',
      ],
      ['no reason', { date: day.date, check_in: day.check_in }, w.employeeUser.token, 422, 'reason'],
      ['a bad date', { ...day, date: '2026-13-01' }, w.employeeUser.token, 422, 'date'],
    ];
    for (const [what, body, token, status, codeOrField] of cases) {
      const res = await app.workforce.post(BASE, body, { token });
      t.is(res.status, status, `${what}: ${res.text}`);
      if (status === 409) t.is(res.body.code, codeOrField, what);
      if (status === 422)
        t.truthy(res.body.errors?.[codeOrField], `${what} names ${codeOrField}: ${res.text}`);
    }
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] deciding: outside scope, no reason, already pending, already decided`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await correctionWorld(app);
    const body = { date: '2026-01-01', check_in: '2026-01-01T08:55:00Z', reason: 'bus strike' };
    const filed = await app.workforce.post(BASE, body, { token: w.employeeUser.token });
    t.is(filed.status, 201, filed.text);
    const before = await snapshot(db, TABLES);

    const twice = await app.workforce.post(BASE, body, { token: w.employeeUser.token });
    t.is(twice.status, 409, twice.text);
    t.is(twice.body.code, 'REQUEST_PENDING');
    t.is(twice.body.request_id, filed.body.id);

    const outside = await app.workforce.post(
      `${BASE}/${filed.body.id}/approve`,
      {},
      { token: w.otherHr.token },
    );
    t.is(outside.status, 404, outside.text);
    const missing = await app.workforce.post(`${BASE}/999999/approve`, {}, { token: w.hr.token });
    t.is(missing.status, 404, missing.text);
    const noReason = await app.workforce.post(`${BASE}/${filed.body.id}/reject`, {}, { token: w.hr.token });
    t.is(noReason.status, 422, noReason.text);
    t.truthy(noReason.body.errors.reason);
    const blank = await app.workforce.post(
      `${BASE}/${filed.body.id}/reject`,
      { reason: '  ' },
      { token: w.hr.token },
    );
    t.is(blank.status, 422, blank.text);
    const outsideList = await app.workforce.get(`${BASE}?organization_id=${w.org.id}`, {
      token: w.otherHr.token,
    });
    t.is(outsideList.status, 404, outsideList.text);
    const badStatus = await app.workforce.get(`${BASE}?status=maybe`, { token: w.hr.token });
    t.is(badStatus.status, 422, badStatus.text);
    t.truthy(badStatus.body.errors.status);
    t.deepEqual(await snapshot(db, TABLES), before);

    // Unlocked after the request was filed: the approval is refused, the request stays pending.
    await db('attendance').where({ lock_id: w.lockId }).update({ locked_at: null, lock_id: null });
    await db('attendance_locks').where({ id: w.lockId }).delete();
    const unlocked = await app.workforce.post(`${BASE}/${filed.body.id}/approve`, {}, { token: w.hr.token });
    t.is(unlocked.status, 409, unlocked.text);
    t.is(unlocked.body.code, 'MONTH_NOT_LOCKED');
    const row = await db('attendance_correction_requests').where({ id: filed.body.id }).first();
    t.is(row.status, 'pending');
  });
}
