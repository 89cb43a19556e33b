// `wfctl mail retry ID`: mail.retry, a failed or dead email queued again with fresh attempts (the
// daemon's worker, or `wfctl jobs work`, then delivers it).
import React from 'react';
import type { Command } from 'commander';
import { retryMail } from '../../../clinic/mail/operations/retry-mail.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { MailRetriedView } from '../../views/mail.js';
import { mailGroup } from './group.js';

export function register(program: Command): void {
  mailGroup(program);
  commandFor(program, retryMail, {
    path: 'mail retry',
    description: 'Queue a failed or dead email again (a sent one is never sent twice)',
    args: [
      { name: 'id', description: 'email id (from wfctl mail list)', prompt: 'Email id?', field: 'mail_id' },
    ],
    examples: ['wfctl mail retry 1 && wfctl jobs work'],
    context: clinicActor,
    input: {},
    view: (r) => <MailRetriedView r={r} />,
  });
}
