// `wfctl migrate unlock`: free knex's migration lock after a process died while migrating (a
// daemon killed during `serve --migrate`). Every other process that waits for it then goes on.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import { freeMigrationLock } from '../../../db/migrate.js';
import { commandGroup } from '../../group.js';
import { output } from '../../io.js';
import { withServices } from '../../services.js';
import { Summary } from '../../views/summary.js';

export function register(program: Command): void {
  commandGroup(program, 'migrate', 'Apply, inspect or roll back database migrations')
    .command('unlock')
    .description('Free the migration lock left by a process that died while migrating')
    .option('--json', 'print JSON')
    .addHelpText('after', examplesText(['wfctl migrate unlock']))
    .action(async (opts: { json?: boolean }) => {
      await withServices((s) => freeMigrationLock(s.db), { schema: 'any', changesData: true });
      await output({ unlocked: true }, opts, () => <Summary title="Migration lock freed" />);
    });
}
