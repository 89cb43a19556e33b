// Opens what a command needs (config, database, clock, logger) and closes it afterwards.
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../config.js';
import { systemClock } from '../core/clock.js';
import { createLogger } from '../core/logger.js';
import type { Services } from '../core/services.js';
import { createDb } from '../db/knex.js';
import { migrateLatest, pendingMigrations } from '../db/migrate.js';
import { UsageError } from '../core/errors.js';

export async function withServices<T>(
  work: (services: Services) => Promise<T>,
  opts: { config?: Config; db?: Knex; schema?: 'ready' | 'any' } = {},
): Promise<T> {
  const config = opts.config ?? loadConfig();
  const db = opts.db ?? createDb(config.database, { poolMax: config.dbPoolMax });
  // Commands log to stderr, so stdout stays the result.
  const logger = createLogger(
    config.logLevel === 'info' ? 'warn' : config.logLevel,
    process.stderr,
    {},
    config.logFormat,
  );
  const services: Services = { db, clock: systemClock, config, logger };
  try {
    if ((opts.schema ?? 'ready') === 'ready') await ensureSchema(services);
    return await work(services);
  } finally {
    if (!opts.db) await db.destroy();
  }
}

/** The embedded database is migrated on first use; MySQL must be migrated explicitly. */
async function ensureSchema(services: Services): Promise<void> {
  const pending = await pendingMigrations(services.db);
  if (!pending.length) return;
  if (services.config.database.client === 'sqlite') {
    await migrateLatest(services.db);
    return;
  }
  throw new UsageError(
    `The database has ${pending.length} pending migration(s); run \`wfctl migrate\` first.`,
  );
}
