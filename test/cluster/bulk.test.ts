// Large writes on the cluster (issue 22, item 5): one transaction, one write set, all or nothing.
//
// - an attendance import of a whole month (24,800 rows through LOAD DATA) commits whole, and every
//   node has every row; made to fail at its last rows, none of it stays;
// - with wsrep_load_data_splitting ON on the writer node (a LOAD DATA would then commit every
//   10,000 rows, whatever the transaction), the import takes the batched writes instead: made to
//   fail at its last rows, NO row of it stayed (a split LOAD DATA would have kept the first 20,000);
// - a month lock of 24,800 rows commits whole on every node; made to fail at its last row, it
//   leaves no row locked and no lock.
// Sizes keep each test well under a minute on a 2-core machine; the 310,000-row month is measured
// by the bench (bench/, docs/benchmarks.md). Serial: the splitting switch is global to the node.
import test from 'ava';
import type { Knex } from 'knex';
import { FixedClock } from '../../src/core/clock.js';
import { runOperation } from '../../src/core/operation.js';
import type { Services } from '../../src/core/services.js';
import { lockMonth } from '../../src/workforce/attendance/operations/lock-month.js';
import { workforceContext } from '../../src/workforce/context.js';
import { importRecords } from '../../src/workforce/import/operations/import-records.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { clusterWorld, nodeOf, type ClusterWorld, type NodeName } from '../helpers/cluster.js';
import { lockedCount } from '../workforce/attendance/fixtures.js';
import { bulkEmployees, insertAttendance, orgWithStaff } from '../workforce/partners/fixtures.js';
import { failOn } from '../workforce/records/world.js';

const EMPLOYEES = 800;
const MONTH = '2026-01';
const DAYS = 31;
const ROWS = EMPLOYEES * DAYS; // 24,800
const NODES: NodeName[] = ['n1', 'n2', 'n3'];

/** One organization, EMPLOYEES employees, each on every day of the month (day by day). */
function monthDocument() {
  const codes = Array.from({ length: EMPLOYEES }, (_, i) => `M${String(i + 1).padStart(5, '0')}`);
  const attendance = [];
  for (let d = 1; d <= DAYS; d++)
    for (const code of codes)
      attendance.push({
        employee_id: code,
        date: `${MONTH}-${String(d).padStart(2, '0')}`,
        status: 'present',
        check_in: '03:30:00Z',
        check_out: '12:00:00Z',
        worked_minutes: 510,
        flags: d % 3 ? [] : ['LATE_CHECK_IN'],
      });
  return {
    organizations: [{ code: 'BIG', name: 'Big Month Ltd', timezone: 'UTC' }],
    units: [{ organization: 'BIG', code: 'U1', name: 'Unit one' }],
    employees: codes.map((code) => ({
      employee_id: code,
      organization: 'BIG',
      unit: 'U1',
      name: `Employee ${code}`,
      starts_on: '2025-01-01',
    })),
    attendance,
  };
}

async function arrange(t: any) {
  const world = await clusterWorld({ clock: new FixedClock('2026-02-10T08:00:00.000Z') });
  t.teardown(() => world.close());
  const daemon = await world.startDaemon('writer');
  const writer = await nodeOf(world.db);
  return { world, services: daemon.daemon.services, writer };
}

async function importMonth(services: Services, doc: unknown) {
  const ctx = workforceContext(services, await systemActor(services.db));
  return runOperation(importRecords, ctx, { document: doc });
}

/** The statements a database ran (its transactions' included). */
function statements(db: Knex): string[] {
  const seen: string[] = [];
  db.on('query', (q: { sql: string }) => seen.push(q.sql));
  return seen;
}
const isLoadData = (sql: string) => /^LOAD DATA LOCAL INFILE/i.test(sql);

async function count(db: Knex, table: string, where: Record<string, unknown> = {}): Promise<number> {
  return Number((await db(table).where(where).count({ n: '*' }).first())?.n ?? 0);
}

/** Rows of `table` on each node, read straight from it (causal reads: every certified write set applied). */
async function onEveryNode(world: ClusterWorld, read: (db: Knex) => Promise<number>) {
  const out: Record<string, number> = {};
  for (const node of NODES) out[node] = await read(world.connect(node));
  return out;
}

const everywhere = (n: number) => Object.fromEntries(NODES.map((node) => [node, n]));

test.serial(
  'an import of a whole month commits whole through LOAD DATA, on every node; failing at its end, none of it stays',
  async (t) => {
    const { world, services, writer } = await arrange(t);
    const seen = statements(services.db);
    const doc = monthDocument();

    // The last day's rows come last: the trigger fails the import at its last 800 rows.
    const removeFailure = await failOn(world.db, 'mysql', 'attendance', 'INSERT', `NEW.date = '${MONTH}-31'`);
    await t.throwsAsync(() => importMonth(services, doc), { message: /injected failure/ });
    await removeFailure();
    t.is(seen.filter(isLoadData).length, 1, 'the rows went through LOAD DATA');
    t.deepEqual(await onEveryNode(world, (db) => count(db, 'attendance')), everywhere(0));
    t.is(await count(world.db, 'employees'), 0, 'nothing of the import stayed');

    seen.length = 0;
    const result = await importMonth(services, doc);
    t.deepEqual(result.counts.attendance, { created: ROWS, existing: 0, updated: 0 });
    t.is(seen.filter(isLoadData).length, 1);
    t.is(await nodeOf(world.db), writer);
    t.deepEqual(await onEveryNode(world, (db) => count(db, 'attendance')), everywhere(ROWS));
  },
);

test.serial(
  'with wsrep_load_data_splitting ON on the writer, an import failing at its end leaves no row: it took the batched writes',
  async (t) => {
    const { world, services, writer } = await arrange(t);
    const seen = statements(services.db);
    const doc = monthDocument();
    const removeFailure = await failOn(world.db, 'mysql', 'attendance', 'INSERT', `NEW.date = '${MONTH}-31'`);
    t.teardown(removeFailure);

    // A global switch on the writer node, shared with every test on the cluster: on for the import
    // only (a daemon starting meanwhile would refuse to), and off again whatever happens.
    const node = world.connect(writer);
    const splitting = (on: boolean) =>
      node.raw(`SET GLOBAL wsrep_load_data_splitting = ${on ? 'ON' : 'OFF'}`);
    t.teardown(() => splitting(false));
    await splitting(true);
    try {
      await t.throwsAsync(() => importMonth(services, doc), { message: /injected failure/ });
    } finally {
      await splitting(false);
    }
    t.is(seen.filter(isLoadData).length, 0, 'no LOAD DATA: it would have committed every 10,000 rows');
    t.true(
      seen.some((s) => /^insert into `attendance`/i.test(s)),
      'the batched writes ran',
    );
    t.deepEqual(await onEveryNode(world, (db) => count(db, 'attendance')), everywhere(0), 'no row stayed');
    t.is(await count(world.db, 'employees'), 0);
  },
);

test.serial(
  'a month lock of 24,800 rows commits whole on every node; failing at its last row, nothing is locked',
  async (t) => {
    const { world, services } = await arrange(t);
    const { org, unit } = await orgWithStaff(world.db, { employees: 0, code: 'LOCKBIG' });
    const employeeIds = await bulkEmployees(world.db, org.id, EMPLOYEES, 'L');
    t.is(
      await insertAttendance(world.db, {
        organizationId: org.id,
        unitId: unit.id,
        employeeIds,
        month: MONTH,
        days: DAYS,
      }),
      ROWS,
    );
    const ctx = workforceContext(services, await systemActor(world.db));
    const last = await world.db('attendance').max({ id: 'id' }).first();
    const removeFailure = await failOn(world.db, 'mysql', 'attendance', 'UPDATE', `OLD.id = ${last!.id}`);
    await t.throwsAsync(() => runOperation(lockMonth, ctx, { organization_id: org.id, month: MONTH }), {
      message: /injected failure/,
    });
    await removeFailure();
    t.deepEqual(
      await onEveryNode(world, (db) => lockedCount(db, { organization_id: org.id })),
      everywhere(0),
    );
    t.is(await count(world.db, 'attendance_locks'), 0);

    const lock = await runOperation(lockMonth, ctx, { organization_id: org.id, month: MONTH });
    t.is(lock.rows_locked, ROWS);
    t.deepEqual(
      await onEveryNode(world, (db) => lockedCount(db, { organization_id: org.id, lock_id: lock.lock_id })),
      everywhere(ROWS),
    );
    t.deepEqual(
      await onEveryNode(world, (db) => count(db, 'attendance_locks', { id: lock.lock_id })),
      everywhere(1),
    );
  },
);
