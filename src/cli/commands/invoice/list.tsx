// `wfctl invoice list --tenant TENANT`: invoice.list, as GET /tenant/{tenant}/invoices runs it.
import React from 'react';
import type { Command } from 'commander';
import { listInvoices } from '../../../clinic/invoices/operations/list-invoices.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { InvoiceListView } from '../../views/invoice.js';

export function register(program: Command): void {
  commandGroup(program, 'invoice', 'The invoices of a clinic tenant and their payments');
  commandFor(program, listInvoices, {
    path: 'invoice list',
    description: 'List a tenant’s invoices with pet, client, items and payments, 20 per page, newest first',
    flags: [tenantNameFlag, pageFlag],
    input: { skip: ['tenant_id'] },
    examples: [
      'wfctl invoice list --tenant happy-paws',
      'wfctl invoice list --tenant happy-paws --page 2 --json',
    ],
    context: clinicActor,
    json: pageResult,
    view: (page) => <InvoiceListView page={pageResult(page)} />,
  });
}
