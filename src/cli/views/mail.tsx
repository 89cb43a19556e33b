// The views of `wfctl mail list`, `wfctl mail show` and `wfctl mail retry`.
import React from 'react';
import { Box, Text } from '../ink.js';
import type { OutboxMail, OutboxMailWithBody } from '../../core/mailer.js';
import type { MailPage } from '../../clinic/mail/operations/list-mail.js';
import type { RetriedMail } from '../../clinic/mail/operations/retry-mail.js';
import { formatTime } from '../time.js';
import { NO_NAMES, type Names } from '../names.js';
import { Summary } from './summary.js';

/** Mail belongs to a tenant (or none, UTC): shown in that tenant's zone. */
const when = (iso: string | null, m: OutboxMail, names: Names) =>
  formatTime(iso, m.tenant_id === null ? 'UTC' : names.tenantZone(m.tenant_id));
const tone = (m: OutboxMail) => (m.status === 'dead' ? 'error' : m.status === 'failed' ? 'warn' : 'ok');

export function MailListView({ page, names = NO_NAMES }: { page: MailPage; names?: Names }) {
  const more = page.next_before === null ? '' : ` (older: --before ${page.next_before})`;
  return (
    <Summary
      title={`${page.data.length} email(s), newest first${more}`}
      table={{
        columns: ['id', 'created', 'status', 'attempts', 'to', 'subject', 'last error'],
        rows: page.data.map((m) => [
          m.id,
          when(m.created_at, m, names),
          m.status,
          m.attempts,
          m.to,
          m.subject,
          m.last_error, // whole: the table writes long text under its row
        ]),
      }}
    />
  );
}

const headerRows = (m: OutboxMail, names: Names): Array<[string, string]> => [
  ['status', m.status],
  ['from', m.from],
  ['to', m.to],
  ...(m.reply_to ? ([['reply-to', m.reply_to]] as Array<[string, string]>) : []),
  ['subject', m.subject],
  ['message-id', m.message_id ?? ''],
  ['created', when(m.created_at, m, names) ?? ''],
  ['sent', when(m.sent_at, m, names) ?? ''],
  ['attempts', String(m.attempts)],
  ['last error', m.last_error ?? ''],
];

export function MailView({ mail, names = NO_NAMES }: { mail: OutboxMailWithBody; names?: Names }) {
  return (
    <Box flexDirection="column">
      <Summary title={`Email ${mail.id}: ${mail.status}`} tone={tone(mail)} rows={headerRows(mail, names)} />
      <Text> </Text>
      <Text>{mail.text}</Text>
      {mail.html === null ? null : <Text dimColor>(and an HTML part: --json shows it)</Text>}
    </Box>
  );
}

export function MailRetriedView({ r }: { r: RetriedMail }) {
  return (
    <Summary
      title={`Email ${r.mail.id} queued again (job ${r.job_id})`}
      rows={[
        ['to', r.mail.to],
        ['subject', r.mail.subject],
        ['attempts so far', String(r.mail.attempts)],
        ['last error', r.mail.last_error ?? ''],
      ]}
    />
  );
}
