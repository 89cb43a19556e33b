// The payment resource, as listed on its invoice, and the money every clinic response carries.
import { Enum, Int, Nullable, Num, Obj, Str, DateTime, type Shape, fromRow } from '../../core/shape.js';

import { fromMinor, MAX_AMOUNT } from './money.js';
import { PAYMENT_METHODS } from './schemas.js';

/** An amount in major units (the database keeps minor units: 15050 is 150.5). */
export const Money = (options?: { description?: string; minimum?: number; maximum?: number }) =>
  Num({ description: 'major units, e.g. 150.5', ...options });

export const PAYMENT_SOURCES = ['clinic', 'verify', 'webhook'] as const;

export const Payment = Obj({
  id: Int(),
  invoice_id: Int(),
  amount: Money({ description: 'major units, above 0', minimum: 0.01, maximum: MAX_AMOUNT }),
  payment_method: Enum(PAYMENT_METHODS),
  reference_number: Nullable(Str()),
  provider_payment_id: Nullable(Str()),
  provider_order_id: Nullable(Str()),
  source: Enum(PAYMENT_SOURCES, { description: 'clinic: recorded by staff; verify, webhook: the gateway' }),
  created_at: DateTime(),
});

export function serializePayment(row: Record<string, any>): Shape<typeof Payment> {
  return fromRow(Payment, row, {
    amount: fromMinor(row.amount_minor),
  });
}
