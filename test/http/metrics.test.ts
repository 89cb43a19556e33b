// The Prometheus listener (issue 23): off unless METRICS_PORT is set, on 127.0.0.1 by default,
// GET /metrics only, and a scrape that parses strictly and carries the series the README lists,
// labelled by route templates (never a raw path or id).
import test from 'ava';
import type { AddressInfo } from 'node:net';
import { enqueueJob } from '../../src/core/job-queue.js';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import { queueMail } from '../../src/core/mailer.js';
import type { ScheduledJob } from '../../src/core/scheduled-job.js';
import { startDaemon } from '../../src/daemon.js';
import { fireScheduledJob, runScheduledJob } from '../../src/scheduler/schedule.js';
import { monthLockJob } from '../../src/workforce/attendance/month-lock-job.js';
import { clinicRoutes } from '../../src/clinic/routes.js';
import { workforceRoutes } from '../../src/workforce/routes.js';
import { bootApp, type TestApp } from '../helpers/app.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { parseExposition } from '../helpers/prometheus.js';
import { createUser, tokenFor } from '../helpers/workforce.js';

const RAW_ID = '987654';
const RAW_UNKNOWN = '/api/v1/no-such-thing/55501';
const KNOWN_ROUTES = new Set([
  ...[...workforceRoutes, ...clinicRoutes].map((r) => r.path),
  '/docs/openapi.json',
  'unmatched',
]);

async function scrape(app: TestApp) {
  const res = await fetch(`${app.daemon.metrics!.url}/metrics`);
  const text = await res.text();
  return { res, text, metrics: parseExposition(text) };
}

/** A scheduled job for the slot counters: `fail` makes its run throw. */
function probeJob(fail: boolean): ScheduledJob {
  return {
    name: fail ? 'metrics-probe-failing' : 'metrics-probe',
    description: 'a test job',
    cron: '0 4 * * *',
    timezone: 'UTC',
    operation: monthLockJob.operation,
    slotsDue: async () => ['slot-1'],
    async run() {
      if (fail) throw new Error('the probe fails');
      return { ok: true };
    },
  };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a scrape carries every family, labelled by route template, never a raw id or path`, async (t) => {
    const clock = new FixedClock('2026-03-02T10:00:00.000Z');
    const app = await bootApp(dialect, { clock, metrics: true, env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1' } });
    t.teardown(app.close);
    const admin = await createUser(app.services.db, {
      grants: [{ role: 'system_admin', organizationId: null }],
    });
    const token = await tokenFor(app.services, admin.id);

    t.is((await app.workforce.get('/api/v1/ping')).status, 200);
    t.is((await app.workforce.get(`/api/v1/employees/${RAW_ID}`)).status, 401);
    t.is((await app.workforce.get(`/api/v1/employees/${RAW_ID}`, { token })).status, 404);
    t.is((await app.workforce.get(RAW_UNKNOWN)).status, 404);
    t.is((await app.clinic.get('/api/v1/system/health')).status, 200);
    const login = { email: 'nobody@example.test', password: 'wrong password', device_name: 'test' };
    t.is((await app.workforce.post('/api/v1/auth/login', login)).status, 401);
    t.is((await app.workforce.post('/api/v1/auth/login', login)).status, 429);

    // A queued job of each kind, 90 s overdue on the injected clock; a mail also queues its job.
    await enqueueJob(app.services.db, clock, { name: 'metrics.probe' });
    await queueMail(app.services.db, app.services, {
      to: 'someone@example.test',
      subject: 'hello',
      text: 'hello',
      html: '<p>hello</p>',
      tenant: null,
      job: 'metrics.mail',
    });
    clock.advance(90_000);

    // Slot outcomes: ran, failed, then the done slot skipped by a firing and refused to a claimer
    // (whose insert hits the unique key: a query error the database reports).
    const ok = probeJob(false);
    const failing = probeJob(true);
    const jobs = [ok, failing];
    t.is((await runScheduledJob(app.services, ok.name, 'slot-1', { jobs })).outcome, 'ran');
    t.is((await runScheduledJob(app.services, failing.name, 'slot-1', { jobs })).outcome, 'failed');
    t.is((await fireScheduledJob(app.services, ok.name, {}, { jobs }))[0].outcome, 'skipped');
    t.is((await runScheduledJob(app.services, ok.name, 'slot-1', { jobs })).outcome, 'skipped');

    const { res, text, metrics: m } = await scrape(app);
    t.is(res.status, 200);
    t.regex(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    t.false(text.includes(RAW_ID), 'no raw id anywhere in the scrape');
    t.false(text.includes(RAW_UNKNOWN), 'no raw unmatched path anywhere in the scrape');
    for (const name of ['wfctl_http_requests_total', 'wfctl_http_request_duration_seconds_count'])
      for (const s of m.series(name))
        t.true(KNOWN_ROUTES.has(s.labels.route), `${s.labels.route} is a template`);

    // HTTP: counts by listener, template, method and status class; a histogram per template.
    t.is(m.families.get('wfctl_http_requests_total')?.type, 'counter');
    t.is(m.families.get('wfctl_http_request_duration_seconds')?.type, 'histogram');
    const req = (labels: Record<string, string>) => m.value('wfctl_http_requests_total', labels);
    t.is(req({ listener: 'workforce', route: '/api/v1/ping', method: 'GET', status_class: '2xx' }), 1);
    t.is(
      req({ listener: 'workforce', route: '/api/v1/employees/:id', method: 'GET', status_class: '4xx' }),
      2,
    );
    t.is(req({ listener: 'workforce', route: 'unmatched', method: 'GET', status_class: '4xx' }), 1);
    t.is(req({ listener: 'workforce', route: '/api/v1/auth/login', method: 'POST', status_class: '4xx' }), 2);
    t.is(req({ listener: 'clinic', route: '/api/v1/system/health', method: 'GET', status_class: '2xx' }), 1);
    const hist = { listener: 'workforce', route: '/api/v1/employees/:id', method: 'GET' };
    t.is(m.value('wfctl_http_request_duration_seconds_count', hist), 2);
    t.is(m.value('wfctl_http_request_duration_seconds_bucket', { ...hist, le: '+Inf' }), 2);
    t.true(m.value('wfctl_http_request_duration_seconds_sum', hist) > 0);
    t.is(m.value('wfctl_rate_limit_rejections_total', { limit: 'login' }), 1);

    // Database: the pool, and the unique-key conflict of the refused claim.
    for (const name of [
      'wfctl_db_pool_connections_in_use',
      'wfctl_db_pool_connections_idle',
      'wfctl_db_pool_pending_acquires',
    ]) {
      t.is(m.families.get(name)?.type, 'gauge', name);
      t.true(m.value(name) >= 0, name);
    }
    t.true(m.value('wfctl_db_query_errors_total', { kind: 'unique-violation' }) >= 1);

    // The queue, the outbox and the push batches, read at scrape time.
    for (const kind of ['metrics.probe', 'metrics.mail']) {
      t.is(m.value('wfctl_job_queue_depth', { kind, status: 'queued' }), 1, kind);
      t.is(m.value('wfctl_job_queue_oldest_age_seconds', { kind, status: 'queued' }), 90, kind);
    }
    t.deepEqual(
      m.series('wfctl_mail_outbox_messages').map((s) => [s.labels.status, s.value]),
      [
        ['queued', 1],
        ['sending', 0],
        ['failed', 0],
        ['dead', 0],
      ],
    );
    t.deepEqual(
      m.series('wfctl_partner_push_batches').map((s) => [s.labels.status, s.value]),
      [
        ['pending', 0],
        ['failed', 0],
        ['dead', 0],
      ],
    );
    t.is(m.value('wfctl_partner_push_dead_batches'), 0);
    for (const family of ['job_queue', 'mail_outbox', 'partner_push'])
      t.is(m.value('wfctl_metrics_collect_errors_total', { family }), 0, family);

    // Scheduler slots by job and outcome.
    const slot = (job: string, outcome: string) => m.value('wfctl_scheduler_slots_total', { job, outcome });
    t.is(slot('metrics-probe', 'ran'), 1);
    t.is(slot('metrics-probe-failing', 'failed'), 1);
    t.is(slot('metrics-probe', 'skipped-done'), 1);
    t.is(slot('metrics-probe', 'skipped-held-elsewhere'), 1);

    // prom-client's process metrics, prefixed.
    t.is(m.families.get('wfctl_process_cpu_seconds_total')?.type, 'counter');
    t.is(m.families.get('wfctl_nodejs_eventloop_lag_seconds')?.type, 'gauge');
    t.true(
      [...m.families.keys()].every((name) => name.startsWith('wfctl_')),
      'every family is prefixed',
    );
  });

  test(`[${dialect}] the metrics listener answers GET /metrics and nothing else`, async (t) => {
    const app = await bootApp(dialect, { metrics: true });
    t.teardown(app.close);
    const base = app.daemon.metrics!.url;
    t.is((await fetch(`${base}/metrics?debug=1`)).status, 200);
    for (const path of ['/', '/metrics/', '/metrics/x', '/api/v1/ping', '/docs/openapi.json'])
      t.is((await fetch(`${base}${path}`)).status, 404, path);
    t.is((await fetch(`${base}/metrics`, { method: 'POST', body: '' })).status, 404);
    // The contracts' listeners do not serve it either.
    t.is((await app.workforce.get('/metrics')).status, 404);
  });

  test(`[${dialect}] metrics are off by default: no listener`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    t.is(app.testDb.config.metrics, null);
    t.is(app.daemon.metrics, undefined);
    t.is(app.services.metrics, undefined);
  });

  test(`[${dialect}] with METRICS_PORT set and no METRICS_HOST, the listener binds 127.0.0.1`, async (t) => {
    const testDb = await createTestDb(dialect, { METRICS_PORT: '9464' });
    t.teardown(() => testDb.destroy());
    t.deepEqual(testDb.config.metrics, { port: 9464, host: '127.0.0.1' });
    // The same configuration on a free port, so parallel runs never collide on 9464.
    const daemon = await startDaemon({
      config: { ...testDb.config, metrics: { ...testDb.config.metrics!, port: 0 } },
      db: testDb.db,
      logger: silentLogger,
      background: false,
    });
    t.teardown(() => daemon.stop());
    t.is((daemon.metrics!.server.address() as AddressInfo).address, '127.0.0.1');
  });

  test(`[${dialect}] a failed scrape-time read is counted and leaves its family out; the scrape still answers`, async (t) => {
    const app = await bootApp(dialect, { metrics: true });
    t.teardown(app.close);
    await app.testDb.db.destroy(); // every query now fails
    const { res, metrics: m } = await scrape(app);
    t.is(res.status, 200);
    for (const family of ['job_queue', 'mail_outbox', 'partner_push'])
      t.true(m.value('wfctl_metrics_collect_errors_total', { family }) >= 1, family);
    t.deepEqual(m.series('wfctl_job_queue_depth'), []);
    t.deepEqual(m.series('wfctl_mail_outbox_messages'), []);
    t.deepEqual(m.series('wfctl_partner_push_batches'), []);
    t.true(Number.isNaN(m.value('wfctl_partner_push_dead_batches')));
  });
}
