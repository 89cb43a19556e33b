// `wfctl jobs` inspects the job queue; `wfctl jobs work [--once]` runs due jobs without a daemon.
import React from 'react';
import type { Command } from 'commander';
import { getJob, listJobs, workOnce, type JobRecord, type JobStatus } from '../../core/job-queue.js';
import { validate, yup } from '../../core/validation.js';
import { jobHandlers } from '../../scheduler/handlers.js';
import { workerId } from '../../scheduler/worker.js';
import { UsageError } from '../../core/errors.js';
import { output } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import { asFlags } from './identity-shared.js';

const listSchema = yup.object({
  status: yup.string().oneOf(['queued', 'running', 'done', 'failed']).optional(),
  limit: yup.number().integer().min(1).max(1000).default(50),
});

const table = (jobs: JobRecord[]) => ({
  columns: ['id', 'name', 'status', 'attempts', 'run at', 'error'],
  rows: jobs.map((j) => [
    j.id,
    j.name,
    j.status,
    `${j.attempts}/${j.max_attempts}`,
    j.run_at?.slice(0, 19).replace('T', ' ') ?? null,
    j.last_error ? j.last_error.slice(0, 60) : null,
  ]),
});

export function registerJobs(program: Command): void {
  const jobs = program
    .command('jobs')
    .description('list queued, running, done and failed background jobs (newest first)')
    .option('--status <status>', 'queued, running, done or failed')
    .option('--name <name>', 'only jobs of this name')
    .option('--limit <n>', 'how many (default 50)')
    .option('--json', 'print JSON')
    .action(async (opts: { status?: string; name?: string; limit?: string; json?: boolean }) => {
      const q = await asFlags(
        () =>
          validate<{ status?: string; limit: number }>(listSchema, {
            status: opts.status,
            limit: opts.limit,
          }),
        { status: '--status', limit: '--limit' },
      );
      const list = await withServices((s) =>
        listJobs(s.db, { status: q.status as JobStatus | undefined, name: opts.name, limit: q.limit }),
      );
      await output({ jobs: list }, opts, (r) => (
        <Summary title={`${r.jobs.length} job(s)`} table={table(r.jobs)} />
      ));
    });

  jobs
    .command('show')
    .description('one job with its payload, result and last error')
    .argument('<id>', 'job id')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const { job_id } = await validate<{ job_id: number }>(
        yup.object({ job_id: yup.number().integer().min(1).required() }),
        {
          job_id: id,
        },
      );
      const job = await withServices((s) => getJob(s.db, job_id));
      if (!job) throw new UsageError(`No job ${id}.`, { id: [`unknown job ${id}`] });
      await output(job, opts, (j) => (
        <Summary
          title={`Job ${j.id} ${j.name}: ${j.status}`}
          tone={j.status === 'failed' ? 'error' : 'ok'}
          rows={[
            ['attempts', `${j.attempts}/${j.max_attempts}`],
            ['run at', j.run_at ?? ''],
            ['payload', JSON.stringify(j.payload)],
            ['result', JSON.stringify(j.result)],
            ['last error', j.last_error ?? ''],
          ]}
        />
      ));
    });

  jobs
    .command('work')
    .description('run due jobs in this process and exit (--once: at most one)')
    .option('--once', 'run at most one job')
    .option('--json', 'print JSON')
    .action(async (opts: { once?: boolean; json?: boolean }) => {
      const ran = await withServices(async (services) => {
        const id = workerId();
        const done: JobRecord[] = [];
        // A failed attempt is queued again in the future, so this ends when nothing is due.
        for (let i = 0; i < (opts.once ? 1 : 10_000); i++) {
          const job = await workOnce(services, jobHandlers, id);
          if (!job) break;
          done.push(job);
        }
        return done;
      });
      await output({ ran }, opts, (r) => (
        <Summary
          title={r.ran.length ? `Ran ${r.ran.length} job(s)` : 'No job was due'}
          table={table(r.ran)}
        />
      ));
    });
}
