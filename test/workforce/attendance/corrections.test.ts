// A correction punch amends an imported day instead of erasing it (issue 13, point 2): the imported
// times are the baseline, the correction replaces only the time it corrects, worked minutes and
// flags are recomputed, and the row keeps a trail (who, when, field, from, to).
import test from 'ava';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { createAttendance, orgWorld } from './fixtures.js';

const punch = (app: TestApp, token: string, body: Record<string, unknown>) =>
  app.workforce.post('/api/v1/attendance/punches', body, { token });

for (const dialect of DIALECTS) {
  test(`[${dialect}] a correction check_out amends the imported day: check_in kept, minutes and flags recomputed, trail kept`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    app.clock.set(new Date('2026-01-20T10:00:00Z'));
    const w = await orgWorld(app.services, { timezone: 'Asia/Kolkata' });
    const target = w.employees[1];
    // Imported: 03:30Z–12:00Z (09:00–17:30 IST), 510 minutes.
    await createAttendance(app.services.db, [
      { employeeId: target.id, organizationId: w.org.id, unitId: target.unitId, date: '2026-01-12' },
    ]);
    const out = await punch(app, w.tokens.hr, {
      kind: 'check_out',
      at: '2026-01-12T11:00:00Z',
      employee_id: target.code,
    });
    t.is(out.status, 201, out.text);
    t.like(out.body.attendance, {
      check_in: '03:30:00Z',
      check_out: '11:00:00Z',
      worked_minutes: 450,
      status: 'present',
    });
    t.deepEqual(out.body.attendance.flags, ['REGULARIZED']);
    t.deepEqual(out.body.attendance.corrections, [
      {
        by: w.users.hr,
        at: '2026-01-20T10:00:00.000Z',
        field: 'check_out',
        from: '12:00:00Z',
        to: '11:00:00Z',
      },
      { by: w.users.hr, at: '2026-01-20T10:00:00.000Z', field: 'worked_minutes', from: 510, to: 450 },
    ]);

    // A second correction, of the check-in, keeps the first one's check-out.
    app.clock.advance(60_000);
    const inn = await punch(app, w.tokens.orgAdmin, {
      kind: 'check_in',
      at: '2026-01-12T04:00:00Z',
      employee_id: target.code,
    });
    t.like(inn.body.attendance, { check_in: '04:00:00Z', check_out: '11:00:00Z', worked_minutes: 420 });
    t.deepEqual(inn.body.attendance.flags, ['REGULARIZED']);
    t.is(inn.body.attendance.corrections.length, 4);
    t.like(inn.body.attendance.corrections[2], {
      by: w.users.orgAdmin,
      field: 'check_in',
      from: '03:30:00Z',
      to: '04:00:00Z',
    });

    // Correcting the check-out again replaces it (a later time than the first correction or earlier).
    const again = await punch(app, w.tokens.hr, {
      kind: 'check_out',
      at: '2026-01-12T10:00:00Z',
      employee_id: target.code,
    });
    t.like(again.body.attendance, { check_in: '04:00:00Z', check_out: '10:00:00Z', worked_minutes: 360 });

    // The list shows the same record, trail included.
    const list = await app.workforce.get('/api/v1/attendances?limit=10', { token: w.tokens.hr });
    t.is(list.status, 200, list.text);
    const row = list.body.data.find((r: any) => r.employee_id === target.code);
    t.deepEqual(row.corrections, again.body.attendance.corrections);
  });

  test(`[${dialect}] the employee's own punches on an imported day compete with the baseline; a day without import has no baseline`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    app.clock.set(new Date('2026-01-20T10:00:00Z'));
    const w = await orgWorld(app.services, { timezone: 'Asia/Kolkata' });
    const mine = w.employees[0];
    await createAttendance(app.services.db, [
      { employeeId: mine.id, organizationId: w.org.id, unitId: mine.unitId, date: '2026-01-12' },
    ]);
    // A later own check-out extends the imported day; the imported check-in stays.
    const late = await punch(app, w.tokens.employee, { kind: 'check_out', at: '2026-01-12T13:00:00Z' });
    t.like(late.body.attendance, { check_in: '03:30:00Z', check_out: '13:00:00Z', worked_minutes: 570 });
    t.deepEqual(late.body.attendance.flags, []);
    t.is(late.body.attendance.corrections, undefined, 'own punches leave no correction trail');

    const fresh = await punch(app, w.tokens.employee, { kind: 'check_out', at: '2026-01-13T12:00:00Z' });
    t.like(fresh.body.attendance, { check_in: null, check_out: '12:00:00Z', worked_minutes: 0 });
    t.deepEqual(fresh.body.attendance.flags, ['MISSING_CHECK_IN']);
  });
}
