// `wfctl mail show ID`: mail.show, one email as it was sent (headers, delivery state, the text part).
import React from 'react';
import type { Command } from 'commander';
import { showMail } from '../../../clinic/mail/operations/show-mail.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { MailView } from '../../views/mail.js';
import { mailGroup } from './group.js';

export function register(program: Command): void {
  mailGroup(program);
  commandFor(program, showMail, {
    path: 'mail show',
    description: 'One email as it was sent: headers, status, attempts, last error and its text',
    args: [
      { name: 'id', description: 'email id (from wfctl mail list)', prompt: 'Email id?', field: 'mail_id' },
    ],
    examples: ['wfctl mail show 1', 'wfctl mail show 1 --json | jq -r .html'],
    context: clinicActor,
    input: {},
    names: (mail) => ({ tenants: [mail.tenant_id] }),
    view: (mail, _f, names) => <MailView mail={mail} names={names} />,
  });
}
