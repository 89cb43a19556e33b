// `wfctl client list --tenant TENANT`: client.list, as GET /tenant/{tenant}/clients runs it.
import React from 'react';
import type { Command } from 'commander';
import { listClients } from '../../../clinic/clients/operations/list-clients.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { ClientListView } from '../../views/client.js';
import { tenantNameFlag } from '../../tenant-flag.js';

export function register(program: Command): void {
  commandGroup(program, 'client', 'The clients (pet owners) of a clinic tenant');
  commandFor(program, listClients, {
    path: 'client list',
    description: 'List a tenant’s clients (pet owners) by name, 50 per page',
    flags: [tenantNameFlag, pageFlag],
    input: { skip: ['tenant_id'] },
    examples: [
      'wfctl client list --tenant happy-paws',
      'wfctl client list --tenant happy-paws --page 2 --json',
    ],
    context: clinicActor,
    json: pageResult,
    view: (page) => <ClientListView page={pageResult(page)} />,
  });
}
