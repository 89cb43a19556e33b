// The composition root of `wfctl serve`: one process, one database, two listeners (workforce and
// clinic contracts), plus the background tasks (scheduler, job worker) registered in tasks.ts.
import type { Knex } from 'knex';
import type { Config } from './config.js';
import type { BackgroundTask } from './core/background-task.js';
import { systemClock, type Clock } from './core/clock.js';
import { createDrain } from './core/drain.js';
import { UsageError } from './core/errors.js';
import { createLogger, type Logger } from './core/logger.js';
import type { Services } from './core/services.js';
import { createDb } from './db/knex.js';
import { migrateLatest, migrationStatus } from './db/migrate.js';
import { galeraSettingsProblems, startWriterFence, type WriterFence } from './db/galera.js';
import { createHttpApp } from './http/app.js';
import { listen, type Listener } from './http/server.js';
import type { MetricsService } from './http/metrics/listener.js';
import { clinicApiInfo, clinicRoutes } from './clinic/routes.js';
import { workforceApiInfo, workforceRoutes } from './workforce/routes.js';
import { releaseHeldClaims } from './workforce/partners/deliveries/context.js';
import { backgroundTasks } from './tasks.js';
import { listenFailed, taskFailed } from './start-failure.js';

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
  /** The background tasks to run (tests replace them); src/tasks.ts by default. */
  tasks?: BackgroundTask[];
}

export interface Daemon {
  services: Services;
  listeners: Partial<Record<ListenerName, Listener>>;
  /**
   * Graceful stop (SIGTERM): at once /up and /ready answer 503, the listeners stop accepting and the
   * tasks claim nothing new; in-flight requests and claimed work get SHUTDOWN_GRACE_SECONDS, after
   * which connections are cut and claims released; then the pool closes.
   */
  stop(): Promise<void>;
  /** The Prometheus listener (GET /metrics), when METRICS_PORT is set. */
  metrics?: Listener;
}

export async function startDaemon(opts: DaemonOptions): Promise<Daemon> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel, process.stdout, {}, config.logFormat);
  const ownsDb = !opts.db;
  const db =
    opts.db ??
    createDb(config.database, {
      poolMax: config.dbPoolMax,
      connectTimeoutMs: config.dbConnectTimeoutMs,
    });
  const drain = createDrain();
  const services: Services = { db, clock: opts.clock ?? systemClock, config, logger, drain };
  const listeners: Partial<Record<ListenerName, Listener>> = {};
  const stopTasks: Array<(graceMs?: number) => Promise<void>> = [];
  let stopping: Promise<void> | null = null;
  let fence: WriterFence | null = null;
  let metrics: MetricsService | null = null;
  const stop = (graceMs: number) => {
    stopping ??= (async () => {
      drain.begin();
      await Promise.all([
        ...Object.values(listeners).map((l) => l.close(graceMs)),
        ...stopTasks.map((stopTask) => stopTask(graceMs)),
      ]);
      // Push batches a run still holds after the grace go back for another daemon to take at once.
      await releaseHeldClaims(services).catch(() => undefined);
      await fence?.stop();
      await metrics?.stop();
      if (ownsDb) await db.destroy();
    })();
    return stopping;
  };
  try {
    await prepareSchema(services, opts.migrate ?? false);
    const problems = await galeraSettingsProblems(db);
    if (problems.length) {
      throw new UsageError(`This Galera node is not set up as wfctl needs: ${problems.join(' ')}`);
    }
    // On Galera: writes only through the writer node (src/db/galera.ts); null elsewhere.
    fence = await startWriterFence(db, { logger });
    metrics = await startMetricsIfOn(services);
    if (opts.only !== 'clinic') {
      const app = createHttpApp({
        name: 'workforce',
        routes: workforceRoutes,
        services,
        openapi: workforceApiInfo,
      });
      listeners.workforce = await listen(
        app.handler,
        config.workforcePort,
        config.host,
        config.httpTimeouts,
      ).catch((err) => Promise.reject(listenFailed(err, 'workforce', config.host, config.workforcePort)));
    }
    if (opts.only !== 'workforce') {
      const app = createHttpApp({ name: 'clinic', routes: clinicRoutes, services, openapi: clinicApiInfo });
      listeners.clinic = await listen(app.handler, config.clinicPort, config.host, config.httpTimeouts).catch(
        (err) => Promise.reject(listenFailed(err, 'clinic', config.host, config.clinicPort)),
      );
    }
    if (opts.background ?? true) {
      for (const task of opts.tasks ?? backgroundTasks) {
        try {
          stopTasks.push(task.start(services));
        } catch (err) {
          throw taskFailed(err, task.name);
        }
      }
    }
    return {
      services,
      listeners,
      ...(metrics ? { metrics: metrics.listener } : {}),
      stop: () => stop(config.shutdownGraceMs),
    };
  } catch (err) {
    // Never half up: what was opened (a listener, a task, the pool) is closed before the error
    // reaches the caller, so the process can exit and the port is free for the next try.
    await stop(0);
    throw err;
  }
}

/**
 * The metrics listener, when configured. prom-client is imported here and only here, on demand:
 * every CLI command loads this file, and none but `serve` with METRICS_PORT should pay for it.
 */
async function startMetricsIfOn(services: Services): Promise<MetricsService | null> {
  if (!services.config.metrics) return null;
  const { host, port } = services.config.metrics;
  const { startMetrics } = await import('./http/metrics/listener.js');
  const metrics = await startMetrics(services, services.config.metrics).catch((err) =>
    Promise.reject(listenFailed(err, 'metrics', host, port)),
  );
  services.logger.info('metrics listening', { url: `${metrics.listener.url}/metrics` });
  return metrics;
}

/** SQLite (the embedded default) is migrated on start; MySQL only with --migrate. */
async function prepareSchema(services: Services, migrate: boolean): Promise<void> {
  const { db, config, logger } = services;
  if (config.database.client === 'sqlite' || migrate) {
    const applied = await migrateLatest(db, {
      onWait: () => logger.info('waiting for another process to finish migrating'),
    });
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
