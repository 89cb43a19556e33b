// `wfctl invoice record-payment INVOICE --tenant TENANT --amount AMOUNT --method METHOD`:
// invoice.record-payment, as POST /tenant/{tenant}/invoices/{invoice}/payments runs it. A payment
// cannot be taken back, so it asks first.
import React from 'react';
import type { Command } from 'commander';
import { recordPayment } from '../../../clinic/payments/operations/record-payment.js';
import { PAYMENT_METHODS } from '../../../clinic/payments/schemas.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { InvoiceSummaryView } from '../../views/invoice.js';

/** The flags of invoice.record-payment's fields that are not named or told as the field is. */
const paymentFlags = {
  amount: { description: 'The amount paid, at most the balance due' },
  payment_method: {
    flags: '--method <method>',
    description: `how it was paid: ${PAYMENT_METHODS.join(', ')}`,
    prompt: `Method (${PAYMENT_METHODS.join(', ')})?`,
  },
  reference_number: { flags: '--reference <text>', description: 'the payment’s reference' },
};

export function register(program: Command): void {
  commandGroup(program, 'invoice', 'The invoices of a clinic tenant and their payments');
  commandFor(program, recordPayment, {
    path: 'invoice record-payment',
    description: 'Record a payment against an invoice: balance_due falls, status becomes partial or paid',
    args: [{ name: 'invoice', description: 'invoice id', prompt: 'Invoice id?', field: 'invoice_id' }],
    flags: [tenantNameFlag],
    input: { skip: ['tenant_id'], fields: paymentFlags },
    examples: [
      'wfctl invoice record-payment 1 --tenant happy-paws --amount 250 --method upi --reference UPI-4471',
      'wfctl invoice record-payment 1 --tenant happy-paws --amount 250 --method cash --yes --json',
    ],
    context: clinicActor,
    confirm: (args, given) =>
      `Record a payment of ${given.amount} (${given.method}) on invoice ${args.invoice}?`,
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
