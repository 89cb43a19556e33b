// `wfctl migrate status`: completed and pending migrations.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import { migrationStatus } from '../../../db/migrate.js';
import { commandGroup } from '../../group.js';
import { output } from '../../io.js';
import { withServices } from '../../services.js';
import { Summary } from '../../views/summary.js';

export function register(program: Command): void {
  commandGroup(program, 'migrate', 'Apply, inspect or roll back database migrations')
    .command('status')
    .description('List completed and pending migrations')
    .option('--json', 'print JSON')
    .addHelpText('after', examplesText(['wfctl migrate status', 'wfctl migrate status --json | jq .pending']))
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
}
