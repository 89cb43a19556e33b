// `wfctl schedule` lists the scheduled jobs with their next run and last runs;
// `wfctl schedule run NAME [--month YYYY-MM]` runs one by hand (each slot still runs only once).
import React from 'react';
import type { Command } from 'commander';
import { AppError } from '../../core/errors.js';
import { isoMonth, validate, yup } from '../../core/validation.js';
import { fireScheduledJob, findScheduledJob, SCHEDULED_JOBS } from '../../scheduler/schedule.js';
import { recentRuns } from '../../scheduler/runs.js';
import { nextRun } from '../../scheduler/scheduler.js';
import { output } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';

export function registerSchedule(program: Command): void {
  const schedule = program
    .command('schedule')
    .description('list the scheduled jobs with their next run (`schedule run NAME` runs one now)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const jobs = await withServices(async (services) =>
        Promise.all(
          SCHEDULED_JOBS.map(async (job) => ({
            name: job.name,
            description: job.description,
            cron: job.cron,
            timezone: job.timezone,
            next_run: nextRun(job)?.toISOString() ?? null,
            last_runs: await recentRuns(services.db, job.name, 5),
          })),
        ),
      );
      await output({ jobs }, opts, (r) => (
        <Summary
          title={`${r.jobs.length} scheduled job(s)`}
          table={{
            columns: ['job', 'cron', 'tz', 'next run', 'last run'],
            rows: r.jobs.map((j) => [
              j.name,
              j.cron,
              j.timezone,
              j.next_run,
              j.last_runs[0] ? `${j.last_runs[0].slot} ${j.last_runs[0].status}` : null,
            ]),
          }}
        />
      ));
    });

  schedule
    .command('run')
    .description('run a scheduled job now, e.g. `schedule run month-lock --month 2026-01`')
    .argument('<name>', 'job name (see `wfctl schedule`)')
    .option('--month <YYYY-MM>', 'month-lock: lock this month instead of the month just ended')
    .option('--json', 'print JSON')
    .action(async (name: string, opts: { month?: string; json?: boolean }) => {
      findScheduledJob(name);
      const args = await validate<{ month?: string }>(yup.object({ month: isoMonth().optional() }), {
        month: opts.month,
      });
      const outcomes = await withServices((services) => fireScheduledJob(services, name, args));
      const failed = outcomes.filter((o) => o.outcome === 'failed');
      if (failed.length) {
        throw new AppError(
          500,
          `${failed.length} of ${outcomes.length} slot(s) of ${name} failed: ${failed[0].error}`,
          {
            code: 'SCHEDULED_RUN_FAILED',
            details: { outcomes },
          },
        );
      }
      await output({ job: name, outcomes }, opts, (r) => (
        <Summary
          title={`${r.job}: ${r.outcomes.filter((o) => o.outcome === 'ran').length} ran, ${r.outcomes.filter((o) => o.outcome === 'skipped').length} already done`}
          table={{
            columns: ['slot', 'outcome', 'result'],
            rows: r.outcomes.map((o) => [o.slot, o.outcome, o.result ? JSON.stringify(o.result) : null]),
          }}
        />
      ));
    });
}
