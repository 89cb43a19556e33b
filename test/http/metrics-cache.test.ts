// The scrape-time read cache (src/http/metrics/cached-read.ts), without a database: scrapes that
// arrive together share one read, and a failed read is reported once and answers null. No time is
// waited for: only what happens within one window is asserted.
import test from 'ava';
import { cachedRead } from '../../src/http/metrics/cached-read.js';

test('scrapes within the window share one read', async (t) => {
  let reads = 0;
  const read = cachedRead(
    async () => ++reads,
    60_000,
    () => t.fail(),
  );
  const answers = await Promise.all([read(), read(), read()]);
  t.deepEqual(answers, [1, 1, 1]);
  t.is(await read(), 1);
  t.is(reads, 1);
});

test('a failed read is reported once, answers null, and is not retried within the window', async (t) => {
  let reads = 0;
  const errors: unknown[] = [];
  const read = cachedRead(
    async () => {
      reads += 1;
      throw new Error('database gone');
    },
    60_000,
    (err) => errors.push(err),
  );
  t.deepEqual(await Promise.all([read(), read()]), [null, null]);
  t.is(await read(), null);
  t.is(reads, 1);
  t.is(errors.length, 1);
});

test('with no window every call reads again', async (t) => {
  let reads = 0;
  const read = cachedRead(
    async () => ++reads,
    0,
    () => t.fail(),
  );
  t.is(await read(), 1);
  t.is(await read(), 2);
});
