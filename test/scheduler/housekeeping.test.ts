// Expired idempotency keys are deleted by the scheduler's hourly housekeeping; live ones stay.
import test from 'ava';
import { FixedClock, HOUR } from '../../src/core/clock.js';
import { housekeeping, HOUSEKEEPING_CRON } from '../../src/scheduler/housekeeping.js';
import { startScheduler } from '../../src/scheduler/scheduler.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { ManualTimers, ManualTriggers } from './fakes.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] housekeeping deletes expired idempotency keys, in batches, and keeps the live ones`, async (t) => {
    const clock = new FixedClock('2026-03-10T12:00:00.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const { db } = app.services;
    const now = clock.now().getTime();
    const key = (i: number, expiresAt: number) => ({
      scope: 'user:1',
      key: `k${i}`,
      fingerprint: 'f'.repeat(64),
      state: 'done',
      response_status: 201,
      response_body: '{"data":{}}',
      created_at: expiresAt - 24 * HOUR,
      expires_at: expiresAt,
    });
    // 1,203 expired (more than two batches), one expiring exactly now, 5 still live.
    const rows = [
      ...Array.from({ length: 1203 }, (_, i) => key(i, now - HOUR - i)),
      key(5000, now),
      ...Array.from({ length: 5 }, (_, i) => key(6000 + i, now + 1 + i)),
    ];
    for (let i = 0; i < rows.length; i += 200) await db('idempotency_keys').insert(rows.slice(i, i + 200));

    t.deepEqual(await housekeeping(app.services), { idempotency_keys: 1204 });
    const left = await db('idempotency_keys').orderBy('key').pluck('key');
    t.deepEqual(left, ['k6000', 'k6001', 'k6002', 'k6003', 'k6004']);
    t.deepEqual(await housekeeping(app.services), { idempotency_keys: 0 });
  });

  test(`[${dialect}] the daemon's scheduler runs housekeeping every hour`, async (t) => {
    const clock = new FixedClock('2026-03-10T12:00:00.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const { db } = app.services;
    const now = clock.now().getTime();
    await db('idempotency_keys').insert({
      scope: 'user:1',
      key: 'old',
      fingerprint: 'f'.repeat(64),
      state: 'done',
      response_status: 201,
      created_at: now - 48 * HOUR,
      expires_at: now - 24 * HOUR,
    });
    const triggers = new ManualTriggers();
    const scheduler = startScheduler(app.services, { triggers, timers: new ManualTimers(), jobs: [] });
    t.teardown(() => scheduler.stop());
    const upkeep = triggers.registered.find((r) => r.rule === HOUSEKEEPING_CRON && r.timezone === 'UTC');
    t.truthy(upkeep, 'an hourly trigger is registered');
    t.is(
      Number((await db('idempotency_keys').count({ n: '*' }))[0].n),
      1,
      'nothing is deleted before it fires',
    );
    upkeep!.fire();
    await scheduler.idle();
    t.is(Number((await db('idempotency_keys').count({ n: '*' }))[0].n), 0);
  });
}
