// Month locks on the cluster (issue 22, item 3): two daemons through the single writer, one locking
// or unlocking a pay month while the other ingests punches and corrections, or unlocks or locks the
// same month. Each interleaving is forced: a gate on the writer node holds one side's transaction
// after its work and before its commit (at its audit entry, or at the punch's insert, after the
// lock check), the other side is sent and seen queued behind a row lock, then the gate opens.
//
// Whatever the order: every punch answered 2xx is stored exactly once, every refused one not at
// all, no row of a locked month is left unlocked, and the lock records and each row's
// locked_at/lock_id agree.
import test from 'ava';
import { queuedBehind, gateOn } from '../helpers/cluster.js';
import {
  attendanceCluster,
  firePunches,
  lockProblems,
  MONTH,
  punchesOf,
  punchProblems,
  type AttendanceCluster,
} from './attendance-world.js';

const lockMonth = (c: AttendanceCluster, on: 'a' | 'b', unitId?: number) =>
  c[on].workforce.post(
    '/api/v1/attendance/lock',
    { organization_id: c.org.org.id, month: MONTH, ...(unitId ? { organization_unit_id: unitId } : {}) },
    { token: c.org.tokens.orgAdmin },
  );

const unlock = (c: AttendanceCluster, on: 'a' | 'b', lockId: number) =>
  c[on].workforce.post(
    '/api/v1/attendance/unlock',
    { lock_id: lockId, reason: 'cluster race' },
    { token: c.org.tokens.orgAdmin },
  );

async function rowsOfMonth(c: AttendanceCluster): Promise<number> {
  const r = await c.world
    .db('attendance')
    .where({ organization_id: c.org.org.id })
    .where('date', 'like', `${MONTH}-%`)
    .count({ n: '*' })
    .first();
  return Number(r?.n);
}

test('punches sent while a month lock is held after stamping its rows: all refused, none stored, the month stays locked', async (t) => {
  const c = await attendanceCluster(t);
  // The lock has inserted its record and stamped the month's rows; its audit entry waits at the gate.
  const gate = await gateOn(c.world, c.writer, 'audit_entries', 'INSERT');
  const locking = lockMonth(c, 'a');
  await gate.held();
  const punches = punchesOf(c.org);
  const sent = firePunches(c.b, punches);
  // Every punch is queued (behind the month's mutex row the lock holds, or behind its employee's
  // first punch) before the lock may commit.
  await queuedBehind(c.world.db, punches.length, sent);
  await gate.open();
  const [locked, answers] = await Promise.all([locking, sent]);

  t.is(locked.status, 201, locked.text);
  t.deepEqual(await punchProblems(c.world.db, c.org, punches, answers), []);
  t.deepEqual(await lockProblems(c.world.db, c.org), []);
  t.deepEqual(
    answers.map((a) => `${a.status} ${a.body?.code ?? ''}`),
    punches.map(() => '409 ATTENDANCE_LOCKED'),
    'every punch was sent while the lock was in flight',
  );
  t.is(locked.body.rows_locked, 30, 'the imported days of both employees');
  t.is(await rowsOfMonth(c), 30, 'no row was created in the locked month');
});

test('a month lock sent while punches are held past their lock check waits for them and stamps their rows', async (t) => {
  const c = await attendanceCluster(t);
  // Each employee's first punch has checked the month (unlocked) and waits at the gate to insert
  // itself; the employee's other punches queue behind its employee row.
  // The month has been written before (its mutex row exists): the very first writer of a month
  // creates that row, and until it commits a second first writer waits on the insert, so two held
  // at the gate needs a month that already has its row, as every month does after its first punch.
  await c.world.db('attendance_month_mutexes').insert({ organization_id: c.org.org.id, month: MONTH });
  const gate = await gateOn(c.world, c.writer, 'attendance_punches', 'INSERT');
  const punches = punchesOf(c.org);
  const sent = firePunches(c.b, punches);
  await gate.held(2);
  const locking = lockMonth(c, 'a');
  // The lock queues behind the month's mutex row the held punches hold in share mode.
  await queuedBehind(c.world.db, punches.length - 2 + 1, locking);
  await gate.open();
  const [locked, answers] = await Promise.all([locking, sent]);

  t.is(locked.status, 201, locked.text);
  t.deepEqual(await punchProblems(c.world.db, c.org, punches, answers), []);
  t.deepEqual(await lockProblems(c.world.db, c.org), []);
  t.true(answers.filter((a) => a.status === 201).length >= 2, 'the held punches went through');
  t.is(locked.body.rows_locked, await rowsOfMonth(c), 'the lock stamped every row, none came after it');
});

// Issue 24, item 3: the mutex is the month's row, so a lock of a past month does not stop today.
test('punches for today sent to the other daemon while a lock of a past month is held at its gate commit before it', async (t) => {
  const c = await attendanceCluster(t);
  const gate = await gateOn(c.world, c.writer, 'audit_entries', 'INSERT');
  let lockAnswered = false;
  const locking = lockMonth(c, 'a').finally(() => (lockAnswered = true));
  await gate.held();
  // The FixedClock reads 2026-01-15: today, in another month than MONTH.
  const today = [
    { body: { kind: 'check_in' as const, at: '2026-01-15T03:30:00Z' }, token: c.org.tokens.employee },
    {
      body: { kind: 'check_in' as const, at: '2026-01-15T03:40:00Z', employee_id: c.org.employees[1]!.code },
      token: c.org.tokens.hr,
    },
  ];
  const answers = await firePunches(c.b, today);
  t.false(lockAnswered, 'the lock was still held at its gate when the punches were answered');
  t.deepEqual(
    answers.map((a) => a.status),
    [201, 201],
    answers.map((a) => a.text).join('\n'),
  );
  await gate.open();
  const locked = await locking;
  t.is(locked.status, 201, locked.text);
  t.is(locked.body.rows_locked, 30);
  t.deepEqual(await lockProblems(c.world.db, c.org), []);
  const rows = await c.world.db('attendance').where({ organization_id: c.org.org.id, date: '2026-01-15' });
  t.is(rows.length, 2);
  t.true(rows.every((r) => r.locked_at === null));
});

// A bug this test found (on any MariaDB, not only the cluster): attendance.unlock ran at the
// server's REPEATABLE READ, so its first read fixed a snapshot before it queued for the organization
// row; once the organization lock committed, the unit unlock did not see it and reopened the unit's
// rows inside an organization-locked month. It now runs at READ COMMITTED, as record-punch does.
test('a unit unlock sent while an organization lock of the month is in flight is refused; the month stays locked', async (t) => {
  const c = await attendanceCluster(t);
  const unitLock = await lockMonth(c, 'a', c.org.units[0]!.id);
  t.is(unitLock.status, 201, unitLock.text);
  const gate = await gateOn(c.world, c.writer, 'audit_entries', 'INSERT');
  const locking = lockMonth(c, 'a');
  await gate.held();
  const unlocking = unlock(c, 'b', unitLock.body.lock_id);
  await queuedBehind(c.world.db, 1, unlocking);
  await gate.open();
  const [locked, unlocked] = await Promise.all([locking, unlocking]);

  t.is(locked.status, 201, locked.text);
  t.deepEqual(locked.body.units_already_locked, [
    { lock_id: unitLock.body.lock_id, organization_unit_id: c.org.units[0]!.id },
  ]);
  // Unlocking the unit lock inside an organization-locked month would reopen that unit's rows.
  t.is(unlocked.status, 409, unlocked.text);
  t.is(unlocked.body.code, 'ORGANIZATION_LOCK_COVERS_MONTH');
  t.deepEqual(await lockProblems(c.world.db, c.org), []);
  t.is(
    await c.world
      .db('attendance_locks')
      .where({ organization_id: c.org.org.id })
      .count({ n: '*' })
      .first()
      .then((r) => Number(r?.n)),
    2,
  );
});

test('a month lock sent while the unlock of that month is in flight waits for it and locks the month again', async (t) => {
  const c = await attendanceCluster(t);
  const first = await lockMonth(c, 'a');
  t.is(first.status, 201, first.text);
  // The unlock has cleared the rows and deleted the record; its audit entry waits at the gate.
  const gate = await gateOn(c.world, c.writer, 'audit_entries', 'INSERT');
  const unlocking = unlock(c, 'a', first.body.lock_id);
  await gate.held();
  const locking = lockMonth(c, 'b');
  await queuedBehind(c.world.db, 1, locking);
  await gate.open();
  const [unlocked, locked] = await Promise.all([unlocking, locking]);

  t.is(unlocked.status, 200, unlocked.text);
  t.is(unlocked.body.rows_unlocked, 30);
  t.is(locked.status, 201, `the lock found the month unlocked once it could look: ${locked.text}`);
  t.is(locked.body.rows_locked, 30);
  t.deepEqual(await lockProblems(c.world.db, c.org), []);
  const locks = await c.world.db('attendance_locks').where({ organization_id: c.org.org.id });
  t.deepEqual(
    locks.map((l) => Number(l.id)),
    [locked.body.lock_id],
  );
});
