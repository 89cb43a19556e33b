// The gauges read when Prometheus scrapes: the connection pool (in memory), and the backlogs read
// from the database (the job queue, the mail outbox, the partner push batches), each family one
// cached query (src/db/metrics-queries.ts). A failed query counts in
// wfctl_metrics_collect_errors_total and leaves its family empty in that scrape rather than failing
// the whole scrape or repeating stale numbers.
import type { Knex } from 'knex';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Services } from '../../core/services.js';
import { jobQueueGroups, mailOutboxByStatus, partnerBatchesByStatus } from '../../db/metrics-queries.js';
import { cachedRead } from './cached-read.js';

/** How long one scrape-time read answers for. */
export const SCRAPE_CACHE_MS = 2000;

const FAMILIES = ['job_queue', 'mail_outbox', 'partner_push'] as const;

export function registerScrapeGauges(registry: Registry, services: Services): void {
  const registers = [registry];
  const failures = new Map<string, number>(FAMILIES.map((f) => [f, 0]));
  const reader = <T>(family: (typeof FAMILIES)[number], read: (db: Knex) => Promise<T>) =>
    cachedRead(
      () => read(services.db),
      SCRAPE_CACHE_MS,
      (err) => {
        failures.set(family, failures.get(family)! + 1);
        services.logger.warn('metrics read failed', { family, error: err as Error });
      },
    );
  const jobs = reader('job_queue', jobQueueGroups);
  const outbox = reader('mail_outbox', mailOutboxByStatus);
  const batches = reader('partner_push', partnerBatchesByStatus);

  // prom-client collects every family of a scrape at once: this one waits for the reads (shared,
  // not repeated) so a failure shows in the very scrape it emptied.
  new Counter({
    name: 'wfctl_metrics_collect_errors_total',
    help: 'Scrape-time database reads that failed (their family is left out of that scrape)',
    labelNames: ['family'],
    registers,
    async collect() {
      await Promise.all([jobs(), outbox(), batches()]);
      // The tally only grows, so setting the counter from it keeps it monotonic.
      this.reset();
      for (const [family, n] of failures) this.labels(family).inc(n);
    },
  });

  registerPoolGauges(registry, services.db);

  new Gauge({
    name: 'wfctl_job_queue_depth',
    help: 'Unfinished jobs by kind (handler name) and status (queued, running)',
    labelNames: ['kind', 'status'],
    registers,
    async collect() {
      this.reset();
      for (const g of (await jobs()) ?? []) this.labels(g.kind, g.status).set(g.depth);
    },
  });
  new Gauge({
    name: 'wfctl_job_queue_oldest_age_seconds',
    help: 'Queued: how long the longest-due job has waited past its run_at; running: how long the longest-running job has run',
    labelNames: ['kind', 'status'],
    registers,
    async collect() {
      this.reset();
      const now = services.clock.now().getTime();
      for (const g of (await jobs()) ?? []) {
        const age = g.oldest ? Math.max(0, (now - g.oldest.getTime()) / 1000) : 0;
        this.labels(g.kind, g.status).set(age);
      }
    },
  });

  new Gauge({
    name: 'wfctl_mail_outbox_messages',
    help: 'Outgoing emails not yet sent, by status (queued, sending, failed, dead)',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      for (const [status, n] of (await outbox()) ?? []) this.labels(status).set(n);
    },
  });

  new Gauge({
    name: 'wfctl_partner_push_batches',
    help: 'Partner push batches not delivered, by status (pending, failed, dead)',
    labelNames: ['status'],
    registers,
    async collect() {
      this.reset();
      for (const [status, n] of (await batches()) ?? []) this.labels(status).set(n);
    },
  });
  new Gauge({
    name: 'wfctl_partner_push_dead_batches',
    help: 'Partner push batches whose retry budget is spent: only `wfctl partner redeliver` sends them again',
    registers,
    async collect() {
      this.reset();
      // A gauge without labels cannot be left out, so a failed read shows NaN (no alert fires on it;
      // the collect-errors counter says why), never a reassuring 0.
      const counts = await batches();
      this.set(counts ? (counts.get('dead') ?? 0) : NaN);
    },
  });
}

/** knex's tarn pool, read in memory; absent once the pool is destroyed. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function registerPoolGauges(registry: Registry, db: Knex): void {
  const pool = () => (db.client as { pool?: TarnPool }).pool ?? null;
  const poolGauge = (name: string, help: string, read: (p: TarnPool) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        const p = pool();
        if (p) this.set(read(p));
      },
    });
  poolGauge('wfctl_db_pool_connections_in_use', 'Database connections lent out', (p) => p.numUsed());
  poolGauge('wfctl_db_pool_connections_idle', 'Database connections open and free', (p) => p.numFree());
  poolGauge('wfctl_db_pool_pending_acquires', 'Queries waiting for a free database connection', (p) =>
    p.numPendingAcquires(),
  );
}
