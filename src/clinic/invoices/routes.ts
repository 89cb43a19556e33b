// Invoices and their payments: the clinic's list, creation and counter payments under
// /tenant/{tenant}, and the owner's list under /owner/me.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess, tenantRoute } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { recordPayment } from '../payments/operations/record-payment.js';
import { invoiceParams, recordPaymentSchema, type RecordPaymentInput } from '../payments/schemas.js';
import { tenantParams } from '../tenants/schemas.js';
import { createInvoice } from './operations/create-invoice.js';
import { listOwnerInvoices, listTenantInvoices } from './operations/list-invoices.js';
import { invoiceListQuery, storeInvoiceSchema, type StoreInvoiceInput } from './schemas.js';
import { invoiceBody, INVOICE_JSON, serializeInvoice } from './serialize.js';

export const invoiceRoutes = [
  tenantRoute({
    method: 'GET',
    path: '/api/v1/tenant/:tenant/invoices',
    summary: 'The tenant’s invoices with pet, client, items and payments, 20 per page, newest first',
    tags: ['invoices'],
    permission: null,
    params: tenantParams,
    query: invoiceListQuery,
    responses: { 200: { description: 'invoices', schema: pageSchema(INVOICE_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listTenantInvoices(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeInvoice);
    },
  }),
  tenantRoute<StoreInvoiceInput>({
    method: 'POST',
    path: '/api/v1/tenant/:tenant/invoices',
    summary: 'Create an invoice (unpaid or estimate), optionally with a first payment',
    description:
      'Either items [{description, quantity, unit_price}] or total. Amounts are decimal numbers in major ' +
      'units. With payment_amount (and payment_method), a Payment is recorded and status and balance_due ' +
      'follow, in one transaction; an estimate takes no payment and a payment may not exceed the total.',
    tags: ['invoices'],
    permission: null,
    params: tenantParams,
    body: storeInvoiceSchema,
    responses: { 200: invoiceBody('the new invoice') },
    handler: async ({ services, principal, body }) => {
      const invoice = await createInvoice(httpContext(services, principal.userId), {
        ...body,
        tenantId: principal.tenant.id,
      });
      return Reply.json(200, { data: serializeInvoice(invoice) });
    },
  }),
  tenantRoute<RecordPaymentInput>({
    method: 'POST',
    path: '/api/v1/tenant/:tenant/invoices/:invoice/payments',
    summary: 'Record a payment against an invoice: balance_due falls, status becomes partial or paid',
    description:
      'amount may not exceed balance_due (422 on amount). A paid, voided or estimate invoice takes no ' +
      'payment (422). Concurrent payments are serialised on the invoice row, so they can never overpay.',
    tags: ['invoices'],
    permission: null,
    params: invoiceParams,
    body: recordPaymentSchema,
    responses: { 200: invoiceBody('the invoice with the new payment among its payments') },
    errors: { 404: 'No such invoice in this tenant' },
    handler: async ({ services, principal, params, body }) => {
      const invoice = await recordPayment(httpContext(services, principal.userId), {
        ...body,
        tenantId: principal.tenant.id,
        invoiceId: params.invoice,
      });
      return Reply.json(200, { data: serializeInvoice(invoice) });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/invoices',
    summary: 'The caller’s invoices (of their Client rows), 20 per page, newest first',
    tags: ['owner invoices'],
    access: clinicUserAccess,
    permission: null,
    query: invoiceListQuery,
    responses: { 200: { description: 'invoices', schema: pageSchema(INVOICE_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listOwnerInvoices(httpContext(services, principal.userId), {
        ownerUserId: principal.userId,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeInvoice);
    },
  }),
];
