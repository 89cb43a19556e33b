// The database goes away and comes back (issue 16), on MySQL: the daemon reaches MariaDB through a
// TCP relay the test controls. With the relay down, requests that need the database are 503
// DATABASE_UNAVAILABLE (not a 500 with a driver error) and requests that do not still work; with it
// back, the same daemon serves again without a restart.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { loadConfig } from '../../src/config.js';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { startDaemon } from '../../src/daemon.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { HttpClient } from '../helpers/http.js';
import { enqueueJob, getJob } from '../../src/core/job-queue.js';
import { daemonWorker } from '../../src/tasks.js';
import { createOrg, createUnit, createUser, tokenFor } from '../helpers/workforce.js';

class Relay {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Every connection cut, and new ones refused. */
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    if (!this.server) return;
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}

if (DIALECTS.includes('mysql')) {
  test('[mysql] requests answer 503 while the database is away, and are served again when it is back', async (t) => {
    const testDb = await createTestDb('mysql');
    t.teardown(() => testDb.destroy());
    const { host, port, database, user } = testDb.database as any;
    const relay = new Relay({ host, port });
    await relay.up();
    t.teardown(() => relay.down());
    const config = loadConfig({
      DATABASE_URL: `mysql://${user}@127.0.0.1:${relay.port}/${database}`,
      WORKFORCE_PORT: '0',
      CLINIC_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    const daemon = await startDaemon({
      config,
      logger: silentLogger,
      clock: new FixedClock(),
      background: false,
    });
    t.teardown(() => daemon.stop());
    const api = new HttpClient(daemon.listeners.workforce!.url);
    const admin = await createUser(testDb.db, { grants: [{ role: 'system_admin', organizationId: null }] });
    const token = await tokenFor({ ...daemon.services, db: testDb.db }, admin.id);

    t.is((await api.get('/api/v1/me', { token })).status, 200);
    const org = await createOrg(testDb.db);
    await createUnit(testDb.db, org.id);
    // The daemon's own worker, polling through the relay the whole time.
    const stopWorker = daemonWorker.start({
      ...daemon.services,
      config: { ...daemon.services.config, workerPollMs: 20 },
    });
    t.teardown(stopWorker);

    await relay.down();
    const up = await api.get('/up');
    t.is(up.status, 200, '/up is liveness: the process still serves');
    const ready = await api.get('/ready');
    t.is(ready.status, 503, '/ready reports the database down');
    t.is(ready.body.status, 'not ready');
    t.false(ready.body.checks.database.ok);
    t.true(ready.body.checks.draining.ok);
    const retire = await api.post(`/api/v1/organizations/${org.id}/retire`, {}, { token });
    t.is(retire.status, 503, 'a write while the database is away is refused, not half-done');
    for (let i = 0; i < 3; i++) {
      const res = await api.get('/api/v1/me', { token });
      t.is(res.status, 503);
      t.is(res.body.code, 'DATABASE_UNAVAILABLE');
      t.is(res.headers.get('retry-after'), '5');
      t.notRegex(res.text, /ECONN|PROTOCOL|knex|select/i);
    }
    t.is((await api.get('/api/v1/ping')).status, 200); // needs no database

    await relay.up();
    t.is((await api.get('/api/v1/me', { token })).status, 200);
    t.is((await api.get('/ready')).status, 200);
    const still = await testDb.db('organizations').where({ id: org.id }).first();
    t.is(still.status, 'active', 'the refused retire changed nothing');
    t.is(
      (await testDb.db('organization_units').where({ organization_id: org.id, status: 'active' })).length,
      1,
    );

    // The worker kept polling through the outage; a job queued now is taken without a restart.
    const job = await enqueueJob(testDb.db, daemon.services.clock, { name: 'no-such-handler' });
    let row = await getJob(testDb.db, job);
    for (let i = 0; i < 500 && (row!.status === 'queued' || row!.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      row = await getJob(testDb.db, job);
    }
    t.is(row!.status, 'failed', 'the worker picked the job up after the outage (and had no handler for it)');
  });
}
