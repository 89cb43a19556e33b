// Losing the writer node. `kill -9` of the node HAProxy sends writes to, in the middle of a punch
// rush and in the middle of a month lock: the daemons' writes move to the next node, every punch a
// client saw acknowledged is stored, none twice, the lock is whole or absent (never half), and the
// killed node rejoins by IST so the cluster is three again. Clients retry what failed, the way a
// mobile app does: the same request with the same Idempotency-Key until it gets an answer.
//
// These tests kill nodes: they run one at a time, and leave the cluster whole behind them.
import test from 'ava';
import type { Knex } from 'knex';
import {
  clusterScript,
  clusterScriptWith,
  clusterWorld,
  type ClusterWorld,
  gateOn,
  type NodeName,
  nodeOf,
  serversUp,
  until,
  WORKFORCE_FRONT,
} from '../helpers/cluster.js';
import { HttpClient } from '../helpers/http.js';
import { createEmployee, createOrg, createUnit, createUser, tokenFor } from '../helpers/workforce.js';
import { FixedClock, systemClock } from '../../src/core/clock.js';
import type { Services } from '../../src/core/services.js';

const DAY = '2026-01-12';
const nodeNumber = (node: NodeName) => node.slice(1);

async function clusterSize(db: Knex): Promise<number> {
  const [rows] = await db.raw("show global status like 'wsrep_cluster_size'");
  return Number(rows[0].Value);
}

/** Sends the request until it gets a non-5xx answer, as a client with an Idempotency-Key does. */
async function untilAnswered(
  send: () => Promise<{ status: number; text: string; body: any }>,
  deadlineMs = 90_000,
) {
  const deadline = Date.now() + deadlineMs;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      const res = await send();
      if (res.status < 500) return { ...res, attempts, answeredAt: Date.now() };
    } catch {
      // connection refused or reset: the daemon or its database went away mid-request
    }
    if (Date.now() > deadline) throw new Error(`no answer after ${attempts} attempts`);
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

async function punchers(world: ClusterWorld, services: Services, count: number) {
  const org = await createOrg(world.db, { timezone: 'UTC' });
  const unit = await createUnit(world.db, org.id, { timezone: 'UTC' });
  const people = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(world.db);
    const employee = await createEmployee(world.db, {
      organizationId: org.id,
      unitId: unit.id,
      userId: user.id,
    });
    people.push({ employee, token: await tokenFor(services, user.id) });
  }
  return { org, unit, people };
}

/** Kills the node; the test's teardown brings it back whatever the test's outcome. */
async function killNode(t: any, world: ClusterWorld, node: NodeName) {
  await clusterScript('kill-node', nodeNumber(node));
  let back = false;
  t.teardown(async () => {
    if (!back) await clusterScript('start-node', nodeNumber(node)).catch(() => undefined);
  });
  return async () => {
    await rejoin(t, world, node);
    back = true;
  };
}

/** Brings the killed node back and waits until the cluster is three again. */
async function rejoin(t: any, world: ClusterWorld, node: NodeName) {
  await clusterScript('start-node', nodeNumber(node));
  // A fresh pool: the test's own may hold connections that died with the node.
  const fresh = world.connect('writer');
  await until(async () => (await clusterSize(fresh)) === 3, 'the cluster to be three again', 120_000);
  t.pass(`${node} rejoined`);
}

test.serial(
  'kill -9 of the writer node mid punch rush: every acknowledged punch stored once, node rejoins',
  async (t) => {
    const world = await clusterWorld();
    t.teardown(() => world.close());
    const daemons = [await world.startDaemon('writer'), await world.startDaemon('writer')];
    const { people } = await punchers(world, daemons[0]!.daemon.services, 120);
    const writer = await nodeOf(world.db);

    let acknowledged = 0;
    let killedAt = 0;
    const answers: Array<{
      status: number;
      body: any;
      attempts: number;
      answeredAt: number;
      employeeId: number;
    }> = [];
    const queue = [...people];
    const lanes = Array.from({ length: 16 }, async (_, lane) => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const client: HttpClient = daemons[lane % 2]!.workforce;
        const key = `punch-${next.employee.id}`;
        const res = await untilAnswered(() =>
          client.post(
            '/api/v1/attendance/punches',
            { kind: 'check_in', at: `${DAY}T09:00:00Z` },
            { token: next!.token, headers: { 'Idempotency-Key': key } },
          ),
        );
        answers.push({ ...res, employeeId: next.employee.id });
        acknowledged += 1;
      }
    });
    // Kill the writer once a third of the punches are in: the rest arrive during and after the failover.
    await until(async () => acknowledged >= people.length / 3, 'a third of the punches acknowledged');
    const restart = await killNode(t, world, writer);
    killedAt = Date.now();
    await Promise.all(lanes);

    t.is(answers.length, people.length);
    for (const a of answers)
      t.true(a.status === 201 || a.status === 200, `${a.status} ${JSON.stringify(a.body)}`);
    const newWriter = await nodeOf(world.db);
    t.not(newWriter, writer, 'writes moved to another node');
    const stored = await world.db('attendance_punches').whereIn(
      'employee_id',
      people.map((p) => p.employee.id),
    );
    t.is(stored.length, people.length, 'every punch stored, none twice');
    t.is(new Set(stored.map((r: any) => r.employee_id)).size, people.length);
    const days = await world.db('attendance').whereIn(
      'employee_id',
      people.map((p) => p.employee.id),
    );
    t.is(days.length, people.length);
    const after = answers.filter((a) => a.answeredAt > killedAt).map((a) => a.answeredAt - killedAt);
    t.log(
      `writer ${writer} killed; ${after.length} punches answered after it, the last ${Math.max(0, ...after)} ms later; ` +
        `most attempts for one punch: ${Math.max(...answers.map((a) => a.attempts))}`,
    );

    await restart();
    // The rejoined node has every punch (it caught up by IST), and the writer stayed where it moved.
    const direct = world.connect(writer);
    await until(
      async () =>
        Number(
          (
            await direct('attendance_punches')
              .whereIn(
                'employee_id',
                people.map((p) => p.employee.id),
              )
              .count({ n: '*' })
          )[0]!.n,
        ) === people.length,
      `${writer} to hold every punch`,
    );
    t.is(await nodeOf(world.connect('writer')), newWriter, 'writes do not flap back to the rejoined node');
  },
);

test.serial(
  'kill -9 of the writer node in the middle of a month lock: the lock is whole or absent, then whole',
  async (t) => {
    // February 10th: January has ended, so it can be locked (the running month cannot).
    const world = await clusterWorld({ clock: new FixedClock('2026-02-10T10:00:00.000Z') });
    t.teardown(() => world.close());
    const daemon = await world.startDaemon('writer');
    const org = await createOrg(world.db, { timezone: 'UTC' });
    const unit = await createUnit(world.db, org.id, { timezone: 'UTC' });
    const employees = [];
    for (let i = 0; i < 40; i++)
      employees.push(await createEmployee(world.db, { organizationId: org.id, unitId: unit.id }));
    // Forty employees' January: 1,240 attendance rows to lock.
    const rows = [];
    for (const e of employees)
      for (let d = 1; d <= 31; d++)
        rows.push({
          employee_id: e.id,
          organization_id: org.id,
          organization_unit_id: unit.id,
          date: `2026-01-${String(d).padStart(2, '0')}`,
          status: 'present',
          created_at: '2026-02-01 00:00:00.000',
          updated_at: '2026-02-01 00:00:00.000',
        });
    await world.db.batchInsert('attendance', rows, 500);
    const admin = await createUser(world.db, { grants: [{ role: 'org_admin', organizationId: org.id }] });
    const token = await tokenFor(daemon.daemon.services, admin.id);
    const writer = await nodeOf(world.db);

    // Hold the lock at its first attendance update on the writer, then kill that node under it.
    const gate = await gateOn(world, writer, 'attendance', 'UPDATE');
    const lock = daemon.workforce
      .post(
        '/api/v1/attendance/lock',
        { organization_id: org.id, month: '2026-01' },
        { token, headers: { 'Idempotency-Key': 'lock-jan' } },
      )
      .catch((err: Error) => ({ status: 0, text: err.message, body: null }));
    await gate.held();
    const restart = await killNode(t, world, writer);
    const first = await lock;
    t.log(`the lock in flight when ${writer} died answered ${first.status}`);

    const survivors = world.connect('writer');
    const state = async () => ({
      locks: Number(
        (await survivors('attendance_locks').where({ organization_id: org.id }).count({ n: '*' }))[0]!.n,
      ),
      locked: Number(
        (
          await survivors('attendance')
            .where({ organization_id: org.id })
            .whereNotNull('locked_at')
            .count({ n: '*' })
        )[0]!.n,
      ),
    });
    const middle = await untilAnswered(async () => ({ status: 200, text: '', body: await state() }));
    t.true(
      (middle.body.locks === 0 && middle.body.locked === 0) ||
        (middle.body.locks === 1 && middle.body.locked === rows.length),
      `never half a lock: ${JSON.stringify(middle.body)}`,
    );
    // The operator (or the client) retries: the month ends locked exactly once.
    t.log(`state: ${JSON.stringify(middle.body)}; retrying the lock`);
    const retried = await untilAnswered(() =>
      daemon.workforce.post(
        '/api/v1/attendance/lock',
        { organization_id: org.id, month: '2026-01' },
        { token, headers: { 'Idempotency-Key': 'lock-jan' } },
      ),
    );
    t.true(retried.status < 300 || retried.status === 409, `${retried.status} ${retried.text}`);
    t.deepEqual(await state(), { locks: 1, locked: rows.length });
    await restart();
  },
);

test.serial(
  'kill -9 of one daemon behind HAProxy mid rush: clients that retry with their Idempotency-Key lose nothing',
  async (t) => {
    const world = await clusterWorld();
    t.teardown(() => world.close());
    const inProcess = (await world.startDaemon('writer')).daemon.services;
    // The script's daemons run on the real clock: tokens issued by it, punches of this minute.
    const services = { ...inProcess, clock: systemClock };
    const { people } = await punchers(world, services, 120);
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString().replace('.000Z', 'Z');
    // The script's two daemons, on this test's database, behind HAProxy's round robin.
    const env = { WFCTL_CLUSTER_DATABASE: (world.testDb.database as { database: string }).database };
    t.teardown(async () => {
      for (const d of ['1', '2']) await clusterScriptWith(env, 'stop-daemon', d).catch(() => undefined);
    });
    await clusterScriptWith(env, 'start-daemon', '1');
    await clusterScriptWith(env, 'start-daemon', '2');
    const front = new HttpClient(WORKFORCE_FRONT);
    // Both in the rotation: HAProxy has seen each one's /ready pass.
    await until(async () => (await serversUp('workforce')).length === 2, 'both daemons up behind HAProxy');

    let acknowledged = 0;
    const answers: Array<{ status: number; body: any; attempts: number }> = [];
    const queue = [...people];
    const lanes = Array.from({ length: 16 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const person = next;
        const res = await untilAnswered(() =>
          front.post(
            '/api/v1/attendance/punches',
            { kind: 'check_in', at },
            { token: person.token, headers: { 'Idempotency-Key': `punch-${person.employee.id}` } },
          ),
        );
        answers.push(res);
        acknowledged += 1;
      }
    });
    await until(async () => acknowledged >= people.length / 3, 'a third of the punches acknowledged');
    await clusterScriptWith(env, 'kill-daemon', '1');
    await Promise.all(lanes);

    for (const a of answers)
      t.true(a.status === 201 || a.status === 200, `${a.status} ${JSON.stringify(a.body)}`);
    const stored = await world.db('attendance_punches').whereIn(
      'employee_id',
      people.map((p) => p.employee.id),
    );
    t.is(stored.length, people.length, 'every punch stored, none twice');
    t.log(`most attempts for one punch: ${Math.max(...answers.map((a) => a.attempts))}`);
  },
);
