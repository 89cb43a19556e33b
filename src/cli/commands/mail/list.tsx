// `wfctl mail list [--status STATUS] [--before ID] [--limit N]`: mail.list, the outbox newest first.
import React from 'react';
import type { Command } from 'commander';
import { listMail } from '../../../clinic/mail/operations/list-mail.js';
import { MAIL_STATUSES } from '../../../core/mailer.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { MailListView } from '../../views/mail.js';
import { mailGroup } from './group.js';

export function register(program: Command): void {
  mailGroup(program);
  commandFor(program, listMail, {
    path: 'mail list',
    description: 'List the emails of the outbox, newest first, with their delivery status',
    input: {
      fields: {
        status: { description: `one of ${MAIL_STATUSES.join(', ')}` },
        before: { flags: '--before <id>', description: 'only emails older than this id (the next page)' },
        limit: { flags: '--limit <n>', description: 'how many (default 50, at most 500)' },
      },
    },
    examples: [
      'wfctl mail list --status failed',
      'wfctl mail list --json | jq ".data[0], .meta.next_before"',
    ],
    context: clinicActor,
    json: ({ data, next_before }) => ({ data, meta: { next_before } }),
    names: (page) => ({ tenants: page.data.map((m) => m.tenant_id) }),
    view: (page, _f, names) => <MailListView page={page} names={names} />,
  });
}
