// The terminal views of `wfctl schedule` and `wfctl jobs` after a crash: a slot or job whose lease
// lapsed says so, and each organization's next automatic lock is shown in UTC and on its own clock.
import test from 'ava';
import React from 'react';
import { render } from 'ink-testing-library';
import { ScheduleView, type ScheduleEntry } from '../../src/cli/views/schedule.js';
import { JobListView } from '../../src/cli/views/jobs.js';
import type { JobRecord } from '../../src/core/job-queue.js';

test('schedule: next lock per organization (UTC and local) and a lapsed slot', (t) => {
  const jobs: ScheduleEntry[] = [
    {
      name: 'month-lock',
      description: '',
      operation: 'attendance.lock',
      cron: '* * * * *',
      timezone: 'UTC',
      next_run: '2026-11-26T14:01:00.000Z',
      upcoming: [
        {
          slot: '2026-11/org:3',
          subject: 'organization KTM',
          timezone: 'Asia/Kathmandu',
          due_at: '2026-11-30T20:15:00.000Z',
          due_local: '2026-12-01T02:00+05:45',
          overdue: ['2026-10/org:3'],
        },
      ],
      last_runs: [
        {
          id: 1,
          job: 'month-lock',
          slot: '2026-10/org:3',
          status: 'running',
          claimed_by: 'gone:1:abc',
          started_at: '2026-11-01T20:15:00.000Z',
          finished_at: null,
          lease_until: '2026-11-01T20:15:30.000Z',
          result: null,
          error: null,
          lease_lapsed: true,
        },
      ],
    },
  ];
  const { lastFrame, unmount } = render(<ScheduleView jobs={jobs} />);
  const frame = lastFrame() ?? '';
  t.regex(frame, /lease lapsed +month-lock 2026-10\/org:3 \(held by gone:1:abc\)/);
  t.regex(frame, /Next automatic month locks/);
  // One time format in tables (issue 25): the organization's wall clock, with its offset.
  t.regex(frame, /KTM +2026-12-01 02:00 \+05:45 +Asia\/Kathmandu +2026-10/);
  unmount();
});

test('jobs: a running job whose lease lapsed is marked', (t) => {
  const job: JobRecord = {
    id: 7,
    name: 'financial-year.close',
    payload: {},
    status: 'running',
    attempts: 1,
    max_attempts: 5,
    run_at: '2026-11-26T10:00:00.000Z',
    locked_at: '2026-11-26T10:00:00.000Z',
    locked_by: 'gone:1:abc',
    lease_until: '2026-11-26T10:00:30.000Z',
    last_error: null,
    result: null,
    created_at: '2026-11-26T10:00:00.000Z',
    finished_at: null,
  };
  const { lastFrame, unmount } = render(<JobListView jobs={[job]} />);
  t.regex(lastFrame() ?? '', /running \(lapsed\)/);
  unmount();
});
