// Migrations live in migrations/ (TypeScript, compiled beside src/ into dist/migrations). The
// source below reads that folder at run time, so adding a migration is adding a file.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Knex } from 'knex';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

interface MigrationFile {
  name: string;
  file: string;
}

function listMigrations(): MigrationFile[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{8}_\d{2,4}_[a-z0-9_]+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => ({ name: f.replace(/\.(ts|js)$/, ''), file: join(MIGRATIONS_DIR, f) }));
}

const source: Knex.MigrationSource<MigrationFile> = {
  getMigrations: async () => listMigrations(),
  getMigrationName: (m) => m.name,
  getMigration: async (m) => import(pathToFileURL(m.file).href) as Promise<Knex.Migration>,
};

const options: Knex.MigratorConfig = { migrationSource: source, tableName: 'knex_migrations' };

/** How long a process waits for another one's migrations before giving up. */
export const MIGRATION_WAIT_MS = 10 * 60_000;

/**
 * Applies pending migrations. Several daemons may start together on an empty database (a rolling
 * deploy, a cluster brought up at once): the first takes knex's migration lock and the others wait
 * for it, then find nothing pending and go on. Waiting means retrying what a concurrent run makes
 * fail: knex's MigrationLocked, or creating its own bookkeeping tables a moment after another
 * process did. Any other failure is a real one and is thrown at once.
 */
export async function migrateLatest(
  db: Knex,
  opts: { waitMs?: number; onWait?: () => void } = {},
): Promise<string[]> {
  const deadline = Date.now() + (opts.waitMs ?? MIGRATION_WAIT_MS);
  let told = false;
  for (;;) {
    try {
      const [, applied] = await db.migrate.latest(options);
      return applied as string[];
    } catch (err) {
      if (!isConcurrentMigration(err)) throw err;
      if (Date.now() >= deadline) {
        throw new Error(
          'Another process has held the migration lock (table knex_migrations_lock) for too long. ' +
            'If no migration is running any more, `wfctl migrate unlock` frees it.',
          { cause: err },
        );
      }
      if (!told) opts.onWait?.();
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
    }
  }
}

function isConcurrentMigration(err: unknown): boolean {
  const e = err as { name?: string; code?: string; errno?: number; message?: string };
  if (e?.name === 'MigrationLocked') return true;
  const onBookkeeping = /knex_migrations/.test(String(e?.message));
  // 1050 table exists, 1062 duplicate row (the lock table's one row); SQLite says "already exists".
  return (
    onBookkeeping &&
    (e.errno === 1050 || e.errno === 1062 || /already exists|UNIQUE constraint/.test(String(e.message)))
  );
}

/** Frees knex's migration lock left behind by a process that died while migrating. */
export async function freeMigrationLock(db: Knex): Promise<void> {
  await db.migrate.forceFreeMigrationsLock(options);
}

export async function migrateRollback(db: Knex, all = false): Promise<string[]> {
  const [, rolledBack] = await db.migrate.rollback(options, all);
  return rolledBack as string[];
}

export interface MigrationStatus {
  completed: string[];
  pending: string[];
}

export async function migrationStatus(db: Knex): Promise<MigrationStatus> {
  const [completed, pending] = await db.migrate.list(options);
  return {
    completed: (completed as Array<{ name: string }>).map((m) => m.name),
    pending: (pending as MigrationFile[]).map((m) => m.name),
  };
}

/**
 * The migrations not applied yet, by name, read with one query: every command checks this before it
 * runs, and knex's migrator (its code, and the lock it takes) is needed only when some are. When the
 * query fails (no bookkeeping table yet, or no database), knex's own listing answers, or says why not.
 */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  let rows: Array<{ name: string }>;
  try {
    rows = await db(options.tableName!).select('name');
  } catch {
    return (await migrationStatus(db)).pending;
  }
  const done = new Set(rows.map((r) => r.name));
  return listMigrations()
    .map((m) => m.name)
    .filter((name) => !done.has(name));
}

/** Applies the next pending migration only; returns its name, or null when none was pending. */
export async function migrateUp(db: Knex): Promise<string | null> {
  const [, applied] = await db.migrate.up(options);
  return (applied as string[])[0] ?? null;
}

/** What a rollback would undo, newest first: the last batch, or (all) every completed migration. */
export async function rollbackPlan(db: Knex, all = false): Promise<string[]> {
  if (!(await db.schema.hasTable('knex_migrations'))) return [];
  const rows: Array<{ name: string; batch: number }> = await db('knex_migrations')
    .select('name', 'batch')
    .orderBy('id', 'desc');
  if (all || rows.length === 0) return rows.map((r) => r.name);
  const last = Math.max(...rows.map((r) => Number(r.batch)));
  return rows.filter((r) => Number(r.batch) === last).map((r) => r.name);
}
