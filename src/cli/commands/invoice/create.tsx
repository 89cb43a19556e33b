// `wfctl invoice create --tenant TENANT --client ID (--item DESCRIPTION=PRICE … | --total AMOUNT)`:
// invoice.create, as POST /tenant/{tenant}/invoices runs it (optionally with a first payment).
import React from 'react';
import type { Command } from 'commander';
import { createInvoice } from '../../../clinic/invoices/operations/create-invoice.js';
import { PAYMENT_METHODS } from '../../../clinic/payments/schemas.js';
import { UsageError } from '../../../core/errors.js';
import { clinicActor } from '../../actors.js';
import { commandFor, type FlagSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { fieldsOf, tenantFlag, tenantOf } from '../../tenant-flag.js';
import { InvoiceSummaryView } from '../../views/invoice.js';

const flags: FlagSpec[] = [
  {
    flags: '--client <id>',
    description: 'The client billed',
    required: true,
    prompt: 'Client id?',
    field: 'client_id',
  },
  { flags: '--pet <id>', description: 'the client’s pet it is for', field: 'pet_id' },
  {
    flags: '--item <item...>',
    description: 'A line item, DESCRIPTION=PRICE or DESCRIPTION=QUANTITYxPRICE (repeatable)',
    field: 'items',
  },
  { flags: '--total <amount>', description: 'a bare total instead of items', field: 'total' },
  {
    flags: '--status <status>',
    description: 'Unpaid (default) or estimate',
    choices: ['unpaid', 'estimate'],
    field: 'status',
  },
  { flags: '--due-date <date>', description: 'YYYY-MM-DD', field: 'due_date' },
  { flags: '--notes <text>', description: 'notes', field: 'notes' },
  { flags: '--payment-amount <amount>', description: 'a first payment taken now', field: 'payment_amount' },
  {
    flags: '--payment-method <method>',
    description: `how it was paid: ${PAYMENT_METHODS.join(', ')}`,
    field: 'payment_method',
  },
  {
    flags: '--payment-reference <text>',
    description: 'The payment’s reference',
    field: 'payment_reference_number',
  },
];

const ITEM = /^(.*)=\s*(?:(\d+)\s*[x×]\s*)?(\S+)\s*$/;

/** `Rabies vaccine=450` or `Consultation=2x300`: the item as the schema reads it (it checks the numbers). */
export function parseItem(text: string): { description: string; quantity?: string; unit_price: string } {
  const m = ITEM.exec(text);
  if (!m || m[1].trim() === '') {
    throw new UsageError(
      `--item must read DESCRIPTION=PRICE or DESCRIPTION=QUANTITYxPRICE (got "${text}").`,
      {
        '--item': [`"${text}" is not DESCRIPTION=PRICE or DESCRIPTION=QUANTITYxPRICE.`],
      },
    );
  }
  return { description: m[1].trim(), ...(m[2] ? { quantity: m[2] } : {}), unit_price: m[3] };
}

export function register(program: Command): void {
  commandGroup(program, 'invoice', 'The invoices of a clinic tenant and their payments');
  commandFor(program, createInvoice, {
    path: 'invoice create',
    description:
      'Create an invoice (unpaid or estimate) by line items or a total, optionally with a first payment',
    flags: [tenantFlag, ...flags],
    examples: [
      'wfctl invoice create --tenant happy-paws --client 4 --item "Rabies vaccine=450" --item "Consultation=2x300"',
      'wfctl invoice create --tenant happy-paws --client 4 --total 1200 --payment-amount 500 --payment-method cash --json',
    ],
    context: clinicActor,
    toInput: async (_args, given, ctx) => {
      const fields = fieldsOf(flags, given);
      if (Array.isArray(fields.items)) fields.items = fields.items.map((x) => parseItem(String(x)));
      return { ...fields, tenant_id: await tenantOf(given, ctx) };
    },
    view: (invoice, _f, names) => (
      <InvoiceSummaryView
        invoice={invoice}
        title={`Created invoice ${invoice.id} (${invoice.status})`}
        zone={names.tenantZone()}
      />
    ),
  });
}
