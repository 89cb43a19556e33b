// Issue 13 (4): the pull reads the month from one consistent snapshot (a read-only transaction:
// REPEATABLE READ on MySQL, one read transaction on SQLite) and checks the lock inside it. An
// unlock during the pull never sends unlocked rows under a 200: the partner gets either the whole
// locked month as it was, or the refusal — never a mix.
import test from 'ava';
import { Readable } from 'node:stream';
import { runOperation } from '../../../src/core/operation.js';
import { createDb } from '../../../src/db/knex.js';
import { workforceContext } from '../../../src/workforce/context.js';
import { pullLockedMonth } from '../../../src/workforce/partners/pull/pull-month.js';
import { createTestDb, DIALECTS, type Dialect } from '../../helpers/db.js';
import { createPartner, lockedTwoPageMonth, servicesFor, unlockAndCorrect } from './fixtures.js';

async function setup(dialect: Dialect) {
  const tdb = await createTestDb(dialect);
  const services = servicesFor(tdb);
  const { org, lockId, records } = await lockedTwoPageMonth(tdb.db);
  const partner = await createPartner(tdb.db, { organizationIds: [org.id] });
  const actor = { kind: 'partner' as const, partnerId: partner.id, tokenId: 1, organizationIds: [org.id] };
  const ctx = (extra: Record<string, unknown> = {}) => ({
    ...workforceContext(services, actor as any),
    ...extra,
  });
  return { tdb, services, org, lockId, records, ctx };
}

async function text(body: Readable): Promise<string> {
  let out = '';
  for await (const chunk of body) out += chunk;
  return out;
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] an unlock after the lock check cannot change what the 200 sends`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const pulled = await runOperation(pullLockedMonth, s.ctx(), { month: '2026-01', org_id: s.org.id });
    // The 200 is decided; the month is unlocked and corrected before the partner reads the body.
    await unlockAndCorrect(s.tdb.db, s.lockId, s.org.id);
    const records = JSON.parse(await text(pulled.body));
    t.is(records.length, s.records);
    t.true(records.every((r: any) => r.worked_minutes === 510));
    // The next pull sees the unlock.
    const refused: any = await t.throwsAsync(
      runOperation(pullLockedMonth, s.ctx(), { month: '2026-01', org_id: s.org.id }),
    );
    t.is(refused.code, 'LOCK_PENDING');
  });

  test(`[${dialect}] an unlock between two pages of the read: the whole locked month, as it was`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    // The unlock runs on its own pool, as another daemon's would. On MySQL it commits while the pull
    // still reads from its snapshot. On SQLite no writer can commit during the pull's transaction:
    // the unlock is refused at once (busy_timeout 0, so this one process does not wait on itself)
    // and runs once the pull has read the month.
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
    const pulled = await runOperation(pullLockedMonth, s.ctx({ pullTools: { onPage } }), {
      month: '2026-01',
      org_id: s.org.id,
    });
    const records = JSON.parse(await text(pulled.body));
    if (dialect === 'sqlite') {
      t.is(busy, 'SQLITE_BUSY');
      await unlockAndCorrect(other, s.lockId, s.org.id);
    }
    t.deepEqual(pages, [0, 1]);
    t.is(records.length, s.records);
    t.true(records.every((r: any) => r.worked_minutes === 510));
    // The unlock and the correction did happen: the next pull is refused.
    t.is(
      (
        await t.throwsAsync<any>(
          runOperation(pullLockedMonth, s.ctx(), { month: '2026-01', org_id: s.org.id }),
        )
      )?.code,
      'LOCK_PENDING',
    );
  });

  test(`[${dialect}] an unlock that commits before the pull's snapshot: the refusal, nothing sent`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    await unlockAndCorrect(s.tdb.db, s.lockId, s.org.id);
    const refused: any = await t.throwsAsync(
      runOperation(pullLockedMonth, s.ctx(), { month: '2026-01', org_id: s.org.id }),
    );
    t.is(refused.status, 409);
    t.is(refused.code, 'LOCK_PENDING');
  });
}
