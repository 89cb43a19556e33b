// The automatic month lock: which month "just ended" per organization time zone, once per
// organization-month even with two schedulers racing on one database, and manual runs.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import type { Services } from '../../src/core/services.js';
import { createDb } from '../../src/db/knex.js';
import { fireScheduledJob, runScheduledJob } from '../../src/scheduler/schedule.js';
import { monthJustEnded } from '../../src/scheduler/month-lock.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { createOrg } from '../helpers/workforce.js';
import { fillMonth, lockedCount, orgWorld } from '../workforce/attendance/fixtures.js';

test('the month just ended is read in the organization’s time zone, from 02:00 on the 1st', (t) => {
  t.is(monthJustEnded(new Date('2026-02-01T01:59:00Z'), 'UTC'), '2025-12');
  t.is(monthJustEnded(new Date('2026-02-01T02:00:00Z'), 'UTC'), '2026-01');
  t.is(monthJustEnded(new Date('2026-01-31T20:30:00Z'), 'Asia/Kolkata'), '2026-01'); // 02:00 IST, Feb 1
  t.is(monthJustEnded(new Date('2026-01-31T20:29:00Z'), 'Asia/Kolkata'), '2025-12');
  t.is(monthJustEnded(new Date('2026-02-01T09:00:00Z'), 'America/Los_Angeles'), '2025-12'); // 01:00 PST
  t.is(monthJustEnded(new Date('2026-02-01T10:00:00Z'), 'America/Los_Angeles'), '2026-01');
  t.is(monthJustEnded(new Date('2026-01-01T02:00:00Z'), 'UTC'), '2025-12', 'across a year');
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] the job locks every active organization once, as the system user`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2026-02-01T02:00:00.000Z') });
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    const retired = await orgWorld(app.services);
    await db('organizations').where({ id: retired.org.id }).update({ status: 'retired', is_active: false });
    const west = await orgWorld(app.services, { timezone: 'America/Los_Angeles' });
    for (const w of [a, b, retired, west]) await fillMonth(db, w, '2026-01');

    const outcomes = await fireScheduledJob(app.services, 'month-lock');
    t.deepEqual(
      outcomes.map((o) => [o.slot, o.outcome]),
      [
        [`2026-01/org:${a.org.id}`, 'ran'],
        [`2026-01/org:${b.org.id}`, 'ran'],
        [`2025-12/org:${west.org.id}`, 'ran'],
      ],
      'Los Angeles is still in January at 02:00 UTC',
    );
    const system = await db('users').where({ is_system: true }).first('id');
    const locks = await db('attendance_locks').where({ month: '2026-01' }).orderBy('organization_id');
    t.deepEqual(
      locks.map((l) => [Number(l.organization_id), l.scope_key, Number(l.locked_by)]),
      [
        [a.org.id, 'org', Number(system.id)],
        [b.org.id, 'org', Number(system.id)],
      ],
    );
    t.is(await lockedCount(db, { organization_id: a.org.id }), 62);
    t.is(await lockedCount(db, { organization_id: retired.org.id }), 0);
    t.is(await lockedCount(db, { organization_id: west.org.id }), 0);

    // Later firings the same month: nothing runs twice, even after an admin unlocked a month.
    const unlock = await app.workforce.post(
      '/api/v1/attendance/unlock',
      { lock_id: locks[1].id, reason: 'late punches' },
      { token: b.tokens.orgAdmin },
    );
    t.is(unlock.status, 200);
    app.clock.set('2026-02-01T03:00:00.000Z');
    const again = await fireScheduledJob(app.services, 'month-lock');
    t.true(again.every((o) => o.outcome === 'skipped'));
    t.is(await lockedCount(db, { organization_id: b.org.id }), 0, 'not re-locked behind the admin’s back');

    app.clock.set('2026-02-01T10:00:00.000Z'); // 02:00 in Los Angeles
    const westRun = await fireScheduledJob(app.services, 'month-lock');
    t.deepEqual(
      westRun.filter((o) => o.outcome === 'ran').map((o) => o.slot),
      [`2026-01/org:${west.org.id}`],
    );
    t.is(await lockedCount(db, { organization_id: west.org.id }), 62);
  });

  test(`[${dialect}] --month runs a chosen month; a failed slot is retried by the next firing`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2026-02-10T12:00:00.000Z') });
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    await fillMonth(db, a, '2025-11');
    const manual = await fireScheduledJob(app.services, 'month-lock', { month: '2025-11' });
    t.deepEqual(
      manual.map((o) => o.outcome),
      ['ran'],
    );
    t.is(await lockedCount(db, { organization_id: a.org.id }), 60);

    const future = await fireScheduledJob(app.services, 'month-lock', { month: '2026-03' });
    t.is(future[0].outcome, 'failed');
    t.regex(future[0].error!, /has not started/);
    const failedRun = await db('scheduler_runs').where({ slot: future[0].slot }).first();
    t.is(failedRun.status, 'failed');
    app.clock.set('2026-03-01T02:00:00.000Z');
    const retried = await fireScheduledJob(app.services, 'month-lock', { month: '2026-03' });
    t.is(retried[0].outcome, 'ran');
    t.is((await db('scheduler_runs').where({ slot: future[0].slot })).length, 1);

    // An organization created after the month ended is not locked retroactively by the schedule.
    const fresh = await createOrg(db);
    await db('organizations').where({ id: fresh.id }).update({ created_at: '2026-03-01 00:30:00.000' });
    const scheduled = await fireScheduledJob(app.services, 'month-lock');
    t.false(scheduled.some((o) => o.slot.endsWith(`org:${fresh.id}`)));
  });
}

// Several daemons share one database in production on MySQL (SQLite is the single-daemon embedded
// default), so the race is run there.
if (DIALECTS.includes('mysql')) {
  test('[mysql] two schedulers on one database racing for the same slots: exactly one lock each', async (t) => {
    const clock = new FixedClock('2026-02-01T02:00:00.000Z');
    const app = await bootApp('mysql', { clock });
    t.teardown(app.close);
    const { db } = app.services;
    const worlds = [await orgWorld(app.services), await orgWorld(app.services), await orgWorld(app.services)];
    for (const w of worlds) await fillMonth(db, w, '2026-01');
    // A second daemon: its own connection pool to the same database.
    const otherDb = createDb(app.testDb.config.database, { poolMax: 5 });
    t.teardown(() => otherDb.destroy());
    const other: Services = { ...app.services, db: otherDb };

    const [one, two] = await Promise.all([
      fireScheduledJob(app.services, 'month-lock'),
      fireScheduledJob(other, 'month-lock'),
    ]);
    const ran = [...one, ...two].filter((o) => o.outcome === 'ran');
    t.is(ran.length, worlds.length, 'each organization-month ran on exactly one scheduler');
    t.true([...one, ...two].every((o) => o.outcome !== 'failed'));
    const locks = await db('attendance_locks').where({ month: '2026-01' });
    t.is(locks.length, worlds.length);
    const runs = await db('scheduler_runs').where({ job: 'month-lock' });
    t.is(runs.length, worlds.length);
    t.true(runs.every((r) => r.status === 'done'));

    // The same slot fired by hand on both at once.
    const extra = await orgWorld(app.services);
    const slot = `2026-01/org:${extra.org.id}`;
    const both = await Promise.all([
      runScheduledJob(app.services, 'month-lock', slot),
      runScheduledJob(other, 'month-lock', slot),
    ]);
    t.deepEqual(both.map((o) => o.outcome).sort(), ['ran', 'skipped']);
    t.is((await db('attendance_locks').where({ organization_id: extra.org.id })).length, 1);
  });
}
