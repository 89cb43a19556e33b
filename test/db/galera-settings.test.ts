// The start-up check of a Galera node's settings reads information_schema. On a node applying
// another daemon's migration (two daemons starting together) that read can be aborted as a
// deadlock; it is asked again rather than failing the start. Forced here with a scripted node.
import test from 'ava';
import type { Knex } from 'knex';
import { galeraSettingsProblems } from '../../src/db/galera.js';

const deadlock = () =>
  Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
    code: 'ER_LOCK_DEADLOCK',
    errno: 1213,
  });

/** A Galera node whose primary-key query fails with `failures` in turn, then answers `noKey`. */
function scriptedNode(failures: Error[], noKey: string[] = []) {
  const asked = { primaryKeys: 0 };
  const db = {
    client: { config: { client: 'mysql2' } },
    async raw(sql: string) {
      if (sql.includes('@@wsrep_node_name')) return [[{ on: 1, name: 'n1', address: '10.0.0.1:3306' }]];
      if (sql.includes('@@binlog_format')) return [[{ binlog_format: 'ROW', max_rows: 0, max_size: 0 }]];
      if (sql.includes('@@wsrep_load_data_splitting')) return [[{ on: 1, splitting: 0 }]];
      if (sql.includes("constraint_type = 'PRIMARY KEY'")) {
        asked.primaryKeys++;
        const failure = failures.shift();
        if (failure) throw failure;
        return [noKey.map((name) => ({ name }))];
      }
      throw new Error(`unexpected query: ${sql}`);
    },
  };
  return { db: db as unknown as Knex, asked };
}

test('a read aborted as a deadlock is asked again, and the check answers', async (t) => {
  const node = scriptedNode([deadlock(), deadlock()], ['legacy']);
  t.deepEqual(await galeraSettingsProblems(node.db), [
    'table legacy has no primary key; Galera cannot certify its rows consistently.',
  ]);
  t.is(node.asked.primaryKeys, 3);
});

test('a deadlock every time still fails, after five tries; any other error (a lock wait timeout too) at once', async (t) => {
  const always = scriptedNode(Array.from({ length: 9 }, deadlock));
  await t.throwsAsync(galeraSettingsProblems(always.db), { message: /Deadlock found/ });
  t.is(always.asked.primaryKeys, 5);
  const other = scriptedNode([new Error('Table access denied')]);
  await t.throwsAsync(galeraSettingsProblems(other.db), { message: /access denied/ });
  t.is(other.asked.primaryKeys, 1);
  // A lock waited for until innodb_lock_wait_timeout has already cost its wait: not asked again.
  const waited = scriptedNode([
    Object.assign(new Error('Lock wait timeout exceeded'), { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 }),
  ]);
  await t.throwsAsync(galeraSettingsProblems(waited.db), { message: /Lock wait timeout/ });
  t.is(waited.asked.primaryKeys, 1);
});
