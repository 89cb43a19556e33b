// Invoices and their payments: the clinic's list, creation and counter payments under
// /tenant/{tenant}, and the owner's list under /owner/me.
import { Reply } from '../../core/reply.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { recordPayment } from '../payments/operations/record-payment.js';

import { createInvoice } from './operations/create-invoice.js';
import { listInvoices, listOwnerInvoices } from './operations/list-invoices.js';

import { invoiceBody, InvoicePage } from './serialize.js';

export const invoiceRoutes = [
  tenantOperationRoute(listInvoices, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/invoices',
    tags: ['invoices'],
    responses: { 200: { description: 'invoices', schema: InvoicePage } },
    reply: pageReply,
  }),
  tenantOperationRoute(createInvoice, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/invoices',
    description:
      'Either items [{description, quantity, unit_price}] or total. Amounts are decimal numbers in major ' +
      'units. With payment_amount (and payment_method), a Payment is recorded and status and balance_due ' +
      'follow, in one transaction; an estimate takes no payment and a payment may not exceed the total.',
    tags: ['invoices'],
    responses: { 200: invoiceBody('the new invoice') },
    reply: (invoice) => Reply.json(200, { data: invoice }),
  }),
  tenantOperationRoute(recordPayment, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/invoices/:invoice/payments',
    description:
      'amount may not exceed balance_due (422 on amount). A paid, voided or estimate invoice takes no ' +
      'payment (422). Concurrent payments are serialised on the invoice row, so they can never overpay.',
    tags: ['invoices'],
    responses: { 200: invoiceBody('the invoice with the new payment among its payments') },
    errors: { 404: 'No such invoice in this tenant' },
    pathFields: { invoice: 'invoice_id' },
    reply: (recorded) => Reply.json(200, { data: recorded.invoice }),
  }),
  clinicOperationRoute(listOwnerInvoices, {
    method: 'GET',
    path: '/api/v1/owner/me/invoices',
    tags: ['owner invoices'],
    responses: { 200: { description: 'invoices', schema: InvoicePage } },
    reply: pageReply,
  }),
];
