// `wfctl schedule`: the scheduled jobs, each with the operation it runs, its next run, its last
// runs (a running slot whose lease lapsed lost its daemon: the next tick resumes it) and, for the
// month lock, when each organization's next lock really falls due (02:00 on the 1st, its own time
// zone) and the months overdue. A plain command: it reads the daemon's schedule and runs no
// catalogue operation.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { SCHEDULED_JOBS } from '../../tasks.js';
import { recentRuns } from '../../scheduler/runs.js';
import { nextRun } from '../../scheduler/scheduler.js';
import { output } from '../io.js';
import { withServices } from '../services.js';
import { ScheduleView } from '../views/schedule.js';

export function register(program: Command): void {
  const schedule = program.commands.find((c) => c.name() === 'schedule') ?? program.command('schedule');
  schedule
    .description('List the scheduled jobs with their next run (`schedule run NAME` runs one now)')
    .addHelpText('after', examplesText(['wfctl schedule', "wfctl schedule --json | jq '.data[0].upcoming'"]))
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const jobs = await withServices(async (services) => {
        const now = services.clock.now();
        return Promise.all(
          SCHEDULED_JOBS.map(async (job) => ({
            name: job.name,
            description: job.description,
            operation: job.operation.name,
            cron: job.cron,
            timezone: job.timezone,
            next_run: nextRun(job)?.toISOString() ?? null,
            upcoming: job.upcoming ? await job.upcoming(services, now) : [],
            last_runs: (await recentRuns(services.db, job.name, 5)).map((run) => ({
              ...run,
              lease_lapsed:
                run.status === 'running' &&
                run.lease_until !== null &&
                Date.parse(run.lease_until) < now.getTime(),
            })),
          })),
        );
      });
      await output({ data: jobs, meta: {} }, opts, (r) => <ScheduleView jobs={r.data} />);
    });
}
