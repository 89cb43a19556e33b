// `wfctl invoice create --tenant TENANT --client ID (--item DESCRIPTION=PRICE … | --total AMOUNT)`:
// invoice.create, as POST /tenant/{tenant}/invoices runs it (optionally with a first payment).
import React from 'react';
import type { Command } from 'commander';
import { createInvoice } from '../../../clinic/invoices/operations/create-invoice.js';
import { PAYMENT_METHODS } from '../../../clinic/payments/schemas.js';
import { UsageError } from '../../../core/errors.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { InvoiceSummaryView } from '../../views/invoice.js';

/** The flags of invoice.create's fields that are not named or told as the field is. */
const invoiceFlags = {
  client_id: { flags: '--client <id>', description: 'The client billed' },
  pet_id: { flags: '--pet <id>', description: 'the client’s pet it is for' },
  items: {
    flags: '--item <item...>',
    description: 'A line item, DESCRIPTION=PRICE or DESCRIPTION=QUANTITYxPRICE (repeatable)',
    repeatable: false, // commander's variadic `<item...>` collects them
    parse: (items: unknown) => (items as string[]).map((x) => parseItem(String(x))),
  },
  total: { description: 'a bare total instead of items' },
  status: { description: 'Unpaid (default) or estimate', choices: ['unpaid', 'estimate'] },
  due_date: { description: 'YYYY-MM-DD' },
  payment_amount: { description: 'a first payment taken now' },
  payment_method: { description: `how it was paid: ${PAYMENT_METHODS.join(', ')}` },
  payment_reference_number: { flags: '--payment-reference <text>', description: 'The payment’s reference' },
};

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
    flags: [tenantNameFlag],
    input: { skip: ['tenant_id'], fields: invoiceFlags },
    examples: [
      'wfctl invoice create --tenant happy-paws --client 1 --item "Rabies vaccine=450" --item "Consultation=2x300"',
      'wfctl invoice create --tenant happy-paws --client 1 --total 1200 --payment-amount 500 --payment-method cash --json',
    ],
    context: clinicActor,
    view: (invoice, _f, names) => (
      <InvoiceSummaryView
        invoice={invoice}
        title={`Created invoice ${invoice.id} (${invoice.status})`}
        zone={names.tenantZone()}
      />
    ),
  });
}
