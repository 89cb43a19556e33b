// The terminal views of `wfctl mail list/show/retry` (ink-testing-library, last frame).
import React from 'react';
import test from 'ava';
import { render } from 'ink-testing-library';
import { MailListView, MailRetriedView, MailView } from '../../src/cli/views/mail.js';

const mail = {
  id: 7,
  status: 'failed' as const,
  from: '"Happy Paws" <no-reply@wfctl.local>',
  to: 'fay@example.test',
  reply_to: null,
  subject: 'Olive invited you',
  tenant_id: 1,
  attempts: 2,
  last_error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525',
  message_id: null,
  job_name: 'SendCaregiverInviteEmailJob',
  created_at: '2026-11-26T10:00:00.000Z',
  sent_at: null,
  updated_at: '2026-11-26T10:00:30.000Z',
};

test('mail list: a table with status, attempts and the last error; the next page named', (t) => {
  const frame = render(<MailListView page={{ data: [mail], next_before: 7 }} />).lastFrame() ?? '';
  t.regex(frame, /1 email\(s\), newest first \(older: --before 7\)/);
  t.regex(frame, /failed/);
  t.regex(frame, /fay@example/);
  t.regex(frame, /ECONNREFUSED/);
});

test('mail show: headers, delivery state and the text part', (t) => {
  const frame =
    render(<MailView mail={{ ...mail, text: 'Hello,\n\n    CODE', html: '<p>Hello</p>' }} />).lastFrame() ??
    '';
  t.regex(frame, /Email 7: failed/);
  t.regex(frame, /Happy Paws/);
  t.regex(frame, /attempts\s+2/);
  t.regex(frame, /CODE/);
  t.regex(frame, /HTML part/);
});

test('mail retry: the email and its new job', (t) => {
  const frame =
    render(<MailRetriedView r={{ mail: { ...mail, status: 'queued' }, job_id: 12 }} />).lastFrame() ?? '';
  t.regex(frame, /Email 7 queued again \(job 12\)/);
});
