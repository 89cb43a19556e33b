// `wfctl schedule`, `wfctl schedule run`, `wfctl jobs`, `wfctl jobs work --once` and `wfctl fy close`
// run as an operator would, without a daemon.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { runOperation } from '../../src/core/operation.js';
import type { Services } from '../../src/core/services.js';
import { workforceContext } from '../../src/workforce/context.js';
import { lockMonth } from '../../src/workforce/attendance/operations/lock-month.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { addMonths, monthsBetween, zonedParts } from '../../src/core/calendar.js';
import { claimJob, enqueueJob } from '../../src/core/job-queue.js';
import {
  CATCH_UP_MONTHS,
  lockDueAt,
  monthJustEnded,
  wallClock,
} from '../../src/workforce/attendance/month-lock-job.js';
import { claimRun } from '../../src/scheduler/runs.js';
import { runCli } from '../helpers/cli.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { orgWorld } from '../workforce/attendance/fixtures.js';
import { createFinancialYear, createLeaveType } from '../workforce/financial-years/fixtures.js';

for (const dialect of DIALECTS) {
  test.serial(
    `[${dialect}] schedule lists and runs the month lock; bad names and months exit 2`,
    async (t) => {
      const tdb = await createTestDb(dialect);
      t.teardown(tdb.destroy);
      const services: Services = {
        db: tdb.db,
        clock: new FixedClock(),
        config: tdb.config,
        logger: silentLogger,
      };
      const a = await orgWorld(services);
      const cli = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url });

      const run = await cli(['schedule', 'run', 'month-lock', '--month', '2025-12']);
      t.is(run.code, 0, run.stderr);
      t.deepEqual(
        run.json().outcomes.map((o: any) => [o.slot, o.outcome]),
        [[`2025-12/org:${a.org.id}`, 'ran']],
      );
      t.is(
        (await tdb.db('attendance_locks').where({ organization_id: a.org.id, month: '2025-12' })).length,
        1,
      );

      const list = await cli(['schedule', '--json']);
      t.is(list.code, 0, list.stderr);
      const [job] = list.json().data;
      t.like(job, { name: 'month-lock', cron: '* * * * *', timezone: 'UTC' });
      t.true(Date.parse(job.next_run) > Date.now());
      t.is(job.last_runs[0].slot, `2025-12/org:${a.org.id}`);
      t.is(job.last_runs[0].status, 'done');
      t.false(job.last_runs[0].lease_lapsed);

      // Per organization: the next real lock (02:00 on the 1st, its own wall clock) and what is overdue.
      const kathmandu = await orgWorld(services, { timezone: 'Asia/Kathmandu' });
      const stJohns = await orgWorld(services, { timezone: 'America/St_Johns' });
      const expect = (tz: string, at: Date) => {
        const due = lockDueAt(addMonths(monthJustEnded(at, tz), 1), tz);
        return { due_at: due.toISOString(), due_local: wallClock(due, tz) };
      };
      const before = new Date();
      const upcoming = (await cli(['schedule', '--json'])).json().data[0].upcoming;
      const after = new Date();
      for (const [world, tz, offset] of [
        [kathmandu, 'Asia/Kathmandu', /T02:00\+05:45$/],
        [stJohns, 'America/St_Johns', /T02:00-0[23]:30$/],
      ] as const) {
        const entry = upcoming.find((u: any) => u.subject === `organization ${world.org.code}`);
        t.is(entry.timezone, tz);
        t.regex(entry.due_local, offset);
        t.true(
          [expect(tz, before), expect(tz, after)].some(
            (e) => e.due_at === entry.due_at && e.due_local === entry.due_local,
          ),
          `${tz}: ${entry.due_at} ${entry.due_local}`,
        );
        t.true(Date.parse(entry.due_at) > Date.now());
        // The fixtures' organizations date from 2026-01-01T00:00Z: every month since, to the month just ended,
        // is owed, at most CATCH_UP_MONTHS back (issue 26: catch-up starts at the creation month,
        // whenever the schedule first ran).
        const owed = (at: Date) => {
          const last = monthJustEnded(at, tz);
          const bound = addMonths(last, 1 - CATCH_UP_MONTHS);
          const months: string[] = [];
          // Created at 2026-01-01T00:00Z: still December 2025 on St. John's wall clock.
          const created = zonedParts(new Date('2026-01-01T00:00:00Z'), tz).month;
          for (let m = bound > created ? bound : created; m <= last; m = addMonths(m, 1)) {
            months.push(`${m}/org:${world.org.id}`);
          }
          return JSON.stringify(months);
        };
        t.true(
          [before, after].some((at) => JSON.stringify(entry.overdue) === owed(at)),
          JSON.stringify(entry.overdue),
        );
      }

      // After a crash: a slot whose holder died shows its lapsed lease; a job likewise, and the next
      // `jobs work` takes it over.
      const anHourAgo = new FixedClock(new Date(Date.now() - 3_600_000));
      await claimRun(tdb.db, anHourAgo, 'partner-push', '2026-11-26T04:00', 'gone:1:abc', 30_000);
      const crashed = (await cli(['schedule', '--json']))
        .json()
        .data.find((j: any) => j.name === 'partner-push');
      t.like(crashed.last_runs[0], { status: 'running', lease_lapsed: true, claimed_by: 'gone:1:abc' });
      const id = await enqueueJob(tdb.db, anHourAgo, { name: 'no-such-handler' });
      await claimJob(tdb.db, anHourAgo, 'gone:1:abc', { id, leaseMs: 30_000 });
      const running = (await cli(['jobs', '--status', 'running', '--json'])).json().data;
      t.like(running[0], { id, locked_by: 'gone:1:abc' });
      t.true(Date.parse(running[0].lease_until) < Date.now());
      const takenOver = await cli(['jobs', 'work', '--once']);
      t.like(takenOver.json().ran[0], { id, attempts: 2, status: 'failed' });

      t.is((await cli(['schedule', 'run', 'nope'])).code, 2);
      const badMonth = await cli(['schedule', 'run', 'month-lock', '--month', '2025-13']);
      t.is(badMonth.code, 2);
      t.regex(badMonth.stderr, /month/);
    },
  );

  test.serial(
    `[${dialect}] fy close: --no-wait queues, jobs work --once closes; waiting closes in one go`,
    async (t) => {
      const tdb = await createTestDb(dialect);
      t.teardown(tdb.destroy);
      const services: Services = {
        db: tdb.db,
        clock: new FixedClock(),
        config: tdb.config,
        logger: silentLogger,
      };
      const { db } = services;
      const a = await orgWorld(services);
      const b = await orgWorld(services);
      const ctx = workforceContext(services, await systemActor(db));
      for (const w of [a, b]) {
        await createFinancialYear(db, w.org.id, { name: 'FY2025' });
        await createLeaveType(db, w.org.id, 'CL', 12, 3);
        for (const month of monthsBetween('2025-01-01', '2025-12-31')) {
          if (w === b && month === '2025-06') continue;
          await runOperation(lockMonth, ctx, { organization_id: w.org.id, month });
        }
      }
      const cli = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url });

      // A preview queues no job, so it names none (and does not wait for one).
      const preview = await cli(['fy', 'close', `${a.org.code}/FY2025`, '--dry-run', '--json', '--yes']);
      t.is(preview.code, 0, preview.stderr);
      t.like(preview.json(), { status: 'closing', name: 'FY2025', job_id: null, dry_run: true });
      const queued = await cli(['fy', 'close', `${a.org.code}/FY2025`, '--no-wait', '--yes']);
      t.is(queued.code, 0, queued.stderr);
      t.like(queued.json(), { status: 'closing', name: 'FY2025', dry_run: false });
      const jobs = await cli(['jobs', '--status', 'queued']);
      t.deepEqual(
        jobs.json().data.map((j: any) => [j.id, j.name]),
        [[queued.json().job_id, 'financial-year.close']],
      );
      const worked = await cli(['jobs', 'work', '--once']);
      t.is(worked.code, 0, worked.stderr);
      t.is(worked.json().ran[0].status, 'done');
      const shown = await cli(['fy', 'show', `${a.org.code}/FY2025`]);
      t.is(shown.json().status, 'closed');
      // The organization apart, as every other command names it; a disagreeing one is refused.
      t.is((await cli(['fy', 'show', 'FY2025', '--org', a.org.code])).json().id, shown.json().id);
      const disagree = await cli(['fy', 'show', `${a.org.code}/FY2025`, '--org', b.org.code]);
      t.is(disagree.code, 2);
      t.regex(disagree.stderr, /--org/);
      t.deepEqual(
        shown.json().leave_type_snapshot.map((s: any) => s.code),
        ['CL'],
      );

      const unmet = await cli(['fy', 'close', `${b.org.code}/FY2025`, '--yes']);
      t.is(unmet.code, 2);
      t.regex(unmet.stderr, /months\.2025-06/);
      await runOperation(lockMonth, ctx, { organization_id: b.org.id, month: '2025-06' });
      const waited = await cli(['fy', 'close', `${b.org.code}/FY2025`, '--json', '--yes']);
      t.is(waited.code, 0, waited.stderr);
      t.is(waited.json().status, 'closed');
      t.is((await cli(['fy', 'close', 'no-slash'])).code, 2);
    },
  );
}
