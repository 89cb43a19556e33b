// The store-invoice body (ours to design; the contract names only payment_amount): who is billed,
// for what (line items, or a bare total), in which status, and optionally a first payment taken at
// the counter, recorded in the same transaction.
import { idNumber, isoDate, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { amountField, MAX_AMOUNT, toMinor } from '../payments/money.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { pageField } from '../pagination.js';

export const itemSchema = yup.object({
  description: yup.string().trim().max(255).required(),
  quantity: yup.number().integer().min(1).max(10_000).default(1),
  unit_price: amountField({ positive: false }).required(),
});

export const storeInvoiceSchema = yup.object({
  client_id: idNumber().required(),
  pet_id: idNumber().nullable(),
  items: yup
    .array(itemSchema)
    .min(1)
    .max(100)
    .optional()
    .default(undefined)
    // The total must stay an amount we can hold exactly (and pay): at most MAX_AMOUNT.
    .test(
      'items-total',
      ({ path }) => `The ${path} add up to more than ${MAX_AMOUNT}.`,
      (items) => {
        // Items whose own price is out of range are reported by their own rule.
        const priced = (items ?? []).filter(
          (i) =>
            typeof i?.unit_price === 'number' &&
            Math.abs(i.unit_price) <= MAX_AMOUNT &&
            Number.isInteger(i.quantity ?? 1),
        );
        const total = priced.reduce((sum, i) => sum + (i.quantity ?? 1) * toMinor(i.unit_price as number), 0);
        return total <= toMinor(MAX_AMOUNT);
      },
    ),
  total: amountField({ positive: true })
    .optional()
    .test(
      'items-or-total',
      ({ path }) => `Send either items or ${path}, not both.`,
      function (v) {
        return v === undefined || this.parent.items === undefined;
      },
    )
    .test(
      'required-without-items',
      ({ path }) => `The ${path} field is required when items is not present.`,
      function (v) {
        return v !== undefined || this.parent.items !== undefined;
      },
    ),
  status: yup
    .string()
    .oneOf(['unpaid', 'estimate'] as const)
    .default('unpaid'),
  due_date: isoDate().nullable(),
  notes: optionalText(2000),
  payment_amount: amountField({ positive: true }).optional(),
  payment_method: yup
    .string()
    .oneOf(PAYMENT_METHODS)
    .when('payment_amount', {
      is: (v: unknown) => v !== undefined && v !== null,
      then: (s) => s.required(({ path }) => `The ${path} field is required when payment_amount is present.`),
    }),
  payment_reference_number: optionalText(255),
});

export const invoiceListQuery = yup.object({ page: pageField() });
