// Opens what a command needs (config, database, clock, logger) and closes it afterwards.
import { isAbsolute, relative } from 'node:path';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../config.js';
import { systemClock } from '../core/clock.js';
import { createLogger } from '../core/logger.js';
import type { Services } from '../core/services.js';
import { createDb } from '../db/knex.js';
import { migrateLatest, pendingMigrations } from '../db/migrate.js';
import { UsageError } from '../core/errors.js';
import { cliIo } from './run-context.js';

export async function withServices<T>(
  work: (services: Services) => Promise<T>,
  opts: {
    config?: Config;
    db?: Knex;
    schema?: 'ready' | 'any';
    /** The command changes data: it says which database first (sayDatabase). */
    changesData?: boolean;
  } = {},
): Promise<T> {
  const config = opts.config ?? loadConfig();
  if (opts.changesData) sayDatabase(config);
  // A test's in-process run may hand in its clock and its open database (src/cli/run-context.ts).
  const io = cliIo();
  const given = opts.db ?? io.db;
  const db =
    given ??
    createDb(config.database, {
      poolMax: config.dbPoolMax,
      connectTimeoutMs: config.dbConnectTimeoutMs,
    });
  // Commands log to stderr, so stdout stays the result.
  const logger = createLogger(
    config.logLevel === 'info' ? 'warn' : config.logLevel,
    io.stderr,
    {},
    config.logFormat,
  );
  const services: Services = { db, clock: io.clock ?? systemClock, config, logger };
  try {
    if ((opts.schema ?? 'ready') === 'ready') await ensureSchema(services);
    return await work(services);
  } finally {
    if (!given) await db.destroy();
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

/**
 * The one line a command that changes data says first, on a terminal: which database it changes
 * (`database: sqlite ./var/wfctl.sqlite`, `database: mysql root@127.0.0.1:3306/wfctl`), never the
 * password. On stderr, so --json output stays one document.
 */
export function sayDatabase(config: Config): void {
  const { stderr } = cliIo();
  if (!stderr.isTTY) return;
  stderr.write(`database: ${describeDatabase(config)}\n`);
}

export function describeDatabase(config: Config): string {
  const d = config.database;
  if (d.client === 'sqlite') {
    if (d.filename.startsWith(':')) return `sqlite ${d.filename}`; // :memory:
    const rel = relative(process.cwd(), d.filename);
    const shown = !rel.startsWith('..') && !isAbsolute(rel) ? `./${rel}` : d.filename;
    return `sqlite ${shown}`;
  }
  return `mysql ${d.user}@${d.host}:${d.port}/${d.database}`;
}
