// The prom-client side of src/core/metrics.ts: one Registry per daemon (two daemons in one process,
// as in the tests, never mix their series), the counters the kernel records into, the scrape-time
// gauges, and prom-client's process metrics, all prefixed wfctl_. Only this folder imports
// prom-client, and the daemon loads it with import() only when METRICS_PORT is set.
import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { HttpRequestSample, Metrics } from '../../core/metrics.js';
import type { Services } from '../../core/services.js';
import { isDatabaseUnavailable, isLockConflict, isUniqueViolation } from '../../db/errors.js';
import { registerScrapeGauges } from './scrape-gauges.js';

/** Seconds; most requests take a few milliseconds, an export or a big import several seconds. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Node's parser only accepts methods it knows, but label values stay a fixed set regardless.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface PromMetrics {
  registry: Registry;
  recorder: Metrics;
  /** Stops listening to the database's query errors (the pool may outlive the daemon in tests). */
  detach(): void;
}

export function createPromMetrics(services: Services): PromMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'wfctl_' });

  const requests = new Counter({
    name: 'wfctl_http_requests_total',
    help: 'HTTP requests answered, by listener, route template (unmatched: no route), method and status class',
    labelNames: ['listener', 'route', 'method', 'status_class'],
    registers,
  });
  const latency = new Histogram({
    name: 'wfctl_http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its response, by listener, route template and method',
    labelNames: ['listener', 'route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: 'wfctl_rate_limit_rejections_total',
    help: 'Requests refused with 429 by a rate limit, by the limit’s name',
    labelNames: ['limit'],
    registers,
  });
  const slots = new Counter({
    name: 'wfctl_scheduler_slots_total',
    help: 'Scheduler slots by job and outcome (ran, failed, skipped-held-elsewhere, skipped-done, taken-over)',
    labelNames: ['job', 'outcome'],
    registers,
  });
  const queryErrors = new Counter({
    name: 'wfctl_db_query_errors_total',
    help: 'Queries the database refused, by kind (unique-violation includes the conflicts claims rely on)',
    labelNames: ['kind'],
    registers,
  });
  registerScrapeGauges(registry, services);

  // The label lookups (prom-client hashes the label object on every call) are done once per series.
  const requestSeries = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof latency.labels> }
  >();
  const recorder: Metrics = {
    httpRequest(s: HttpRequestSample) {
      const method = METHODS.has(s.method) ? s.method : 'other';
      const statusClass = `${Math.floor(s.status / 100)}xx`;
      const key = `${s.listener} ${s.route} ${method} ${statusClass}`;
      let series = requestSeries.get(key);
      if (!series) {
        series = {
          count: requests.labels(s.listener, s.route, method, statusClass),
          time: latency.labels(s.listener, s.route, method),
        };
        requestSeries.set(key, series);
      }
      series.count.inc();
      series.time.observe(s.seconds);
    },
    rateLimited: (limit) => rateLimited.labels(limit).inc(),
    schedulerSlot: (job, outcome) => slots.labels(job, outcome).inc(),
  };

  const onQueryError = (err: unknown) => queryErrors.labels(queryErrorKind(err)).inc();
  const db: Knex = services.db;
  db.on('query-error', onQueryError);
  return { registry, recorder, detach: () => void db.off('query-error', onQueryError) };
}

function queryErrorKind(err: unknown): string {
  if (isUniqueViolation(err)) return 'unique-violation';
  if (isLockConflict(err)) return 'deadlock';
  if (isDatabaseUnavailable(err)) return 'unavailable';
  return 'other';
}
