// The views of `wfctl schedule` and `wfctl schedule run`.
import React from 'react';
import { Box } from '../ink.js';
import type { UpcomingSlot } from '../../core/scheduled-job.js';
import type { RunOutcome } from '../../scheduler/schedule.js';
import type { SchedulerRun } from '../../scheduler/runs.js';
import { formatTime } from '../time.js';
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

export function ScheduleView({ jobs }: { jobs: ScheduleEntry[] }) {
  const upcoming = jobs.flatMap((j) => j.upcoming);
  // A running slot past its lease lost its daemon; the next minute's sweep resumes it.
  const lapsed = jobs.flatMap((j) => j.last_runs.filter((r) => r.lease_lapsed));
  return (
    <Box flexDirection="column">
      <Summary
        title={`${jobs.length} scheduled job(s)`}
        tone={lapsed.length ? 'warn' : 'ok'}
        rows={lapsed.map((r) => [
          'lease lapsed',
          `${r.job} ${r.slot} (held by ${r.claimed_by}): resumed within a minute`,
        ])}
        table={{
          // What the command is for first: a narrow terminal leaves out the rightmost columns.
          columns: ['job', 'next run', 'last run', 'cron', 'tz', 'operation'],
          rows: jobs.map((j) => [
            j.name,
            formatTime(j.next_run, j.timezone),
            j.last_runs[0] ? `${j.last_runs[0].slot} ${j.last_runs[0].status}` : null,
            j.cron,
            j.timezone,
            j.operation,
          ]),
        }}
      />
      {upcoming.length ? (
        <Summary
          title="Next automatic month locks (02:00 on the 1st, each organization's time zone)"
          table={{
            columns: ['for', 'due', 'time zone', 'overdue'],
            rows: upcoming.map((u) => [
              u.subject.replace(/^organization /, ''),
              formatTime(u.due_at, u.timezone),
              u.timezone,
              u.overdue.length ? u.overdue.map((s) => s.split('/')[0]).join(', ') : null,
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
