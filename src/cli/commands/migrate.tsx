// `wfctl migrate [latest|status|rollback]`.
import React from 'react';
import type { Command } from 'commander';
import { migrateLatest, migrateRollback, migrationStatus } from '../../db/migrate.js';
import { confirmOrAbort, output } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';

export function registerMigrate(program: Command): void {
  const migrate = program.command('migrate').description('Apply, inspect or roll back database migrations');
  migrate
    .command('latest', { isDefault: true })
    .description('apply every pending migration (the default)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const applied = await withServices((s) => migrateLatest(s.db), { schema: 'any' });
      await output({ applied }, opts, (r) => (
        <Summary
          title={r.applied.length ? `Applied ${r.applied.length} migration(s)` : 'Already up to date'}
          rows={r.applied.map((m) => ['applied', m] as [string, string])}
        />
      ));
    });
  migrate
    .command('status')
    .description('list completed and pending migrations')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const status = await withServices((s) => migrationStatus(s.db), { schema: 'any' });
      await output(status, opts, (r) => (
        <Summary
          title={r.pending.length ? `${r.pending.length} pending migration(s)` : 'Up to date'}
          tone={r.pending.length ? 'warn' : 'ok'}
          table={{
            columns: ['migration', 'state'],
            rows: [...r.completed.map((m) => [m, 'completed']), ...r.pending.map((m) => [m, 'pending'])],
          }}
        />
      ));
    });
  migrate
    .command('rollback')
    .description('roll back the last batch of migrations (--all: every migration)')
    .option('--all', 'roll back every migration')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--json', 'print JSON')
    .action(async (opts: { all?: boolean; yes?: boolean; json?: boolean }) => {
      await confirmOrAbort(
        opts.all
          ? 'Roll back EVERY migration (drops all tables)?'
          : 'Roll back the last batch of migrations?',
        opts,
      );
      const rolledBack = await withServices((s) => migrateRollback(s.db, Boolean(opts.all)), {
        schema: 'any',
      });
      await output({ rolled_back: rolledBack }, opts, (r) => (
        <Summary
          title={`Rolled back ${r.rolled_back.length} migration(s)`}
          tone="warn"
          rows={r.rolled_back.map((m) => ['rolled back', m] as [string, string])}
        />
      ));
    });
}
