// POST /attendance/punches (ingestion): the day in the unit's time zone, derivation, duplicates,
// corrections, the rate limit, locked days and bad input.
import test from 'ava';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import {
  createEmployee,
  createOrg,
  createUnit,
  createUser,
  snapshot,
  tokenFor,
} from '../../helpers/workforce.js';
import { orgWorld } from './fixtures.js';

const TABLES = ['attendance', 'attendance_punches'];

async function employeeIn(app: TestApp, timezone: string) {
  const { db } = app.services;
  const org = await createOrg(db, { timezone });
  const unit = await createUnit(db, org.id, { timezone });
  const user = await createUser(db);
  const employee = await createEmployee(db, { organizationId: org.id, unitId: unit.id, userId: user.id });
  return { org, unit, employee, token: await tokenFor(app.services, user.id) };
}

const punch = (app: TestApp, token: string, body: Record<string, unknown>) =>
  app.workforce.post('/api/v1/attendance/punches', body, { token });

for (const dialect of DIALECTS) {
  test(`[${dialect}] the server decides the day in the unit's time zone, across midnight`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const at = '2026-01-14T18:45:00Z'; // 00:15 on the 15th in Kolkata, 13:45 on the 14th in New York
    const cases: Array<[string, string]> = [
      ['Asia/Kolkata', '2026-01-15'],
      ['America/New_York', '2026-01-14'],
      ['UTC', '2026-01-14'],
      ['Pacific/Kiritimati', '2026-01-15'],
    ];
    for (const [tz, date] of cases) {
      const e = await employeeIn(app, tz);
      const res = await punch(app, e.token, { kind: 'check_in', at });
      t.is(res.status, 201, res.text);
      t.is(res.body.punch.date, date, tz);
      t.is(res.body.attendance.date, date, tz);
      t.is(res.body.attendance.check_in, '18:45:00Z');
      t.is(res.body.attendance.unit_code, e.unit.code);
    }
    // An offset in the instant does not change the day: the same instant written in +05:30.
    const k = await employeeIn(app, 'America/New_York');
    const res = await punch(app, k.token, { kind: 'check_in', at: '2026-01-15T00:15:00+05:30' });
    t.is(res.body.punch.date, '2026-01-14');
  });

  test(`[${dialect}] check-in and check-out derive worked_minutes, status and flags`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const e = await employeeIn(app, 'Asia/Kolkata');
    const inRes = await punch(app, e.token, { kind: 'check_in', at: '2026-01-12T03:50:00Z' }); // 09:20 IST
    t.is(inRes.body.attendance.status, 'present');
    t.deepEqual(inRes.body.attendance.flags, ['MISSING_CHECK_OUT']);
    const outRes = await punch(app, e.token, { kind: 'check_out', at: '2026-01-12T12:20:00Z' }); // 17:50 IST
    t.is(outRes.status, 201);
    t.like(outRes.body.attendance, {
      date: '2026-01-12',
      status: 'present',
      check_in: '03:50:00Z',
      check_out: '12:20:00Z',
      worked_minutes: 510,
    });
    t.deepEqual(outRes.body.attendance.flags, []);

    // With a planned 09:00–18:00 shift: late in, early out, and under half the shift is a half_day.
    await db('shift_assignments').insert({
      employee_id: e.employee.id,
      organization_unit_id: e.unit.id,
      assigned_for: '2026-01-13',
      starts_at: '09:00:00',
      ends_at: '18:00:00',
      state: 'planned',
      created_at: '2026-01-01 00:00:00.000',
      updated_at: '2026-01-01 00:00:00.000',
    });
    await punch(app, e.token, { kind: 'check_in', at: '2026-01-13T03:45:00Z' }); // 09:15 IST
    const early = await punch(app, e.token, { kind: 'check_out', at: '2026-01-13T07:30:00Z' }); // 13:00 IST
    t.like(early.body.attendance, { status: 'half_day', worked_minutes: 225 });
    t.deepEqual(early.body.attendance.flags, ['LATE_CHECK_IN', 'EARLY_CHECK_OUT']);
    t.is(
      await db('attendance')
        .where({ employee_id: e.employee.id })
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      2,
    );
  });

  test(`[${dialect}] a night shift's check-out after midnight closes the day it started`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const e = await employeeIn(app, 'America/New_York');
    await punch(app, e.token, { kind: 'check_in', at: '2026-01-13T03:00:00Z' }); // 22:00 on the 12th
    const out = await punch(app, e.token, { kind: 'check_out', at: '2026-01-13T11:00:00Z' }); // 06:00 on the 13th
    t.is(out.body.punch.date, '2026-01-12');
    t.like(out.body.attendance, { date: '2026-01-12', worked_minutes: 480, check_out: '11:00:00Z' });
    t.deepEqual(out.body.attendance.flags, []);
  });

  test(`[${dialect}] a repeated identical punch is absorbed: no duplicate, no error`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const e = await employeeIn(app, 'UTC');
    const body = { kind: 'check_in', at: '2026-01-12T09:00:00Z' };
    const first = await punch(app, e.token, body);
    t.is(first.status, 201);
    t.false(first.body.punch.duplicate);
    const before = await snapshot(db, TABLES);
    const again = await punch(app, e.token, { ...body, at: '2026-01-12T09:00:00.000Z' });
    t.is(again.status, 200);
    t.true(again.body.punch.duplicate);
    t.deepEqual(again.body.attendance, first.body.attendance);
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] 30 punches per minute per employee, then 429 with Retry-After`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const e = await employeeIn(app, 'UTC');
    const other = await employeeIn(app, 'UTC');
    for (let i = 0; i < 30; i++) {
      const at = new Date(Date.UTC(2026, 0, 1 + (i % 14), 9, i)).toISOString();
      const res = await punch(app, e.token, { kind: 'check_in', at });
      t.true(res.status === 201, `punch ${i + 1}: ${res.status}`);
    }
    const before = await snapshot(db, TABLES);
    const over = await punch(app, e.token, { kind: 'check_in', at: '2026-01-15T09:00:00Z' });
    t.is(over.status, 429);
    t.truthy(Number(over.headers.get('retry-after')) > 0);
    t.deepEqual(await snapshot(db, TABLES), before);
    const stillOk = await punch(app, other.token, { kind: 'check_in', at: '2026-01-15T09:00:00Z' });
    t.is(stillOk.status, 201, 'another employee has their own budget');
    app.clock.advance(60_000);
    const later = await punch(app, e.token, { kind: 'check_in', at: '2026-01-15T09:00:00Z' });
    t.is(later.status, 201, 'a new minute, a new budget');
  });

  test(`[${dialect}] admins with attendance.lock post corrections in scope; others cannot`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    const target = a.employees[1];
    const res = await punch(app, a.tokens.hr, {
      kind: 'check_in',
      at: '2026-01-12T09:00:00Z',
      employee_id: target.code,
    });
    t.is(res.status, 201, res.text);
    t.is(res.body.punch.source, 'correction');
    t.is(res.body.attendance.employee_id, target.code);
    t.deepEqual(res.body.attendance.flags, ['MISSING_CHECK_OUT', 'REGULARIZED']);
    const own = await punch(app, a.tokens.employee, { kind: 'check_in', at: '2026-01-12T09:00:00Z' });
    t.is(own.body.punch.source, 'self');
    t.deepEqual(own.body.attendance.flags, ['MISSING_CHECK_OUT']);

    const before = await snapshot(db, TABLES);
    const at = '2026-01-12T10:00:00Z';
    t.is(
      (await punch(app, b.tokens.orgAdmin, { kind: 'check_in', at, employee_id: target.code })).status,
      404,
    );
    t.is(
      (await punch(app, a.tokens.employee, { kind: 'check_in', at, employee_id: target.code })).status,
      404,
    );
    t.is((await punch(app, a.tokens.hr, { kind: 'check_in', at, employee_id: 'NOPE' })).status, 404);
    const noRecord = await punch(app, a.tokens.hr, { kind: 'check_in', at });
    t.is(noRecord.status, 422);
    t.truthy(noRecord.body.errors.employee_id);
    t.deepEqual(await snapshot(db, TABLES), before);
  });

  test(`[${dialect}] a locked day refuses punches with 409 ATTENDANCE_LOCKED; nothing changes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const [mine, colleague] = a.employees;
    await punch(app, a.tokens.employee, { kind: 'check_in', at: '2025-12-30T09:00:00Z' });
    const lock = await app.workforce.post(
      '/api/v1/attendance/lock',
      { organization_id: a.org.id, organization_unit_id: mine.unitId, month: '2025-12' },
      { token: a.tokens.hr },
    );
    t.is(lock.status, 201);
    const before = await snapshot(db, TABLES);
    const onRow = await punch(app, a.tokens.employee, { kind: 'check_out', at: '2025-12-30T17:00:00Z' });
    t.is(onRow.status, 409);
    t.is(onRow.body.code, 'ATTENDANCE_LOCKED');
    t.deepEqual(onRow.body.locked_dates, ['2025-12-30']);
    t.deepEqual(onRow.body.lock_ids, [lock.body.lock_id]);
    const newDay = await punch(app, a.tokens.employee, { kind: 'check_in', at: '2025-12-31T09:00:00Z' });
    t.is(newDay.status, 409, 'a new row inside a locked month is refused too');
    t.is(newDay.body.code, 'ATTENDANCE_LOCKED');
    const correction = await punch(app, a.tokens.orgAdmin, {
      kind: 'check_out',
      at: '2025-12-30T17:00:00Z',
      employee_id: mine.code,
    });
    t.is(correction.status, 409);
    t.deepEqual(await snapshot(db, TABLES), before);
    const otherUnit = await punch(app, a.tokens.hr, {
      kind: 'check_in',
      at: '2025-12-31T09:00:00Z',
      employee_id: colleague.code,
    });
    t.is(otherUnit.status, 201, 'a unit lock does not reach other units');
    t.is((await punch(app, a.tokens.employee, { kind: 'check_in', at: '2026-01-02T09:00:00Z' })).status, 201);
  });

  test(`[${dialect}] bad punches: 422 naming the field, nothing changes`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const e = await employeeIn(app, 'UTC');
    const before = await snapshot(db, TABLES);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ at: '2026-01-12T09:00:00Z' }, 'kind'],
      [{ kind: 'lunch', at: '2026-01-12T09:00:00Z' }, 'kind'],
      [{ kind: 'check_in' }, 'at'],
      [{ kind: 'check_in', at: '2026-01-12T09:00:00' }, 'at'],
      [{ kind: 'check_in', at: '2026-02-30T09:00:00Z' }, 'at'],
      [{ kind: 'check_in', at: '2025-11-31T09:00:00Z' }, 'at'], // in the past: not rolled to Dec 1
      [{ kind: 'check_in', at: '2026-01-14T24:00:00Z' }, 'at'], // not read as the next midnight
      [{ kind: 'check_in', at: 'yesterday' }, 'at'],
      [{ kind: 'check_in', at: '2026-01-15T10:06:00Z' }, 'at'], // clock 10:00Z, 5-minute tolerance
    ];
    for (const [body, field] of cases) {
      const res = await punch(app, e.token, body);
      t.is(res.status, 422, JSON.stringify(body));
      t.truthy(res.body.errors[field], `${JSON.stringify(body)} names ${field}`);
    }
    const ended = await db('employee_deployments')
      .where({ employee_id: e.employee.id })
      .update({ ends_on: '2025-12-31' });
    t.is(ended, 1);
    const noUnit = await punch(app, e.token, { kind: 'check_in', at: '2026-01-12T09:00:00Z' });
    t.is(noUnit.status, 422);
    t.truthy(noUnit.body.errors.employee_id);
    t.deepEqual(await snapshot(db, TABLES), before);
  });
}
