// Concurrent punches of one employee: identical and different punches sent at the same moment are
// each stored exactly once, each identical repeat is absorbed (200, duplicate), nothing answers 5xx,
// and the day's record is derived from every punch (none lost by a punch that derived the day from
// a stale read). On MySQL a second connection first holds the employee row, so every punch is
// queued behind it before the first one commits: the interleaving that lost punches is forced, not
// hoped for.
import test from 'ava';
import { createDb } from '../../../src/db/knex.js';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { lockWaits } from '../../helpers/lock-waits.js';
import { createEmployee, createOrg, createUnit, createUser, tokenFor } from '../../helpers/workforce.js';

const DAY = '2026-01-12';
const PUNCHES: Array<{ kind: 'check_in' | 'check_out'; at: string }> = [
  { kind: 'check_in', at: `${DAY}T09:00:00Z` },
  { kind: 'check_in', at: `${DAY}T09:00:00Z` },
  { kind: 'check_in', at: `${DAY}T09:00:00Z` },
  { kind: 'check_in', at: `${DAY}T09:05:00Z` },
  { kind: 'check_out', at: `${DAY}T17:00:00Z` },
  { kind: 'check_out', at: `${DAY}T17:30:00Z` },
  { kind: 'check_out', at: `${DAY}T17:30:00Z` },
  { kind: 'check_out', at: `${DAY}T17:30:00Z` },
];
const DISTINCT = new Set(PUNCHES.map((p) => `${p.kind}@${p.at}`)).size;

async function employeeIn(app: TestApp) {
  const { db } = app.services;
  const org = await createOrg(db, { timezone: 'UTC' });
  await db('organizations').where({ id: org.id }).update({ require_device_for_punches: false });
  const unit = await createUnit(db, org.id, { timezone: 'UTC' });
  const user = await createUser(db);
  const employee = await createEmployee(db, { organizationId: org.id, unitId: unit.id, userId: user.id });
  return { employee, token: await tokenFor(app.services, user.id) };
}

const fire = (app: TestApp, token: string) =>
  Promise.all(PUNCHES.map((p) => app.workforce.post('/api/v1/attendance/punches', p, { token })));

async function assertExactlyOnce(
  t: any,
  app: TestApp,
  employeeId: number,
  answers: Array<{ status: number; text: string; body: any }>,
) {
  const { db } = app.services;
  for (const a of answers) t.true(a.status === 200 || a.status === 201, `${a.status} ${a.text}`);
  // One 201 per distinct punch; every repeat absorbed as a duplicate.
  t.is(answers.filter((a) => a.status === 201).length, DISTINCT);
  t.true(answers.filter((a) => a.status === 200).every((a) => a.body.punch.duplicate === true));

  const stored = await db('attendance_punches')
    .where({ employee_id: employeeId })
    .select('kind', 'punched_at');
  t.is(stored.length, DISTINCT);
  const rows = await db('attendance').where({ employee_id: employeeId });
  t.is(rows.length, 1);
  t.like(rows[0], {
    date: DAY,
    status: 'present',
    check_in: '09:00:00Z',
    check_out: '17:30:00Z',
    worked_minutes: 510,
    baseline: null,
    correction_trail: null,
  });
  t.deepEqual(JSON.parse(rows[0].flags), []);
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] concurrent punches of one employee are stored once each and all derive the day`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    for (let round = 0; round < 3; round++) {
      const e = await employeeIn(app);
      const answers = await fire(app, e.token);
      await assertExactlyOnce(t, app, e.employee.id, answers);
    }
  });
}

if (DIALECTS.includes('mysql')) {
  test('[mysql] punches queued behind the employee row each see the ones committed before them', async (t) => {
    const app = await bootApp('mysql');
    t.teardown(app.close);
    const e = await employeeIn(app);
    const other = createDb(app.testDb.config.database, { poolMax: 2 });
    t.teardown(() => other.destroy());
    const holder = await other.transaction();
    await holder('employees').where({ id: e.employee.id }).forUpdate().first('id');

    const sent = fire(app, e.token);
    // Every punch's transaction waits for the employee row before any of them commits.
    await lockWaits(other, PUNCHES.length, sent);
    await holder.commit();
    await assertExactlyOnce(t, app, e.employee.id, await sent);
  });
}
