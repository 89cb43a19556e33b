// A month lock does not stop today (issue 24, item 3): the mutex between a lock and the punches is
// the (organization, month) row of attendance_month_mutexes, not the organization row. On MySQL the
// interleaving is forced: a gate (a trigger waiting for a user lock this test holds) stops the lock
// of last month at its audit entry, after it took the month's mutex and stamped the month's rows and
// before it commits. Meanwhile a punch for today must commit (it never waits for a row lock), and a
// punch into last month must wait for the lock and then be refused. SQLite has one writer for the
// whole database, so there the same requests run side by side and only the outcomes are checked.
import test from 'ava';
import type { Knex } from 'knex';
import { FixedClock } from '../../../src/core/clock.js';
import { createDb } from '../../../src/db/knex.js';
import { bootApp, type TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { lockWaits } from '../../helpers/lock-waits.js';
import { fillMonth, lockedCount, orgWorld, type OrgWorld } from './fixtures.js';

const NOW = '2026-02-02T09:00:00.000Z';
const PAST = '2026-01';

async function world(app: TestApp): Promise<OrgWorld> {
  const { db } = app.services;
  const w = await orgWorld(app.services);
  await db('organizations').where({ id: w.org.id }).update({ require_device_for_punches: false });
  await fillMonth(db, w, PAST);
  return w;
}

const lockPast = (app: TestApp, w: OrgWorld) =>
  app.workforce.post(
    '/api/v1/attendance/lock',
    { organization_id: w.org.id, month: PAST },
    { token: w.tokens.orgAdmin },
  );

const punch = (app: TestApp, w: OrgWorld, at: string) =>
  app.workforce.post('/api/v1/attendance/punches', { kind: 'check_in', at }, { token: w.tokens.employee });

async function assertOutcome(t: any, app: TestApp, w: OrgWorld, lockId: number) {
  const { db } = app.services;
  t.is(await lockedCount(db, { lock_id: lockId }), 62, 'every row of last month is locked, by the lock');
  const today = await db('attendance').where({ employee_id: w.employees[0].id, date: '2026-02-02' }).first();
  t.like(today, { status: 'present', check_in: '08:55:00Z', locked_at: null, lock_id: null });
  t.is(
    (await db('attendance_punches').where({ employee_id: w.employees[0].id })).length,
    1,
    'only the punch for today is stored',
  );
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a punch for today and a lock of last month sent together both succeed; a punch into the locked month is refused`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock(NOW) });
    t.teardown(app.close);
    const w = await world(app);
    const [locked, today] = await Promise.all([lockPast(app, w), punch(app, w, '2026-02-02T08:55:00Z')]);
    t.is(locked.status, 201, locked.text);
    t.is(today.status, 201, today.text);
    const past = await punch(app, w, '2026-01-20T09:00:00Z');
    t.is(past.status, 409, past.text);
    t.is(past.body.code, 'ATTENDANCE_LOCKED');
    await assertOutcome(t, app, w, locked.body.lock_id);
  });
}

/** Holds every INSERT of an attendance.lock audit entry until `open()`: a trigger waits for a user lock held here. */
async function gateLockAudit(app: TestApp, keeper: Knex) {
  const database = (app.testDb.database as { database: string }).database;
  const name = `gate_${database}`.slice(0, 64);
  const conn = await (keeper as any).client.acquireConnection();
  const query = (sql: string) =>
    new Promise<any>((resolve, reject) =>
      conn.query(sql, (err: Error | null, rows: any) => (err ? reject(err) : resolve(rows))),
    );
  const [got] = await query(`SELECT GET_LOCK('${name}', 10) AS got`);
  if (Number(got.got) !== 1) throw new Error(`could not take the user lock ${name}`);
  await app.services.db.raw(
    `CREATE TRIGGER test_gate_lock_audit BEFORE INSERT ON audit_entries FOR EACH ROW BEGIN ` +
      `IF NEW.event = 'attendance.lock' THEN DO GET_LOCK('${name}', 120); DO RELEASE_LOCK('${name}'); END IF; END`,
  );
  let opened = false;
  return {
    async held() {
      for (;;) {
        const rows = await query(
          `SELECT COUNT(*) AS n FROM information_schema.processlist WHERE state = 'User lock' AND db = '${database}'`,
        );
        if (Number(rows[0].n) >= 1) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async open() {
      if (opened) return;
      opened = true;
      await query(`DO RELEASE_LOCK('${name}')`);
      await (keeper as any).client.releaseConnection(conn);
    },
  };
}

if (DIALECTS.includes('mysql')) {
  test('[mysql] a punch for today commits while the lock of last month holds its mutex; a punch into last month waits for it and is refused', async (t) => {
    const app = await bootApp('mysql', { clock: new FixedClock(NOW) });
    t.teardown(app.close);
    const w = await world(app);
    const keeper = createDb(app.testDb.config.database, { poolMax: 3 });
    t.teardown(() => keeper.destroy());
    const gate = await gateLockAudit(app, keeper);
    t.teardown(gate.open);

    // The lock has taken last month's mutex and stamped its 62 rows; its audit entry waits at the gate.
    let lockAnswered = false;
    const locking = lockPast(app, w).finally(() => (lockAnswered = true));
    await gate.held();

    // Today's punch must not wait for any row lock: it either answers, or is seen waiting (the bug).
    const today = punch(app, w, '2026-02-02T08:55:00Z');
    const first = await Promise.race([
      today.then(() => 'answered'),
      lockWaits(keeper, 1, today).then(() => 'waited for a row lock'),
    ]);
    t.is(first, 'answered', 'the punch for today went through while the lock of last month was held');
    t.is((await today).status, 201, (await today).text);
    t.false(lockAnswered, 'the lock was still held at its gate');
    t.is(await lockedCount(app.services.db, { organization_id: w.org.id }), 0, 'the lock has not committed');

    // A punch into last month queues behind the month's mutex, and once the lock commits is refused.
    const past = punch(app, w, '2026-01-20T09:00:00Z');
    await lockWaits(keeper, 1, past);
    await gate.open();
    const [locked, refused] = await Promise.all([locking, past]);
    t.is(locked.status, 201, locked.text);
    t.is(locked.body.rows_locked, 62);
    t.is(refused.status, 409, refused.text);
    t.is(refused.body.code, 'ATTENDANCE_LOCKED');
    await assertOutcome(t, app, w, locked.body.lock_id);
  });
}
