// Every connection of the daemon's pool busy is not the database being away: the answer is a 503
// SERVER_BUSY with a short Retry-After, not DATABASE_UNAVAILABLE (an operator reading that would
// look at a database server that is fine), and the refused request changed nothing.
import test from 'ava';
import knex from 'knex';
import { FixedClock } from '../../src/core/clock.js';
import { createLogger, silentLogger } from '../../src/core/logger.js';
import { createDb } from '../../src/db/knex.js';
import { startDaemon } from '../../src/daemon.js';
import { sendError } from '../../src/http/respond.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { HttpClient } from '../helpers/http.js';
import { createOrg, createUnit, createUser, tokenFor } from '../helpers/workforce.js';

test('a pool acquire timeout is answered 503 SERVER_BUSY with Retry-After 1, and logged as busy', (t) => {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (l: string) => lines.push(l) } as never);
  const headers: Record<string, string> = {};
  const res = {
    headersSent: false,
    statusCode: 200,
    body: '',
    setHeader: (k: string, v: string | number) => (headers[k.toLowerCase()] = String(v)),
    end(body = '') {
      res.body = body;
    },
  };
  const timeout = new knex.KnexTimeoutError(
    'Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?',
  );
  sendError(res as never, timeout, logger);
  t.is(res.statusCode, 503);
  t.is(headers['retry-after'], '1');
  t.is(JSON.parse(res.body).code, 'SERVER_BUSY');
  t.notRegex(res.body, /knex|pool is probably|transacting/i);
  t.regex(lines.join(''), /every database connection is busy/);
});

if (DIALECTS.includes('mysql')) {
  test('[mysql] with every pooled connection held, requests are 503 SERVER_BUSY and change nothing; then served', async (t) => {
    const testDb = await createTestDb('mysql');
    t.teardown(() => testDb.destroy());
    // One connection, and a short wait for it (the acquire timeout is kept above the connect timeout).
    const db = createDb(testDb.database, { poolMax: 1, acquireTimeoutMs: 200, connectTimeoutMs: 300 });
    t.teardown(() => db.destroy());
    const daemon = await startDaemon({
      config: testDb.config,
      db,
      logger: silentLogger,
      clock: new FixedClock(),
      background: false,
    });
    t.teardown(() => daemon.stop());
    const api = new HttpClient(daemon.listeners.workforce!.url);
    const admin = await createUser(testDb.db, { grants: [{ role: 'system_admin', organizationId: null }] });
    const token = await tokenFor({ ...daemon.services, db: testDb.db }, admin.id);
    const org = await createOrg(testDb.db);
    await createUnit(testDb.db, org.id);
    t.is((await api.get('/api/v1/me', { token })).status, 200);

    const held = await db.client.acquireConnection();
    try {
      const me = await api.get('/api/v1/me', { token });
      t.is(me.status, 503);
      t.is(me.body.code, 'SERVER_BUSY');
      t.is(me.headers.get('retry-after'), '1');
      const retire = await api.post(`/api/v1/organizations/${org.id}/retire`, {}, { token });
      t.is(retire.status, 503);
      t.is(retire.body.code, 'SERVER_BUSY');
      t.is((await api.get('/api/v1/ping')).status, 200, 'what needs no database still answers');
    } finally {
      await db.client.releaseConnection(held);
    }
    t.is((await api.get('/api/v1/me', { token })).status, 200);
    const still = await testDb.db('organizations').where({ id: org.id }).first();
    t.is(still.status, 'active', 'the refused retire changed nothing');
  });
}
