// GET /ready on both listeners (issue 23): 200 while every check passes, 503 naming the failing one;
// /up stays liveness (503 only while draining). Checks are a list: one that does not apply answers
// null and is left out, one that throws or fails makes the daemon not ready.
import test from 'ava';
import { checkReadiness, READINESS_CHECKS, type ReadinessCheck } from '../../src/core/readiness.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] /ready is 200 on both listeners with each check named`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    for (const client of [app.workforce, app.clinic]) {
      const res = await client.get('/ready');
      t.is(res.status, 200);
      t.deepEqual(res.body, { status: 'ready', checks: { database: { ok: true }, draining: { ok: true } } });
    }
  });

  test(`[${dialect}] /ready fails on both listeners while the database does not answer; /up does not`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    await app.testDb.db.destroy();
    for (const client of [app.workforce, app.clinic]) {
      const res = await client.get('/ready');
      t.is(res.status, 503);
      t.deepEqual(res.body, {
        status: 'not ready',
        checks: {
          database: { ok: false, detail: 'the database does not answer' },
          draining: { ok: true },
        },
      });
    }
    t.is((await app.workforce.get('/up')).status, 200);
  });

  test(`[${dialect}] once the daemon drains, /up is 503 "draining" and /ready names the drain`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    app.services.drain!.begin(); // what Daemon.stop() does first (the listeners are tested in drain.test.ts)
    const up = await app.workforce.get('/up');
    t.is(up.status, 503);
    t.is(up.text, 'draining');
    for (const client of [app.workforce, app.clinic]) {
      const res = await client.get('/ready');
      t.is(res.status, 503);
      t.deepEqual(res.body.checks.draining, { ok: false, detail: 'the daemon is shutting down' });
      t.true(res.body.checks.database.ok);
    }
  });

  test(`[${dialect}] a check added to the list is run; null leaves it out, a throw fails it`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const notApplicable: ReadinessCheck = async () => null;
    const clusterCheck: ReadinessCheck = async () => ({ name: 'cluster', ok: false, detail: 'not synced' });
    const brokenCheck: ReadinessCheck = async () => {
      throw new Error('driver said something internal');
    };
    t.deepEqual(await checkReadiness(app.services, [...READINESS_CHECKS, notApplicable]), {
      status: 'ready',
      checks: { database: { ok: true }, draining: { ok: true } },
    });
    t.deepEqual(await checkReadiness(app.services, [...READINESS_CHECKS, clusterCheck, brokenCheck]), {
      status: 'not ready',
      checks: {
        database: { ok: true },
        draining: { ok: true },
        cluster: { ok: false, detail: 'not synced' },
        broken: { ok: false, detail: 'the check failed' },
      },
    });
  });
}
