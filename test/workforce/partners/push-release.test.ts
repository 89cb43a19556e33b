// Issue 23, graceful stop: a push batch that a run still holds when its daemon stops is given back
// (claim cleared), so another daemon's push takes it over at once instead of a lease later. A
// push that finishes forgets its claim; nothing is released behind a run that is over.
import test, { type ExecutionContext } from 'ava';
import { FixedClock } from '../../../src/core/clock.js';
import type { LeaseTimers } from '../../../src/core/lease.js';
import { silentLogger } from '../../../src/core/logger.js';
import { runOperation } from '../../../src/core/operation.js';
import { startDaemon } from '../../../src/daemon.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import type { AttemptOutcome } from '../../../src/workforce/partners/deliveries/retry-policy.js';
import type { Transport } from '../../../src/workforce/partners/deliveries/transport.js';
import { createTestDb, DIALECTS, type Dialect } from '../../helpers/db.js';
import { createPartner, fakeSleep, lockedJanuary, systemContext } from './fixtures.js';

/** Heartbeats that never beat on their own: the claim stays as the run took it. */
const still: LeaseTimers = { setInterval: () => 0, clearInterval: () => {} };

/** A daemon (no background tasks) over a locked January with a partner to push it to. */
async function daemonWithPartner(t: ExecutionContext, dialect: Dialect) {
  const tdb = await createTestDb(dialect, { LEASE_SECONDS: '30', SHUTDOWN_GRACE_SECONDS: '0' });
  t.teardown(tdb.destroy);
  const clock = new FixedClock('2026-02-02T04:00:00Z');
  const { org } = await lockedJanuary(tdb.db);
  await createPartner(tdb.db, { organizationIds: [org.id] });
  const daemon = await startDaemon({
    config: tdb.config,
    db: tdb.db,
    clock,
    logger: silentLogger,
    background: false,
  });
  return { tdb, clock, daemon };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a daemon that stops gives back the batch its push still holds`, async (t) => {
    const { tdb, clock, daemon } = await daemonWithPartner(t, dialect);
    let reached!: () => void;
    const posting = new Promise<void>((resolve) => (reached = resolve));
    const hang: Transport = () => {
      reached();
      return new Promise<AttemptOutcome>(() => {});
    };
    const ctx = await systemContext(daemon.services, {
      transport: hang,
      sleep: fakeSleep(clock).sleep,
      timers: still,
    });
    void runOperation(pushToPartners, ctx, {});
    await posting;
    const held = await tdb.db('partner_deliveries').first();
    t.truthy(held.claimed_by, 'the run holds its batch while the POST is in flight');

    await daemon.stop();
    const after = await tdb.db('partner_deliveries').where({ id: held.id }).first();
    t.is(after.claimed_by, null);
    t.is(after.claimed_until, null);
    t.is(after.status, held.status, 'only the claim is given back');
  });

  test(`[${dialect}] a push that finished leaves nothing for the stop to release`, async (t) => {
    const { tdb, clock, daemon } = await daemonWithPartner(t, dialect);
    const ok: Transport = async () => ({ kind: 'response', status: 200 });
    const ctx = await systemContext(daemon.services, {
      transport: ok,
      sleep: fakeSleep(clock).sleep,
      timers: still,
    });
    const result = await runOperation(pushToPartners, ctx, {});
    t.true(result.ok);
    const before = await tdb
      .db('partner_deliveries')
      .select('id', 'status', 'claimed_by', 'updated_at')
      .orderBy('id');
    await daemon.stop();
    t.deepEqual(
      await tdb.db('partner_deliveries').select('id', 'status', 'claimed_by', 'updated_at').orderBy('id'),
      before,
    );
  });
}
