// `wfctl jobs`: the job queue, newest first. A plain command: it inspects the daemon's queue and
// runs no catalogue operation.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { UsageError, ValidationError } from '../../core/errors.js';
import { listJobs, type JobStatus } from '../../core/job-queue.js';
import { validate, yup } from '../../core/validation.js';
import { output } from '../io.js';
import { withServices } from '../services.js';
import { JobListView } from '../views/jobs.js';

const listSchema = yup.object({
  status: yup.string().oneOf(['queued', 'running', 'done', 'failed']).optional(),
  limit: yup.number().integer().min(1).max(1000).default(50),
});

export function register(program: Command): void {
  const jobs = program.commands.find((c) => c.name() === 'jobs') ?? program.command('jobs');
  jobs
    .description('List queued, running, done and failed background jobs (newest first)')
    .addHelpText(
      'after',
      examplesText([
        'wfctl jobs --status failed',
        'wfctl jobs --name SendCaregiverInviteEmailJob --limit 10 --json',
      ]),
    )
    .option('--status <status>', 'queued, running, done or failed')
    .option('--name <name>', 'only jobs of this name')
    .option('--limit <n>', 'how many (default 50)')
    .option('--json', 'print JSON')
    .action(async (opts: { status?: string; name?: string; limit?: string; json?: boolean }) => {
      const q = await validate<{ status?: string; limit: number }>(listSchema, {
        status: opts.status,
        limit: opts.limit,
      }).catch((err) => {
        throw namingFlags(err, { status: '--status', limit: '--limit' });
      });
      const list = await withServices((s) =>
        listJobs(s.db, { status: q.status as JobStatus | undefined, name: opts.name, limit: q.limit }),
      );
      const page = {
        data: list,
        meta: { status: q.status ?? null, name: opts.name ?? null, limit: q.limit },
      };
      await output(page, opts, (r) => <JobListView jobs={r.data} />);
    });
}

/** A 422 on the query's fields, as a usage error naming the flags (`--limit`). */
function namingFlags(err: unknown, flags: Record<string, string>): unknown {
  if (!(err instanceof ValidationError)) return err;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(err.errors)) {
    const flag = flags[field] ?? field;
    errors[flag] = messages.map((m) => m.replace(`The ${field} field`, flag));
  }
  const [first] = Object.values(errors).flat();
  return new UsageError(first ?? err.message, errors);
}
