// `wfctl migrate rollback [--all]`: says which migrations it will undo before it asks; when that
// empties the database (every migration), the question is to type the database's name.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import type { Config } from '../../../config.js';
import { UsageError } from '../../../core/errors.js';
import { migrateRollback, rollbackPlan } from '../../../db/migrate.js';
import { commandGroup } from '../../group.js';
import { canPrompt, confirmOrAbort, Declined, output, say } from '../../io.js';
import { withServices } from '../../services.js';
import { Summary } from '../../views/summary.js';

interface Flags {
  all?: boolean;
  yes?: boolean;
  json?: boolean;
}

function databaseName(config: Config): string {
  return config.database.client === 'sqlite' ? config.database.filename : config.database.database;
}

export function register(program: Command): void {
  commandGroup(program, 'migrate', 'Apply, inspect or roll back database migrations')
    .command('rollback')
    .description('Roll back the last batch of migrations (--all: every migration)')
    .option('--all', 'roll back every migration')
    .option('-y, --yes', 'do not ask for confirmation (required off a terminal)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examplesText(['wfctl migrate rollback', 'wfctl migrate rollback --all --yes --json']),
    )
    .action(async (flags: Flags) => {
      const rolledBack = await withServices(
        async (s) => {
          const plan = await rollbackPlan(s.db, Boolean(flags.all));
          const everything = plan.length > 0 && plan.length === (await rollbackPlan(s.db, true)).length;
          if (plan.length && !flags.yes && canPrompt(flags)) {
            say(`This rolls back ${plan.length} migration(s), newest first:`);
            for (const name of plan) say(`  ${name}`);
          }
          if (plan.length && everything) {
            await confirmByName(databaseName(s.config), plan.length, flags);
          } else if (plan.length) {
            await confirmOrAbort(`Roll back these ${plan.length} migration(s)?`, flags);
          }
          return migrateRollback(s.db, Boolean(flags.all));
        },
        { schema: 'any', changesData: true },
      );
      await output({ rolled_back: rolledBack }, flags, (r) => (
        <Summary
          title={
            r.rolled_back.length ? `Rolled back ${r.rolled_back.length} migration(s)` : 'Nothing to roll back'
          }
          tone="warn"
          table={
            r.rolled_back.length
              ? { columns: ['rolled back'], rows: r.rolled_back.map((m) => [m]) }
              : undefined
          }
        />
      ));
    });
}

/** Undoing every migration drops every table: on a terminal, type the database's name to go on. */
async function confirmByName(name: string, count: number, flags: Flags): Promise<void> {
  const question = `This undoes all ${count} migrations and EMPTIES the database ${name} (every table is dropped).`;
  if (flags.yes) return;
  if (!canPrompt(flags)) throw new UsageError(`${question} Refusing without --yes when not on a terminal.`);
  const { input } = await import('@inquirer/prompts');
  const typed = await input({
    message: `${question} Type the database name to confirm:`,
    validate: (v) => v.trim() === name || `Type ${name} exactly, or press Ctrl-C to stop.`,
  });
  if (typed.trim() !== name) throw new Declined();
}
