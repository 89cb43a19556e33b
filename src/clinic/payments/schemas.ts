// Request schema of POST /tenant/{tenant}/invoices/{invoice}/payments.
import { yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';

import { amountField } from './money.js';

export const PAYMENT_METHODS = ['cash', 'card', 'upi', 'bank_transfer', 'online'] as const;

export const recordPaymentSchema = yup.object({
  amount: amountField({ positive: true }).required(),
  payment_method: yup.string().oneOf(PAYMENT_METHODS).required(),
  reference_number: optionalText(255),
});
