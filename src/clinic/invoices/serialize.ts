// The invoice resource: money in major units, with its pet, client, line items and payments.
import {
  DateOnly,
  DateTime,
  Enum,
  Int,
  List,
  Nullable,
  Obj,
  Str,
  Data,
  type Shape,
  fromRow,
} from '../../core/shape.js';

import { clientRef, ClientRef } from '../clients/serialize.js';
import {
  PaymentAttempt,
  serializePaymentAttempt,
  serializeUnreconciled,
  UnreconciledPayment,
} from '../gateway/reconciliation.js';
import { PageOf } from '../pagination.js';
import { INVOICE_STATUSES } from '../payments/ledger.js';
import { fromMinor } from '../payments/money.js';
import { Money, Payment, serializePayment } from '../payments/serialize.js';
import { PetName } from '../pets/serialize.js';

export const InvoiceItem = Obj({
  id: Int(),
  description: Str(),
  quantity: Int({ minimum: 1 }),
  unit_price: Money(),
  amount: Money({ description: 'quantity × unit_price, major units' }),
});

export const Invoice = Obj({
  id: Int(),
  tenant_id: Int(),
  client_id: Int(),
  pet_id: Nullable(Int()),
  status: Enum(INVOICE_STATUSES),
  currency: Str(),
  total: Money(),
  amount_paid: Money(),
  balance_due: Money(),
  due_date: Nullable(DateOnly()),
  notes: Nullable(Str()),
  items: List(InvoiceItem),
  pet: Nullable(PetName),
  client: ClientRef,
  payments: List(Payment),
  unreconciled_payments: List(UnreconciledPayment, {
    description: 'gateway captures that did not match their order, not in the ledger unless booked',
  }),
  payment_attempts: List(PaymentAttempt, {
    description: 'failed gateway payments (payment.failed), oldest first',
  }),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type InvoiceView = Shape<typeof Invoice>;

export const InvoicePage = PageOf(Invoice);

/** The response of a route answering one invoice. */
export const invoiceBody = (description: string) => ({ description, schema: Data(Invoice) });

export function serializeInvoice(row: Record<string, any>): InvoiceView {
  return fromRow(Invoice, row, {
    total: fromMinor(row.total_minor),
    amount_paid: fromMinor(row.amount_paid_minor),
    balance_due: fromMinor(row.balance_due_minor),
    items: ((row.items ?? []) as Record<string, any>[]).map((x) => ({
      id: Number(x.id),
      description: x.description,
      quantity: Number(x.quantity),
      unit_price: fromMinor(x.unit_price_minor),
      amount: fromMinor(x.amount_minor),
    })),
    pet:
      row.pet_id === null ? null : { id: Number(row.pet_id), name: row.pet_name, species: row.pet_species },
    client: clientRef(row),
    payments: ((row.payments ?? []) as Record<string, any>[]).map(serializePayment),
    unreconciled_payments: ((row.unreconciled_payments ?? []) as Record<string, any>[]).map(
      serializeUnreconciled,
    ),
    payment_attempts: ((row.payment_attempts ?? []) as Record<string, any>[]).map(serializePaymentAttempt),
  });
}
