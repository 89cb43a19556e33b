// `wfctl jobs show ID`: one job with its payload, result and last error. A plain command (the
// daemon's queue, no catalogue operation).
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import { UsageError } from '../../../core/errors.js';
import { getJob } from '../../../core/job-queue.js';
import { validate, yup } from '../../../core/validation.js';
import { output } from '../../io.js';
import { withServices } from '../../services.js';
import { JobView } from '../../views/jobs.js';

export function register(program: Command): void {
  const jobs = program.commands.find((c) => c.name() === 'jobs') ?? program.command('jobs');
  jobs
    .command('show')
    .description('One job with its payload, result and last error')
    .argument('<id>', 'job id')
    .option('--json', 'print JSON')
    .addHelpText('after', examplesText(['wfctl jobs show 17', 'wfctl jobs show 17 --json | jq .last_error']))
    .action(async (id: string, opts: { json?: boolean }) => {
      const { job_id } = await validate<{ job_id: number }>(
        yup.object({ job_id: yup.number().integer().min(1).required() }),
        { job_id: id },
      );
      const job = await withServices((s) => getJob(s.db, job_id));
      if (!job) throw new UsageError(`No job ${id}.`, { id: [`unknown job ${id}`] });
      await output(job, opts, (j) => <JobView job={j} />);
    });
}
