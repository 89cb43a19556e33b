// `wfctl invoice record-payment INVOICE --tenant TENANT --amount AMOUNT --method METHOD`:
// invoice.record-payment, as POST /tenant/{tenant}/invoices/{invoice}/payments runs it. A payment
// cannot be taken back, so it asks first.
import React from 'react';
import type { Command } from 'commander';
import { recordPayment } from '../../../clinic/payments/operations/record-payment.js';
import { PAYMENT_METHODS } from '../../../clinic/payments/schemas.js';
import { clinicActor } from '../../actors.js';
import { commandFor, type FlagSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { fieldsOf, tenantFlag, tenantOf } from '../../tenant-flag.js';
import { InvoiceSummaryView } from '../../views/invoice.js';

const flags: FlagSpec[] = [
  {
    flags: '--amount <amount>',
    description: 'The amount paid, at most the balance due',
    required: true,
    prompt: 'Amount?',
    field: 'amount',
  },
  {
    flags: '--method <method>',
    description: `how it was paid: ${PAYMENT_METHODS.join(', ')}`,
    required: true,
    prompt: `Method (${PAYMENT_METHODS.join(', ')})?`,
    field: 'payment_method',
  },
  { flags: '--reference <text>', description: 'the payment’s reference', field: 'reference_number' },
];

export function register(program: Command): void {
  commandGroup(program, 'invoice', 'The invoices of a clinic tenant and their payments');
  commandFor(program, recordPayment, {
    path: 'invoice record-payment',
    description: 'Record a payment against an invoice: balance_due falls, status becomes partial or paid',
    args: [{ name: 'invoice', description: 'invoice id', prompt: 'Invoice id?' }],
    flags: [tenantFlag, ...flags],
    examples: [
      'wfctl invoice record-payment 18 --tenant happy-paws --amount 250 --method upi --reference UPI-4471',
      'wfctl invoice record-payment 18 --tenant happy-paws --amount 250 --method cash --yes --json',
    ],
    context: clinicActor,
    confirm: (args, given) =>
      `Record a payment of ${given.amount} (${given.method}) on invoice ${args.invoice}?`,
    toInput: async (args, given, ctx) => ({
      ...fieldsOf(flags, given),
      tenant_id: await tenantOf(given, ctx),
      invoice_id: args.invoice,
    }),
    view: (recorded, _f, names) => (
      <InvoiceSummaryView
        zone={names.tenantZone()}
        invoice={recorded.invoice}
        title={
          recorded.dry_run
            ? `Preview: payment on invoice ${recorded.invoice.id} (nothing changed yet)`
            : `Recorded payment ${recorded.payment_id} on invoice ${recorded.invoice.id}`
        }
        tone={recorded.dry_run ? 'warn' : 'ok'}
      />
    ),
  });
}
