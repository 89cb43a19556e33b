// The views of `wfctl schedule` and `wfctl schedule run`.
import React from 'react';
import { Box } from 'ink';
import type { UpcomingSlot } from '../../core/scheduled-job.js';
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
  upcoming: UpcomingSlot[];
  last_runs: Array<SchedulerRun & { lease_lapsed: boolean }>;
}

const runState = (run: ScheduleEntry['last_runs'][number]) =>
  run.lease_lapsed ? 'running, lease lapsed: resumed at the next minute' : run.status;

export function ScheduleView({ jobs }: { jobs: ScheduleEntry[] }) {
  const upcoming = jobs.flatMap((j) => j.upcoming.map((u) => ({ job: j.name, ...u })));
  return (
    <Box flexDirection="column">
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
            j.last_runs[0] ? `${j.last_runs[0].slot} ${runState(j.last_runs[0])}` : null,
          ]),
        }}
      />
      {upcoming.length ? (
        <Summary
          title="Next automatic locks"
          table={{
            columns: ['job', 'for', 'slot', 'due (UTC)', 'due (local)', 'overdue'],
            rows: upcoming.map((u) => [
              u.job,
              u.subject,
              u.slot,
              u.due_at.slice(0, 16).replace('T', ' '),
              `${u.due_local.replace('T', ' ')} ${u.timezone}`,
              u.overdue.length ? u.overdue.join(', ') : null,
            ]),
          }}
        />
      ) : null}
    </Box>
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
