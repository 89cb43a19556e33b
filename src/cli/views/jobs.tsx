// The views of `wfctl jobs`, `wfctl jobs show` and `wfctl jobs work`.
import React from 'react';
import type { JobRecord } from '../../core/job-queue.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';

/** A running job whose lease lapsed lost its worker: the next worker to poll takes it over. */
const state = (j: JobRecord, now = Date.now()) =>
  j.status === 'running' && j.lease_until && Date.parse(j.lease_until) < now ? 'running (lapsed)' : j.status;

const table = (jobs: JobRecord[]) => ({
  columns: ['id', 'name', 'status', 'attempts', 'run at', 'error'],
  rows: jobs.map((j) => [
    j.id,
    j.name,
    state(j),
    `${j.attempts}/${j.max_attempts}`,
    formatTime(j.run_at),
    j.last_error ? j.last_error.slice(0, 60) : null,
  ]),
});

export function JobListView({ jobs }: { jobs: JobRecord[] }) {
  return <Summary title={`${jobs.length} job(s)`} table={table(jobs)} />;
}

export function JobView({ job: j }: { job: JobRecord }) {
  return (
    <Summary
      title={`Job ${j.id} ${j.name}: ${j.status}`}
      tone={j.status === 'failed' ? 'error' : 'ok'}
      rows={[
        ['attempts', `${j.attempts}/${j.max_attempts}`],
        ...(j.status === 'running'
          ? ([
              ['worker', j.locked_by ?? ''],
              ['lease until', `${j.lease_until ?? ''}${state(j) !== j.status ? ' (lapsed)' : ''}`],
            ] as Array<[string, string]>)
          : []),
        ['run at', formatTime(j.run_at) ?? ''],
        ['payload', JSON.stringify(j.payload)],
        ['result', JSON.stringify(j.result)],
        ['last error', j.last_error ?? ''],
      ]}
    />
  );
}

export function JobsRanView({ ran }: { ran: JobRecord[] }) {
  return <Summary title={ran.length ? `Ran ${ran.length} job(s)` : 'No job was due'} table={table(ran)} />;
}
