// `wfctl partner list`: partner.list — partners, their organizations and active inbound tokens.
import React from 'react';
import type { Command } from 'commander';
import { listPartners } from '../../../workforce/partners/registry/operations/list-partners.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { PartnerListView } from '../../views/partner.js';
import { PARTNER_GROUP } from './add.js';

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  commandFor(program, listPartners, {
    path: 'partner list',
    description: 'Partners, their organizations and active inbound tokens',
    examples: ['wfctl partner list', "wfctl partner list --json | jq '.data[].name'"],
    context: workforceActor,
    input: {},
    json: (r) => ({ data: r.data, meta: {} }),
    view: (r) => <PartnerListView partners={r.data} />,
  });
}
