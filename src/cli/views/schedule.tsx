// The views of `wfctl schedule` and `wfctl schedule run`.
import React from 'react';
import type { RunOutcome } from '../../scheduler/schedule.js';
import type { SchedulerRun } from '../../scheduler/runs.js';
import { Summary } from './summary.js';

export interface ScheduleEntry {
  name: string;
  description: string;
  operation: string;
  cron: string;
  timezone: string;
  next_run: string | null;
  last_runs: SchedulerRun[];
}

export function ScheduleView({ jobs }: { jobs: ScheduleEntry[] }) {
  return (
    <Summary
      title={`${jobs.length} scheduled job(s)`}
      table={{
        columns: ['job', 'operation', 'cron', 'tz', 'next run', 'last run'],
        rows: jobs.map((j) => [
          j.name,
          j.operation,
          j.cron,
          j.timezone,
          j.next_run,
          j.last_runs[0] ? `${j.last_runs[0].slot} ${j.last_runs[0].status}` : null,
        ]),
      }}
    />
  );
}

export function ScheduleRunView({ job, outcomes }: { job: string; outcomes: RunOutcome[] }) {
  const ran = outcomes.filter((o) => o.outcome === 'ran').length;
  const skipped = outcomes.filter((o) => o.outcome === 'skipped').length;
  return (
    <Summary
      title={`${job}: ${ran} ran, ${skipped} already done`}
      table={{
        columns: ['slot', 'outcome', 'result'],
        rows: outcomes.map((o) => [o.slot, o.outcome, o.result ? JSON.stringify(o.result) : null]),
      }}
    />
  );
}
