// Sliding-window rate limits (issue 13, point 5): no span of the window ever admits more than the
// limit, on both databases, under concurrent hits, with an exact Retry-After. The clock is injected:
// nothing here waits.
import test from 'ava';
import fc from 'fast-check';
import { FixedClock } from '../../src/core/clock.js';
import { hitRateLimit } from '../../src/core/rate-limit.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] 20 concurrent hits on a limit of 5: exactly 5 admitted, positions 1..5`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const clock = new FixedClock('2026-11-26T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(testDb.db, clock, 'burst', 5, 60)),
    );
    t.is(results.filter((r) => r.allowed).length, 5);
    t.deepEqual(
      results
        .filter((r) => r.allowed)
        .map((r) => r.count)
        .sort((a, b) => a - b),
      [1, 2, 3, 4, 5],
    );
    for (const r of results.filter((x) => !x.allowed)) t.is(r.retryAfterSeconds, 60);
    t.is(Number((await testDb.db('rate_limit_hits').count({ n: '*' }).first())!.n), 5);
    // A full window later the hits have left it.
    clock.advance(60_000);
    t.like(await hitRateLimit(testDb.db, clock, 'burst', 5, 60), { allowed: true, count: 1 });
  });

  test(`[${dialect}] a double burst across a minute boundary is refused; Retry-After is exact`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const clock = new FixedClock('2026-11-26T10:00:58.000Z');
    const hit = () => hitRateLimit(testDb.db, clock, 'login:10.0.0.1', 5, 60);
    for (let i = 0; i < 5; i++) {
      t.true((await hit()).allowed, `hit ${i + 1}`);
      clock.advance(100); // 10:00:58.0 … 10:00:58.4
    }
    clock.set('2026-11-26T10:01:00.500Z'); // a new fixed minute: the old limiter admitted 5 more here
    const refused = await hit();
    t.false(refused.allowed);
    t.is(refused.retryAfterSeconds, 58, 'the first hit (10:00:58.0) leaves the window at 10:01:58.0');
    clock.set('2026-11-26T10:01:57.999Z');
    t.like(await hit(), { allowed: false, retryAfterSeconds: 1 });
    clock.set('2026-11-26T10:01:58.000Z');
    t.true((await hit()).allowed, 'exactly one window after the first hit, one more is admitted');
    t.like(await hit(), { allowed: false, retryAfterSeconds: 1 }, 'the second hit leaves at 58.1');
  });

  test(`[${dialect}] property: no 60-second span ever admits more than the limit`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        async (gaps, limit) => {
          const bucket = `prop-${++run}`;
          const clock = new FixedClock('2026-11-26T10:00:00Z');
          const admitted: number[] = [];
          for (const gap of gaps) {
            clock.advance(gap * 50); // 0 … 250 s between hits
            const r = await hitRateLimit(testDb.db, clock, bucket, limit, 60);
            if (r.allowed) admitted.push(clock.now().getTime());
            else {
              // Refused only when the window really holds `limit` hits, and Retry-After is when one leaves.
              const inWindow = admitted.filter((a) => a > clock.now().getTime() - 60_000);
              if (inWindow.length < limit) return false;
              const frees = inWindow[0] + 60_000 - clock.now().getTime();
              if (r.retryAfterSeconds !== Math.max(1, Math.ceil(frees / 1000))) return false;
            }
          }
          for (const start of admitted)
            if (admitted.filter((a) => a >= start && a < start + 60_000).length > limit) return false;
          return true;
        },
      ),
      { numRuns: 25 },
    );
    t.pass();
  });
}
