// `wfctl seed`: loads the demo data sets in seeds/ (each a module exporting `seed(services)`).
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { runSeeds } from '../seeds.js';
import { output } from '../io.js';
import { loadConfig } from '../../config.js';
import { sayDatabase, withServices } from '../services.js';
import { withProgress } from '../progress.js';
import { SeedView } from '../views/seed.js';

export function register(program: Command): void {
  program
    .command('seed')
    .description('Load the demo data in seeds/ (idempotent: running it twice adds nothing)')
    .option('--only <name>', 'run one seed by name')
    .option('--json', 'print JSON')
    .addHelpText('after', examplesText(['wfctl seed', 'wfctl seed --only workforce-demo --json']))
    .action(async (opts: { only?: string; json?: boolean }) => {
      // Said before the progress line starts, so the two never share the line.
      const config = loadConfig();
      sayDatabase(config);
      const results = await withProgress('Seeding…', (report) =>
        withServices(
          (s) =>
            runSeeds(s, opts.only, (seed, i, of) =>
              report(`Seeding ${seed.name} (${i + 1} of ${of}): ${seed.description}…`),
            ),
          { config },
        ),
      );
      await output({ seeds: results }, opts, (r) => <SeedView seeds={r.seeds} />);
    });
}
