// `wfctl schedule run NAME [--month YYYY-MM]`: fires a scheduled job by hand, as the daemon's
// trigger would (each slot still runs only once, and runs the job's operation as the system user).
// A plain command: the operation is the schedule entry's, not the command's.
import React from 'react';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import { AppError } from '../../../core/errors.js';
import { isoMonth, validate, yup } from '../../../core/validation.js';
import { fireScheduledJob, findScheduledJob } from '../../../tasks.js';
import { output } from '../../io.js';
import { withServices } from '../../services.js';
import { ScheduleRunView } from '../../views/schedule.js';

export function register(program: Command): void {
  const schedule = program.commands.find((c) => c.name() === 'schedule') ?? program.command('schedule');
  schedule
    .command('run')
    .description('Run a scheduled job now, e.g. `schedule run month-lock --month 2026-01`')
    .argument('<name>', 'job name (see `wfctl schedule`)')
    .option('--month <YYYY-MM>', 'month-lock: lock this month instead of the month just ended')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examplesText([
        'wfctl schedule run month-lock --month 2026-10',
        'wfctl schedule run partner-push --json',
      ]),
    )
    .action(async (name: string, opts: { month?: string; json?: boolean }) => {
      findScheduledJob(name);
      const args = await validate<{ month?: string }>(yup.object({ month: isoMonth().optional() }), {
        month: opts.month,
      });
      const outcomes = await withServices((services) => fireScheduledJob(services, name, args), {
        changesData: true,
      });
      const failed = outcomes.filter((o) => o.outcome === 'failed');
      if (failed.length) {
        throw new AppError(
          500,
          `${failed.length} of ${outcomes.length} slot(s) of ${name} failed: ${failed[0].error}`,
          { code: 'SCHEDULED_RUN_FAILED', details: { outcomes } },
        );
      }
      await output({ job: name, outcomes }, opts, (r) => (
        <ScheduleRunView job={r.job} outcomes={r.outcomes} />
      ));
    });
}
