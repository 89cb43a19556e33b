// The CSV export reads the month from one snapshot (the operation's transaction: REPEATABLE READ on
// MySQL, one transaction on SQLite): an unlock and a correction that commit while the month is being
// read, or after the export was decided, never change what the file holds or the count it announces.
import test from 'ava';
import type { Readable } from 'node:stream';
import { runOperation } from '../../../src/core/operation.js';
import { createDb } from '../../../src/db/knex.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { systemActor } from '../../../src/workforce/identity/actor.js';
import { exportAttendance } from '../../../src/workforce/exports/operations/export-attendance.js';
import { createTestDb, DIALECTS, type Dialect } from '../../helpers/db.js';
import { lockedTwoPageMonth, servicesFor, unlockAndCorrect } from '../partners/fixtures.js';

async function setup(dialect: Dialect) {
  const tdb = await createTestDb(dialect);
  const services = servicesFor(tdb);
  const { org, lockId, records } = await lockedTwoPageMonth(tdb.db);
  const actor = await systemActor(tdb.db);
  const ctx = (extra: Record<string, unknown> = {}) => ({ ...workforceContext(services, actor), ...extra });
  const input = { month: '2026-01', org_id: org.id };
  return { tdb, org, lockId, records, ctx, input };
}

async function lines(body: Readable): Promise<string[]> {
  let out = '';
  for await (const chunk of body) out += chunk;
  return out.trimEnd().split('\n').slice(1);
}

const minutes = (line: string) => Number(line.split(',')[7]);

for (const dialect of DIALECTS) {
  test(`[${dialect}] an unlock after the export was decided cannot change the file`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const out = await runOperation(exportAttendance, s.ctx(), s.input);
    await unlockAndCorrect(s.tdb.db, s.lockId, s.org.id);
    const rows = await lines(out.body);
    t.is(out.records, s.records);
    t.is(rows.length, s.records);
    t.true(rows.every((r) => minutes(r) === 510));
    const refused: any = await t.throwsAsync(runOperation(exportAttendance, s.ctx(), s.input));
    t.is(refused.code, 'LOCK_PENDING');
  });

  test(`[${dialect}] an unlock between two pages of the read: the whole locked month, as it was`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    // As in the pull's test: on MySQL the unlock commits from another pool while the export reads
    // its snapshot; on SQLite no writer can commit during the export's transaction (refused at once
    // with busy_timeout 0, so the process does not wait on itself) and it runs afterwards.
    const other = createDb(s.tdb.config.database, { poolMax: 2 });
    t.teardown(() => other.destroy());
    const pages: number[] = [];
    let busy: unknown;
    const onPage = async (index: number) => {
      pages.push(index);
      if (index !== 0) return;
      if (dialect === 'mysql') return unlockAndCorrect(other, s.lockId, s.org.id);
      await other.raw('pragma busy_timeout = 0');
      busy = await unlockAndCorrect(other, s.lockId, s.org.id).catch((err: { code?: string }) => err.code);
    };
    const out = await runOperation(exportAttendance, s.ctx({ exportTools: { onPage } }), s.input);
    const rows = await lines(out.body);
    if (dialect === 'sqlite') {
      t.is(busy, 'SQLITE_BUSY');
      await unlockAndCorrect(other, s.lockId, s.org.id);
    }
    t.deepEqual(pages, [0, 1]);
    t.is(out.records, s.records);
    t.is(rows.length, s.records);
    t.true(
      rows.every((r) => minutes(r) === 510),
      'every record as it was locked',
    );
    const refused: any = await t.throwsAsync(runOperation(exportAttendance, s.ctx(), s.input));
    t.is(refused.code, 'LOCK_PENDING');
  });
}
