// The financial-year close job, as a worker runs it (`wfctl jobs work --once`): the job is claimed
// (its own short transaction, holding a lease), then financial-year.complete-close re-checks the
// checklist, closes the year and snapshots every leave type in one transaction. Killed anywhere in
// that transaction, the year stays `closing` with no snapshot and no audit entry; the dead worker's
// claim lapses after LEASE_SECONDS (3 here) and the next worker takes the job over and closes it.
import { monthsBetween } from '../../src/core/calendar.js';
import { FixedClock } from '../../src/core/clock.js';
import { enqueueJob } from '../../src/core/job-queue.js';
import { silentLogger } from '../../src/core/logger.js';
import { runOperation } from '../../src/core/operation.js';
import { fromDbTime, toDbTime } from '../../src/db/time.js';
import { lockMonth } from '../../src/workforce/attendance/operations/lock-month.js';
import { workforceContext } from '../../src/workforce/context.js';
import { FINANCIAL_YEAR_CLOSE_JOB } from '../../src/workforce/financial-years/operations/close-financial-year.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { createFinancialYear, createLeaveType } from '../workforce/financial-years/fixtures.js';
import { crashTests } from './harness.js';
import { createUser } from '../helpers/workforce.js';
import { buildWorld, counts } from './world.js';

const LEASE_SECONDS = 3;
const LEAVE_TYPES = 40;

crashTests({
  name: 'financial-year close job',
  async prepare({ db, config }) {
    const world = await buildWorld(db, { code: 'FYC', units: 2, employees: 50 });
    const services = { db, config, clock: new FixedClock('2026-01-15T10:00:00.000Z'), logger: silentLogger };
    const ctx = workforceContext(services, await systemActor(db));
    for (const month of monthsBetween('2025-01-01', '2025-12-31'))
      await runOperation(lockMonth, ctx, { organization_id: world.organizationId, month });
    for (let i = 0; i < LEAVE_TYPES; i++) await createLeaveType(db, world.organizationId, `L${i}`, 12, 3);
    const fy = await createFinancialYear(db, world.organizationId);
    const admin = await createUser(db, {
      grants: [{ role: 'org_admin', organizationId: world.organizationId }],
    });
    // As `POST /financial-years/{id}/close` leaves it: closing, with its job queued. Enough attempts
    // for every kill of the drill (each claim counts one).
    await db('financial_years').where({ id: fy.id }).update({ status: 'closing' });
    const job = await enqueueJob(db, new FixedClock('2026-01-15T10:00:00.000Z'), {
      name: FINANCIAL_YEAR_CLOSE_JOB,
      payload: { financial_year_id: fy.id, actor_user_id: admin.id },
      maxAttempts: 50,
    });
    return {
      args: ['jobs', 'work', '--once', '--json'],
      env: {
        LEASE_SECONDS: String(LEASE_SECONDS),
        // The job's own transaction starts at its first write to the year (the claim comes before).
        WFCTL_TEST_CRASH_OPERATION: '^update\\s+[`"]?financial_years',
      },
      async beforeRun(q, kind) {
        const running = await q('jobs').where({ id: job, status: 'running' }).first('lease_until');
        if (!running) return;
        if (kind === 'kill') {
          // The next kill needs the job claimable: as if the dead worker's lease had lapsed already.
          await q('jobs')
            .where({ id: job })
            .update({ lease_until: toDbTime(new Date(Date.now() - 1000)) });
          return;
        }
        // The re-run: a real wait for the dead worker's real lease (at most LEASE_SECONDS).
        for (let i = 0; i < 100; i++) {
          const row = await q('jobs').where({ id: job }).first('lease_until');
          if ((fromDbTime(row.lease_until)?.getTime() ?? 0) < Date.now()) return;
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      async fingerprint(q) {
        const year = await q('financial_years').where({ id: fy.id }).first('status', 'closed_at');
        return {
          ...(await counts(q, ['leave_type_snapshots', 'audit_entries'])),
          status: year.status,
          closed: year.closed_at !== null,
        };
      },
      done: (before) => ({
        ...before,
        leave_type_snapshots: before.leave_type_snapshots + LEAVE_TYPES,
        audit_entries: before.audit_entries + 1,
        status: 'closed',
        closed: true,
      }),
      probes: [
        (q) => q('financial_years').where({ id: fy.id }),
        (q) => q('leave_types').where({ organization_id: world.organizationId }),
      ],
    };
  },
});
