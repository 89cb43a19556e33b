// `wfctl migrate [latest]`: apply every pending migration, one at a time with progress.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import { migrateUp, migrationStatus } from '../../../db/migrate.js';
import { commandGroup } from '../../group.js';
import { output } from '../../io.js';
import { withProgress } from '../../progress.js';
import { withServices } from '../../services.js';
import { Summary } from '../../views/summary.js';

export function register(program: Command): void {
  commandGroup(program, 'migrate', 'Apply, inspect or roll back database migrations')
    .command('latest', { isDefault: true })
    .description('Apply every pending migration (the default)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examplesText(['wfctl migrate', 'DATABASE_URL=mysql://root@127.0.0.1:3306/wfctl wfctl migrate --json']),
    )
    .action(async (opts: { json?: boolean }) => {
      const applied = await withServices(
        (s) =>
          withProgress('Checking migrations…', async (report) => {
            const { pending } = await migrationStatus(s.db);
            const done: string[] = [];
            for (const name of pending) {
              report(`Applying migration ${done.length + 1} of ${pending.length}: ${name}`);
              const applied = await migrateUp(s.db);
              if (applied) done.push(applied);
            }
            return done;
          }),
        { schema: 'any', changesData: true },
      );
      await output({ applied }, opts, (r) => (
        <Summary
          title={r.applied.length ? `Applied ${r.applied.length} migration(s)` : 'Already up to date'}
          table={r.applied.length ? { columns: ['applied'], rows: r.applied.map((m) => [m]) } : undefined}
        />
      ));
    });
}
