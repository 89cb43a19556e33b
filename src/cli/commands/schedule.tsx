// `wfctl schedule`: the scheduled jobs, each with the operation it runs, its next run and its last
// runs. A plain command: it reads the daemon's schedule and runs no catalogue operation.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { SCHEDULED_JOBS } from '../../scheduler/schedule.js';
import { recentRuns } from '../../scheduler/runs.js';
import { nextRun } from '../../scheduler/scheduler.js';
import { output } from '../io.js';
import { withServices } from '../services.js';
import { ScheduleView } from '../views/schedule.js';

export function register(program: Command): void {
  const schedule = program.commands.find((c) => c.name() === 'schedule') ?? program.command('schedule');
  schedule
    .description('List the scheduled jobs with their next run (`schedule run NAME` runs one now)')
    .addHelpText('after', examplesText(['wfctl schedule', 'wfctl schedule --json']))
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const jobs = await withServices(async (services) =>
        Promise.all(
          SCHEDULED_JOBS.map(async (job) => ({
            name: job.name,
            description: job.description,
            operation: job.operation.name,
            cron: job.cron,
            timezone: job.timezone,
            next_run: nextRun(job)?.toISOString() ?? null,
            last_runs: await recentRuns(services.db, job.name, 5),
          })),
        ),
      );
      await output({ jobs }, opts, (r) => <ScheduleView jobs={r.jobs} />);
    });
}
