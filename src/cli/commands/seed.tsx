// `wfctl seed`: loads the demo data sets in seeds/ (each a module exporting `seed(services)`).
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { runSeeds } from '../seeds.js';
import { output } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';

export function registerSeed(program: Command): void {
  program
    .command('seed')
    .description('load the demo data in seeds/ (idempotent: running it twice adds nothing)')
    .option('--only <name>', 'run one seed by name')
    .option('--json', 'print JSON')
    .addHelpText('after', examplesText(['wfctl seed', 'wfctl seed --only workforce-demo --json']))
    .action(async (opts: { only?: string; json?: boolean }) => {
      const results = await withServices((s) => runSeeds(s, opts.only));
      await output({ seeds: results }, opts, (r) => (
        <Summary
          title={r.seeds.length ? `Seeded ${r.seeds.length} data set(s)` : 'No seeds to run'}
          rows={r.seeds.map((x) => [x.name, JSON.stringify(x.result)] as [string, string])}
        />
      ));
    });
}
