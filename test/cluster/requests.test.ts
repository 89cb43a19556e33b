// Request-level rules that two daemons share through the database (issue 22, item 3), each race
// forced at a gate on the writer node:
//
// - one Idempotency-Key sent to both daemons: the first request (a month lock) is held before its
//   commit; the second, on the other daemon, arrives while it is in flight, waits for it (the key is
//   reserved inside the first's transaction, src/core/idempotency.ts) without running, and gets
//   the very same answer, replayed; so does a later retry. One lock, one audit entry;
// - a login burst split over both daemons: the first admitted hit is held with the bucket's row,
//   the rest of the burst queues behind it, and exactly LOGIN_RATE_LIMIT_PER_MINUTE (5) logins are
//   admitted across the cluster; on the FixedClock the window slides: nothing until 60 s have
//   passed, then exactly five again.
import test from 'ava';
import { clusterWorld, gateOn, nodeOf, queuedBehind } from '../helpers/cluster.js';
import type { HttpResponse } from '../helpers/http.js';
import { createOrg, createUser, TEST_PASSWORD } from '../helpers/workforce.js';
import { attendanceCluster, MONTH } from './attendance-world.js';

const count = async (q: PromiseLike<Array<{ n: unknown }>>) => Number((await q)[0]?.n);

test('one Idempotency-Key on both daemons while the first request is in flight: one execution, the same answer', async (t) => {
  const c = await attendanceCluster(t);
  const body = { organization_id: c.org.org.id, month: MONTH };
  const opts = { token: c.org.tokens.orgAdmin, headers: { 'Idempotency-Key': 'lock-2025-12' } };
  const lock = (on: 'a' | 'b') => c[on].workforce.post('/api/v1/attendance/lock', body, opts);
  // The first lock has done its work; its audit entry waits at the gate, uncommitted.
  const gate = await gateOn(c.world, c.writer, 'audit_entries', 'INSERT');
  const first = lock('a');
  await gate.held();
  const second = lock('b');
  // The second waits on the key's row, which the first's uncommitted reservation holds.
  await queuedBehind(c.world.db, 1, second);
  await gate.open();
  const done = await first;
  t.is(done.status, 201, done.text);
  t.is(done.headers.get('idempotent-replayed'), null);
  const waited = await second;
  t.is(waited.status, done.status, waited.text);
  t.deepEqual(waited.body, done.body);
  t.is(waited.headers.get('idempotent-replayed'), 'true', 'the key was seen done, not run again');

  const retried = await lock('b');
  t.is(retried.status, done.status);
  t.deepEqual(retried.body, done.body);
  t.is(retried.headers.get('idempotent-replayed'), 'true');

  const db = c.world.db;
  t.is(await count(db('attendance_locks').count({ n: '*' })), 1, 'one lock');
  t.is(
    await count(db('audit_entries').where({ event: 'attendance.lock' }).count({ n: '*' })),
    1,
    'one audit entry',
  );
  const keys = await db('idempotency_keys').select('state', 'response_status');
  t.deepEqual(
    keys.map((k) => [k.state, Number(k.response_status)]),
    [['done', 201]],
  );
});

test('a login burst split over two daemons admits exactly the per-IP limit across the cluster, and the window slides', async (t) => {
  const world = await clusterWorld();
  t.teardown(() => world.close());
  const daemons = [await world.startDaemon('writer'), await world.startDaemon('writer')];
  const limit = daemons[0]!.daemon.services.config.workforce.loginRateLimitPerMinute;
  t.is(limit, 5);
  const org = await createOrg(world.db);
  const user = await createUser(world.db, { grants: [{ role: 'hr', organizationId: org.id }] });
  const login = (i: number) =>
    daemons[i % 2]!.workforce.post('/api/v1/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      device_name: `burst ${i}`,
    });
  const burst = (n: number, from = 0) => Promise.all(Array.from({ length: n }, (_, i) => login(from + i)));
  const admitted = (answers: HttpResponse[]) => {
    for (const a of answers) t.true(a.status === 200 || a.status === 429, `${a.status} ${a.text}`);
    return answers.filter((a) => a.status === 200).length;
  };
  const tokens = () =>
    count(world.db('personal_access_tokens').where({ user_id: user.id }).count({ n: '*' }));

  // The first hit is admitted and recorded, holding the bucket's row; nine more, alternating
  // between the daemons, queue behind that row before it commits.
  const gate = await gateOn(world, await nodeOf(world.db), 'rate_limit_hits', 'INSERT');
  const first = login(0);
  await gate.held();
  const rest = burst(9, 1);
  await queuedBehind(world.db, 9, rest);
  await gate.open();
  const answers = [await first, ...(await rest)];
  t.is(admitted(answers), limit, answers.map((a) => a.status).join(' '));
  t.is(await tokens(), limit);
  t.is(await count(world.db('rate_limit_hits').count({ n: '*' })), limit);

  // One millisecond short of a minute: the window still holds the five.
  world.clock.advance(59_999);
  t.is(admitted(await burst(4)), 0);
  // A minute after the burst its hits have left the window: five again, across both daemons.
  world.clock.advance(1);
  t.is(admitted(await burst(8)), limit);
  t.is(await tokens(), 2 * limit);
});
