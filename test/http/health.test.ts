import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] workforce /up is 200 "healthy" and ping tells the injected clock's time`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2031-07-04T12:34:56.789Z') });
    t.teardown(app.close);
    const up = await app.workforce.get('/up');
    t.is(up.status, 200);
    t.is(up.text, 'healthy');
    const ping = await app.workforce.get('/api/v1/ping');
    t.is(ping.status, 200);
    t.deepEqual(ping.body, { now: '2031-07-04T12:34:56.789Z' });
    app.clock.advance(1000);
    t.deepEqual((await app.workforce.get('/api/v1/ping')).body, { now: '2031-07-04T12:34:57.789Z' });
  });

  test(`[${dialect}] clinic health reports service, status, env and clients`, async (t) => {
    const app = await bootApp(dialect, {
      env: { APP_ENV: 'staging', PASSWORD_HASH_COST: '10', CLINIC_CLIENTS: 'web, app' },
    });
    t.teardown(app.close);
    const res = await app.clinic.get('/api/v1/system/health');
    t.is(res.status, 200);
    t.deepEqual(res.body, { service: 'clinic', status: 'ok', env: 'staging', clients: ['web', 'app'] });
  });

  test(`[${dialect}] each listener serves only its own contract`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    t.is((await app.clinic.get('/api/v1/ping')).status, 404);
    t.is((await app.workforce.get('/api/v1/system/health')).status, 404);
  });

  test(`[${dialect}] a database that stopped answering fails readiness and the clinic health, not liveness`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    await app.testDb.db.destroy(); // the pool is gone: every query now fails
    const up = await app.workforce.get('/up');
    t.is(up.status, 200, 'liveness: restarting the daemon would not bring the database back');
    t.is(up.text, 'healthy');
    const ready = await app.workforce.get('/ready');
    t.is(ready.status, 503);
    t.deepEqual(ready.body.checks.database, { ok: false, detail: 'the database does not answer' });
    const health = await app.clinic.get('/api/v1/system/health');
    t.is(health.status, 503);
    t.is(health.body.status, 'degraded');
  });
}
