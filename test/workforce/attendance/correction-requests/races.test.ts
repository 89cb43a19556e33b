// Races of an approval (issue 28), forced on MySQL: another connection holds the month's mutex
// (src/workforce/attendance/month-mutex.ts) while the operations under test queue behind it in a
// chosen order, then lets go. Whatever the order, exactly one thing happens: an unlock that goes
// first leaves the approval nothing to correct (409 MONTH_NOT_LOCKED, the request still pending);
// an approval that goes first corrects the day, which the unlock then reopens with the rest; a
// re-lock that goes first gives the day the new lock, which the approval keeps; of two approvals,
// one corrects and the other is told the request is decided.
import test from 'ava';
import { createDb } from '../../../../src/db/knex.js';
import { holdMonth } from '../../../../src/workforce/attendance/month-mutex.js';
import { bootApp, type TestApp } from '../../../helpers/app.js';
import { DIALECTS } from '../../../helpers/db.js';
import { lockWaits } from '../../../helpers/lock-waits.js';
import { unlockFixture } from '../../partners/fixtures.js';
import { BASE, correctionWorld, type CorrectionWorld } from './fixtures.js';

type Call = () => Promise<{ status: number; body: any; text: string }>;

/** Runs `calls` queued behind the held mutex of 2026-01 in the order given, then releases it. */
async function queued(t: any, app: TestApp, w: CorrectionWorld, calls: Call[]) {
  const other = createDb(app.testDb.config.database, { poolMax: 2 });
  t.teardown(() => other.destroy());
  const holder = await other.transaction();
  await holdMonth(holder, w.org.id, '2026-01');
  const answers: Array<Promise<{ status: number; body: any; text: string }>> = [];
  for (const call of calls) {
    answers.push(call());
    await lockWaits(other, answers.length, Promise.all(answers));
  }
  await holder.commit();
  return Promise.all(answers);
}

async function filed(app: TestApp, w: CorrectionWorld) {
  const res = await app.workforce.post(
    BASE,
    { date: '2026-01-02', check_in: '2026-01-02T08:00:00Z', reason: 'reader down' },
    { token: w.employeeUser.token },
  );
  return res.body.id as number;
}

const approve = (app: TestApp, id: number, token: string) => () =>
  app.workforce.post(`${BASE}/${id}/approve`, {}, { token });
const unlock = (app: TestApp, w: CorrectionWorld, lockId: number) => () =>
  app.workforce.post(
    '/api/v1/attendance/unlock',
    { lock_id: lockId, reason: 'reopen' },
    { token: w.orgAdmin.token },
  );
const lock = (app: TestApp, w: CorrectionWorld) => () =>
  app.workforce.post(
    '/api/v1/attendance/lock',
    { organization_id: w.org.id, month: '2026-01' },
    { token: w.hr.token },
  );

async function dayOf(app: TestApp, w: CorrectionWorld) {
  return app.services.db('attendance').where({ employee_id: w.employee.id, date: '2026-01-02' }).first();
}

async function requestOf(app: TestApp, id: number) {
  return app.services.db('attendance_correction_requests').where({ id }).first();
}

/** No row is stamped by a lock that no longer exists. */
async function noOrphanStamps(t: any, app: TestApp) {
  const { db } = app.services;
  const orphans = await db('attendance as a')
    .leftJoin('attendance_locks as l', 'l.id', 'a.lock_id')
    .whereNotNull('a.lock_id')
    .whereNull('l.id')
    .count({ n: '*' })
    .first();
  t.is(Number(orphans?.n), 0);
}

for (const dialect of DIALECTS) {
  // Unforced (on SQLite one writer at a time serialises them anyway): whichever order they ran in,
  // one approval corrected the day, the other was told, and the unlock left no day half-done.
  test(`[${dialect}] two approvals and an unlock sent at once leave one consistent outcome`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const w = await correctionWorld(app);
    const id = await filed(app, w);
    const [a, b, unlocked] = await Promise.all([
      approve(app, id, w.hr.token)(),
      approve(app, id, w.orgAdmin.token)(),
      unlock(app, w, w.lockId)(),
    ]);
    t.is(unlocked.status, 200, unlocked.text);
    const statuses = [a.status, b.status].sort();
    const request = await requestOf(app, id);
    const day = await dayOf(app, w);
    t.is(day.locked_at, null);
    if (request.status === 'approved') {
      t.deepEqual(statuses, [200, 409]);
      t.is(day.check_in, '08:00:00Z');
    } else {
      t.deepEqual(statuses, [409, 409], 'the unlock went first: nothing to correct');
      t.is(request.status, 'pending');
      t.is(day.check_in, '09:00:00Z');
    }
    await noOrphanStamps(t, app);
  });
}

if (DIALECTS.includes('mysql')) {
  test('[mysql] an unlock queued before the approval: the approval finds the day unlocked', async (t) => {
    const app = await bootApp('mysql');
    t.teardown(app.close);
    const w = await correctionWorld(app);
    const id = await filed(app, w);
    const [unlocked, approved] = await queued(t, app, w, [
      unlock(app, w, w.lockId),
      approve(app, id, w.hr.token),
    ]);
    t.is(unlocked.status, 200, unlocked.text);
    t.is(approved.status, 409, approved.text);
    t.is(approved.body.code, 'MONTH_NOT_LOCKED');
    t.like(await dayOf(app, w), { check_in: '09:00:00Z', locked_at: null, correction_trail: null });
    t.is((await requestOf(app, id)).status, 'pending');
    await noOrphanStamps(t, app);
  });

  test('[mysql] an approval queued before the unlock: the day is corrected, then reopened', async (t) => {
    const app = await bootApp('mysql');
    t.teardown(app.close);
    const w = await correctionWorld(app);
    const id = await filed(app, w);
    const [approved, unlocked] = await queued(t, app, w, [
      approve(app, id, w.hr.token),
      unlock(app, w, w.lockId),
    ]);
    t.is(approved.status, 200, approved.text);
    t.is(unlocked.status, 200, unlocked.text);
    t.is(unlocked.body.rows_unlocked, 6, 'the corrected day is reopened with the rest');
    t.like(await dayOf(app, w), { check_in: '08:00:00Z', locked_at: null, lock_id: null });
    t.like(await requestOf(app, id), { status: 'approved', lock_id: w.lockId });
    await noOrphanStamps(t, app);
  });

  test('[mysql] a re-lock queued before the approval: the day keeps the new lock', async (t) => {
    const app = await bootApp('mysql');
    t.teardown(app.close);
    const w = await correctionWorld(app);
    const id = await filed(app, w);
    await unlockFixture(app.services.db, w.lockId);
    const [locked, approved] = await queued(t, app, w, [lock(app, w), approve(app, id, w.hr.token)]);
    t.is(locked.status, 201, locked.text);
    t.is(approved.status, 200, approved.text);
    t.is(approved.body.lock_id, locked.body.lock_id);
    const day = await dayOf(app, w);
    t.like(day, { check_in: '08:00:00Z', lock_id: locked.body.lock_id });
    t.truthy(day.locked_at);
    await noOrphanStamps(t, app);
  });

  test('[mysql] an approval queued before the re-lock: refused, and the lock stamps the day as it was', async (t) => {
    const app = await bootApp('mysql');
    t.teardown(app.close);
    const w = await correctionWorld(app);
    const id = await filed(app, w);
    await unlockFixture(app.services.db, w.lockId);
    const [approved, locked] = await queued(t, app, w, [approve(app, id, w.hr.token), lock(app, w)]);
    t.is(approved.status, 409, approved.text);
    t.is(approved.body.code, 'MONTH_NOT_LOCKED');
    t.is(locked.status, 201, locked.text);
    t.like(await dayOf(app, w), {
      check_in: '09:00:00Z',
      lock_id: locked.body.lock_id,
      correction_trail: null,
    });
    t.is((await requestOf(app, id)).status, 'pending');
  });

  test('[mysql] two approvals at once: one corrects, the other is told it is decided', async (t) => {
    const app = await bootApp('mysql');
    t.teardown(app.close);
    const w = await correctionWorld(app);
    const id = await filed(app, w);
    const answers = await queued(t, app, w, [
      approve(app, id, w.hr.token),
      approve(app, id, w.orgAdmin.token),
    ]);
    t.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    t.is(answers.find((a) => a.status === 409)!.body.code, 'REQUEST_ALREADY_DECIDED');
    const day = await dayOf(app, w);
    t.is(JSON.parse(day.correction_trail).length, 3, 'one set of trail entries');
    const { db } = app.services;
    t.is((await db('attendance_punches').where({ employee_id: w.employee.id })).length, 1);
    t.is((await db('audit_entries').where({ event: 'attendance.correction_approved' })).length, 1);
  });
}
