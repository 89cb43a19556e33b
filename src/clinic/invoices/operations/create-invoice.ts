// invoice.create (POST /tenant/{tenant}/invoices, `wfctl invoice create`): bill one of the tenant's
// clients (optionally for one of its pets), by line items or a bare total. With payment_amount, the
// first payment is recorded and the status and balance follow from the ledger — all in the one
// transaction, so there is never an invoice without its counter payment or the other way round.
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { insertPayment, settleInvoice } from '../../payments/ledger.js';
import { fromMinor, toMinor } from '../../payments/money.js';
import { loadInvoice } from '../queries.js';
import { storeInvoiceSchema } from '../schemas.js';
import { serializeInvoice, type InvoiceView } from '../serialize.js';
import { countAdded } from '../../counters.js';

export const createInvoice = defineWrite('invoice.create', 'tenant.member', {
  summary: 'Create an invoice (unpaid or estimate), optionally with a first payment',
  input: tenantScoped(storeInvoiceSchema),
  async run(ctx: ClinicRun, input): Promise<InvoiceView> {
    const tenantId = await tenantScope(ctx, input);
    const { db } = ctx;
    const { clock, config } = ctx.services;
    const lines = (input.items ?? []).map((item) => {
      const unit = toMinor(item.unit_price);
      return {
        description: item.description,
        quantity: item.quantity,
        unit_price_minor: unit,
        amount_minor: unit * item.quantity,
      };
    });
    const totalMinor = input.items
      ? lines.reduce((sum, l) => sum + l.amount_minor, 0)
      : toMinor(input.total!);

    const errors: FieldErrors = {};
    const client = await db('clinic_clients').where({ id: input.client_id, tenant_id: tenantId }).first('id');
    if (!client) errors.client_id = ['The selected client_id is not a client of this tenant.'];
    if (input.pet_id != null) {
      const pet = await db('pets').where({ id: input.pet_id, tenant_id: tenantId }).first('client_id');
      if (!pet || Number(pet.client_id) !== input.client_id) {
        errors.pet_id = ['The selected pet_id is not a pet of this client.'];
      }
    }
    if (input.items && totalMinor <= 0) errors.items = ['The invoice total must be greater than 0.'];
    if (input.payment_amount !== undefined) {
      const payMinor = toMinor(input.payment_amount);
      if (input.status === 'estimate') errors.payment_amount = ['An estimate takes no payment.'];
      else if (payMinor > totalMinor) {
        errors.payment_amount = [
          `The payment_amount field must not be greater than the total (${fromMinor(totalMinor)}).`,
        ];
      }
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const now = clock.now();
    const [id] = await db('invoices').insert({
      tenant_id: tenantId,
      client_id: input.client_id,
      pet_id: input.pet_id ?? null,
      status: input.status,
      currency: config.clinic.gateway.currency,
      total_minor: totalMinor,
      amount_paid_minor: 0,
      balance_due_minor: totalMinor,
      due_date: input.due_date ?? null,
      notes: input.notes ?? null,
      created_at: toDbTime(now),
      updated_at: toDbTime(now),
    });
    const invoiceId = Number(id);
    if (lines.length) await db('invoice_items').insert(lines.map((l) => ({ ...l, invoice_id: invoiceId })));
    if (input.payment_amount !== undefined) {
      await insertPayment(
        db,
        {
          tenantId,
          invoiceId,
          amountMinor: toMinor(input.payment_amount),
          method: input.payment_method!,
          referenceNumber: input.payment_reference_number ?? null,
          source: 'clinic',
          recordedByUserId: ctx.actor.userId,
        },
        now,
      );
      await settleInvoice(db, invoiceId, now);
    }
    // Counted as created (settleInvoice has counted any move from this status already).
    await countAdded(db, tenantId, 'invoices', input.status);
    ctx.audit({
      action: 'invoice.created',
      subjectType: 'invoice',
      subjectId: invoiceId,
      scopeId: tenantId,
      details: {
        total_minor: totalMinor,
        status: input.status,
        payment_minor: input.payment_amount === undefined ? null : toMinor(input.payment_amount),
      },
    });
    return serializeInvoice(await loadInvoice(db, invoiceId));
  },
});
