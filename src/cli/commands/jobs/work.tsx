// `wfctl jobs work [--once]`: runs due jobs in this process, as the daemon's worker would (each
// handler runs the operation it names), and exits. A plain command: the operations are the
// handlers', not the command's.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import { workOnce, type JobRecord } from '../../../core/job-queue.js';
import { jobHandlers } from '../../../tasks.js';
import { workerId } from '../../../scheduler/worker.js';
import { output } from '../../io.js';
import { withServices } from '../../services.js';
import { JobsRanView } from '../../views/jobs.js';

export function register(program: Command): void {
  const jobs = program.commands.find((c) => c.name() === 'jobs') ?? program.command('jobs');
  jobs
    .command('work')
    .description('Run due jobs in this process and exit (--once: at most one)')
    .option('--once', 'run at most one job')
    .option('--json', 'print JSON')
    .addHelpText('after', examplesText(['wfctl jobs work', 'wfctl jobs work --once --json']))
    .action(async (opts: { once?: boolean; json?: boolean }) => {
      const ran = await withServices(
        async (services) => {
          const id = workerId();
          const done: JobRecord[] = [];
          // A failed attempt is queued again in the future, so this ends when nothing is due.
          for (let i = 0; i < (opts.once ? 1 : 10_000); i++) {
            const job = await workOnce(services, jobHandlers, id);
            if (!job) break;
            done.push(job);
          }
          return done;
        },
        { changesData: true },
      );
      await output({ ran }, opts, (r) => <JobsRanView ran={r.ran} />);
    });
}
