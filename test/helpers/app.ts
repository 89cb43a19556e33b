// Boots the real daemon in-process on port 0 against a fresh database, with an injectable clock.
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger, type Logger } from '../../src/core/logger.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import type { Services } from '../../src/core/services.js';
import { createTestDb, type Dialect, type TestDb } from './db.js';
import { HttpClient } from './http.js';

export interface TestApp {
  dialect: Dialect;
  testDb: TestDb;
  daemon: Daemon;
  services: Services;
  clock: FixedClock;
  workforce: HttpClient;
  clinic: HttpClient;
  close(): Promise<void>;
}

export async function bootApp(
  dialect: Dialect,
  opts: {
    clock?: FixedClock;
    env?: Record<string, string>;
    logger?: Logger;
    /** Start the metrics listener on a free port of 127.0.0.1 (METRICS_PORT cannot ask for port 0). */
    metrics?: boolean;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDb(dialect, opts.env);
  const clock = opts.clock ?? new FixedClock();
  const daemon = await startDaemon({
    config: opts.metrics ? { ...testDb.config, metrics: { port: 0, host: '127.0.0.1' } } : testDb.config,
    db: testDb.db,
    clock,
    logger: opts.logger ?? silentLogger,
    background: false,
  });
  return {
    dialect,
    testDb,
    daemon,
    services: daemon.services,
    clock,
    workforce: new HttpClient(daemon.listeners.workforce!.url),
    clinic: new HttpClient(daemon.listeners.clinic!.url),
    async close() {
      await daemon.stop();
      await testDb.destroy();
    },
  };
}
