// The composition root of `wfctl serve`: one process, one database, two listeners (workforce and
// clinic contracts), plus the background tasks (scheduler, job worker) registered in tasks.ts.
import type { Knex } from 'knex';
import type { Config } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import { UsageError } from './core/errors.js';
import { createLogger, type Logger } from './core/logger.js';
import type { Services } from './core/services.js';
import { createDb } from './db/knex.js';
import { migrateLatest, migrationStatus } from './db/migrate.js';
import { createHttpApp } from './http/app.js';
import { listen, type Listener } from './http/server.js';
import { clinicApiInfo, clinicRoutes } from './clinic/routes.js';
import { workforceApiInfo, workforceRoutes } from './workforce/routes.js';
import { backgroundTasks } from './tasks.js';

export type ListenerName = 'workforce' | 'clinic';

export interface DaemonOptions {
  config: Config;
  only?: ListenerName;
  /** Apply pending migrations at start (always done for SQLite). */
  migrate?: boolean;
  clock?: Clock;
  logger?: Logger;
  /** An existing connection (tests); otherwise one is made from config.database. */
  db?: Knex;
  /** Run the scheduler and worker (defaults to the config switches). */
  background?: boolean;
}

export interface Daemon {
  services: Services;
  listeners: Partial<Record<ListenerName, Listener>>;
  /** The Prometheus listener (GET /metrics), when METRICS_PORT is set. */
  metrics?: Listener;
  /** Graceful stop: listeners first (in-flight requests finish), then tasks, then the pool. */
  stop(): Promise<void>;
}

export async function startDaemon(opts: DaemonOptions): Promise<Daemon> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel, process.stdout, {}, config.logFormat);
  const ownsDb = !opts.db;
  const db = opts.db ?? createDb(config.database, { poolMax: config.dbPoolMax });
  const services: Services = { db, clock: opts.clock ?? systemClock, config, logger };
  let metrics: { listener: Listener; stop(): Promise<void> } | null = null;
  try {
    await prepareSchema(services, opts.migrate ?? false);
    metrics = await startMetricsIfOn(services);
    const listeners: Partial<Record<ListenerName, Listener>> = {};
    if (opts.only !== 'clinic') {
      const app = createHttpApp({
        name: 'workforce',
        routes: workforceRoutes,
        services,
        openapi: workforceApiInfo,
      });
      listeners.workforce = await listen(app.handler, config.workforcePort, config.host, config.httpTimeouts);
    }
    if (opts.only !== 'workforce') {
      const app = createHttpApp({ name: 'clinic', routes: clinicRoutes, services, openapi: clinicApiInfo });
      listeners.clinic = await listen(app.handler, config.clinicPort, config.host, config.httpTimeouts);
    }
    const stopTasks = (opts.background ?? true) ? backgroundTasks.map((task) => task.start(services)) : [];
    let stopping: Promise<void> | null = null;
    return {
      services,
      listeners,
      ...(metrics ? { metrics: metrics.listener } : {}),
      stop() {
        stopping ??= (async () => {
          await Promise.all(Object.values(listeners).map((l) => l.close(config.shutdownTimeoutMs)));
          await Promise.all(stopTasks.map((stop) => stop()));
          await metrics?.stop();
          if (ownsDb) await db.destroy();
        })();
        return stopping;
      },
    };
  } catch (err) {
    await metrics?.stop();
    if (ownsDb) await db.destroy();
    throw err;
  }
}

/**
 * The metrics listener, when configured. prom-client is imported here and only here, on demand:
 * every CLI command loads this file, and none but `serve` with METRICS_PORT should pay for it.
 */
async function startMetricsIfOn(services: Services) {
  if (!services.config.metrics) return null;
  const { startMetrics } = await import('./http/metrics/listener.js');
  const metrics = await startMetrics(services, services.config.metrics);
  services.logger.info('metrics listening', { url: `${metrics.listener.url}/metrics` });
  return metrics;
}

/** SQLite (the embedded default) is migrated on start; MySQL only with --migrate. */
async function prepareSchema(services: Services, migrate: boolean): Promise<void> {
  const { db, config, logger } = services;
  if (config.database.client === 'sqlite' || migrate) {
    const applied = await migrateLatest(db);
    if (applied.length) logger.info('migrations applied', { migrations: applied });
    return;
  }
  const { pending } = await migrationStatus(db);
  if (pending.length) {
    throw new UsageError(
      `The database has ${pending.length} pending migration(s) (${pending.join(', ')}). ` +
        'Run `wfctl migrate` first, or start with `wfctl serve --migrate`.',
    );
  }
}
