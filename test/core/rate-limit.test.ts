// A burst admits exactly `limit` hits: each hit learns its own position from one atomic
// increment, on both databases (issue 16: the counter was read after concurrent increments).
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { hitRateLimit } from '../../src/core/rate-limit.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] 20 concurrent hits on a limit of 5: positions 1..20, exactly 5 admitted`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const clock = new FixedClock('2026-11-26T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(testDb.db, clock, 'burst', 5, 60)),
    );
    t.deepEqual(
      results.map((r) => r.count).sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    t.is(results.filter((r) => r.allowed).length, 5);
    for (const r of results) t.is(r.allowed, r.count <= 5);
    // A new window starts again at 1.
    clock.advance(60_000);
    t.is((await hitRateLimit(testDb.db, clock, 'burst', 5, 60)).count, 1);
  });
}
