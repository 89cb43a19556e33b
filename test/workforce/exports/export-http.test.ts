// GET /api/v1/exports/attendance.csv over real HTTP: the CSV, its escaping, permission, scope,
// LOCK_PENDING, validation and the per-user hourly limit.
import test from 'ava';
import { bootApp } from '../../helpers/app.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { createEmployee, createUnit, createUser, tokenFor } from '../../helpers/workforce.js';
import { insertAttendance, lockFixture, orgWithStaff } from '../partners/fixtures.js';

const EXPORT = '/api/v1/exports/attendance.csv';
const HEADER = 'employee_id,organization_code,unit_code,date,status,check_in,check_out,worked_minutes,flags';

async function setup(dialect: Dialect, env: Record<string, string> = {}) {
  const app = await bootApp(dialect, { env });
  const db = app.services.db;
  const { org, unit, employees } = await orgWithStaff(db, { employees: 1, code: 'EXP', unitCode: 'MAIN' });
  const other = await orgWithStaff(db, { employees: 1, code: 'EXPB' });
  await insertAttendance(db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds: [employees[0].id],
    month: '2026-01',
    days: 2,
    row: (_e, day) => (day === 2 ? { check_out: null, flags: '["MISSING_CHECK_OUT","LATE_CHECK_IN"]' } : {}),
  });
  const hr = await createUser(db, { grants: [{ role: 'hr', organizationId: org.id }] });
  const token = await tokenFor(app.services, hr.id);
  return { app, db, org, unit, employee: employees[0], other, hr, token };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] hr downloads the locked month as CSV with a header row and flags joined by |`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.app.close);
    await lockFixture(s.db, { organizationId: s.org.id, month: '2026-01' });
    const res = await s.app.workforce.get(`${EXPORT}?org_id=${s.org.id}&month=2026-01`, { token: s.token });
    t.is(res.status, 200, res.text);
    t.regex(res.headers.get('content-type')!, /^text\/csv/);
    t.is(res.headers.get('content-disposition'), 'attachment; filename="attendance-EXP-2026-01.csv"');
    t.is(res.headers.get('content-length'), null);
    const code = s.employee.code;
    t.is(
      res.text,
      [
        HEADER,
        `${code},EXP,MAIN,2026-01-01,present,09:00:00Z,17:30:00Z,510,LATE_CHECK_IN`,
        `${code},EXP,MAIN,2026-01-02,present,09:00:00Z,,510,MISSING_CHECK_OUT|LATE_CHECK_IN`,
        '',
      ].join('\n'),
    );
    const audit = await s.db('audit_entries').where({ event: 'attendance.exported' }).first();
    t.like(audit, { actor_user_id: s.hr.id, organization_id: s.org.id, subject_type: 'organization' });
    t.like(JSON.parse(audit.context), { month: '2026-01', records: 2, allow_unlocked: false });
  });

  test(`[${dialect}] CSV escapes commas, quotes and newlines`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.app.close);
    const unit = await createUnit(s.db, s.org.id, { code: 'U,1' });
    const tricky = await createEmployee(s.db, {
      organizationId: s.org.id,
      unitId: unit.id,
      code: 'E"Q,1\nX',
    });
    await insertAttendance(s.db, {
      organizationId: s.org.id,
      unitId: unit.id,
      employeeIds: [tricky.id],
      month: '2026-01',
      days: 1,
      row: () => ({ status: 'present', flags: '["A,B","say \\"hi\\""]' }),
    });
    await lockFixture(s.db, { organizationId: s.org.id, month: '2026-01' });
    const res = await s.app.workforce.get(`${EXPORT}?org_id=${s.org.id}&month=2026-01&unit_id=${unit.id}`, {
      token: s.token,
    });
    t.is(res.status, 200, res.text);
    t.is(
      res.text,
      `${HEADER}\n"E""Q,1\nX",EXP,"U,1",2026-01-01,present,09:00:00Z,17:30:00Z,510,"A,B|say ""hi"""\n`,
    );
    t.is(res.headers.get('content-disposition'), 'attachment; filename="attendance-EXP-U_1-2026-01.csv"');
  });

  test(`[${dialect}] an unlocked month is 409 LOCK_PENDING unless allow_unlocked; a unit lock locks that unit`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.app.close);
    const url = `${EXPORT}?org_id=${s.org.id}&month=2026-01`;
    const refused = await s.app.workforce.get(url, { token: s.token });
    t.is(refused.status, 409);
    t.is(refused.body.code, 'LOCK_PENDING');
    const forced = await s.app.workforce.get(`${url}&allow_unlocked=true`, { token: s.token });
    t.is(forced.status, 200);
    t.is(forced.text.trim().split('\n').length, 3);
    await lockFixture(s.db, { organizationId: s.org.id, unitId: s.unit.id, month: '2026-01' });
    t.is((await s.app.workforce.get(`${url}&unit_id=${s.unit.id}`, { token: s.token })).status, 200);
    t.is((await s.app.workforce.get(url, { token: s.token })).body.code, 'LOCK_PENDING');
  });

  test(`[${dialect}] permission and scope: 403 without export.create, 404 outside scope, 422 bad input`, async (t) => {
    const s = await setup(dialect, { EXPORT_RATE_LIMIT_PER_HOUR: '100' });
    t.teardown(s.app.close);
    await lockFixture(s.db, { organizationId: s.org.id, month: '2026-01' });
    await lockFixture(s.db, { organizationId: s.other.org.id, month: '2026-01' });
    const manager = await createUser(s.db, { grants: [{ role: 'shift_manager', organizationId: s.org.id }] });
    const forbidden = await s.app.workforce.get(`${EXPORT}?org_id=${s.org.id}&month=2026-01`, {
      token: await tokenFor(s.app.services, manager.id),
    });
    t.is(forbidden.status, 403);
    const outside = await s.app.workforce.get(`${EXPORT}?org_id=${s.other.org.id}&month=2026-01`, {
      token: s.token,
    });
    t.is(outside.status, 404);
    const foreignUnit = await s.app.workforce.get(
      `${EXPORT}?org_id=${s.org.id}&month=2026-01&unit_id=${s.other.unit.id}`,
      { token: s.token },
    );
    t.is(foreignUnit.status, 404);
    for (const [query, field] of [
      [`org_id=${s.org.id}&month=2026-00`, 'month'],
      [`org_id=x&month=2026-01`, 'org_id'],
      [`month=2026-01`, 'org_id'],
      [`org_id=${s.org.id}&month=2026-01&unit_id=-1`, 'unit_id'],
    ]) {
      const res = await s.app.workforce.get(`${EXPORT}?${query}`, { token: s.token });
      t.is(res.status, 422, query);
      t.deepEqual(Object.keys(res.body.errors), [field]);
    }
    t.is((await s.app.workforce.get(`${EXPORT}?org_id=${s.org.id}&month=2026-01`)).status, 401);
    t.is(
      await s
        .db('audit_entries')
        .where({ event: 'attendance.exported' })
        .count({ n: '*' })
        .first()
        .then((r: any) => Number(r.n)),
      0,
    );
  });

  test(`[${dialect}] exports are limited per user per hour`, async (t) => {
    const s = await setup(dialect, { EXPORT_RATE_LIMIT_PER_HOUR: '2' });
    t.teardown(s.app.close);
    await lockFixture(s.db, { organizationId: s.org.id, month: '2026-01' });
    const url = `${EXPORT}?org_id=${s.org.id}&month=2026-01`;
    t.is((await s.app.workforce.get(url, { token: s.token })).status, 200);
    t.is((await s.app.workforce.get(url, { token: s.token })).status, 200);
    const limited = await s.app.workforce.get(url, { token: s.token });
    t.is(limited.status, 429);
    t.true(Number(limited.headers.get('retry-after')) > 0);
    const colleague = await createUser(s.db, { grants: [{ role: 'org_admin', organizationId: s.org.id }] });
    t.is(
      (await s.app.workforce.get(url, { token: await tokenFor(s.app.services, colleague.id) })).status,
      200,
    );
    s.app.clock.advance(3600_000);
    t.is((await s.app.workforce.get(url, { token: s.token })).status, 200);
  });
}
