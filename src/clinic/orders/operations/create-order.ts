// owner-order.create (POST /owner/me/pets/{pet}/orders): an owner (or a full-access caregiver) asks
// a pharmacy or retail tenant for a refill, a reorder or something custom. The order starts pending;
// the seller's email (../order-mail.ts) is written to the mail outbox and SendOrderRequestEmailJob
// queued in the same transaction.
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { queueMail } from '../../../core/mailer.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { callerId } from '../../pets/access.js';
import { itemSummary, loadPrescriptions } from '../../prescriptions/queries.js';
import { ORDER_REQUEST_JOB } from '../jobs.js';
import { orderMail } from '../order-mail.js';
import { orderRows, withPrescriptions } from '../queries.js';
import { createOrderSchema } from '../schemas.js';
import { serializeOrder, type OrderView } from '../serialize.js';
import { countAdded } from '../../counters.js';

export const SELLER_BUSINESS_TYPES = ['pharmacy', 'retail'];

/** What is wrong with the target tenant (none, or not a seller); null when it is fine. */
function sellerProblemOf(seller: { business_type: string } | undefined): string | null {
  if (!seller) return 'The selected target_tenant_id is invalid.';
  if (!SELLER_BUSINESS_TYPES.includes(seller.business_type)) {
    return 'The target_tenant_id must be a pharmacy or retail tenant.';
  }
  return null;
}

/** The same check by id, for a body the schema already refused (the route's crossChecks). */
export async function sellerProblem(db: Knex, targetTenantId: number): Promise<string | null> {
  return sellerProblemOf(await db('tenants').where('id', targetTenantId).first('business_type'));
}

export const createOwnerOrder = defineWrite('owner-order.create', 'authenticated', {
  summary: 'Send an order request to a pharmacy or retail tenant; dispatches SendOrderRequestEmailJob',
  input: createOrderSchema.shape({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<OrderView> {
    const { db } = ctx;
    const { clock, config } = ctx.services;
    const userId = callerId(ctx);
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'full'));

    const errors: FieldErrors = {};
    const seller = await db('tenants').where('id', input.target_tenant_id).first();
    const sellerError = sellerProblemOf(seller);
    if (sellerError) errors.target_tenant_id = [sellerError];
    const prescriptionId = input.source_prescription_id ?? null;
    const prescription =
      prescriptionId === null ? null : (await loadPrescriptions(db, [prescriptionId])).get(prescriptionId);
    if (prescriptionId !== null && (!prescription || Number(prescription.pet_id) !== Number(pet.id))) {
      errors.source_prescription_id = ['The source_prescription_id must be a prescription of this pet.'];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const requester = await db('clinic_users').where('id', userId).first('name', 'email', 'phone');
    // A refill without a summary asks for what the prescription lists.
    const summary = input.item_summary ?? (prescription ? itemSummary(prescription.items) : null);
    const address = input.delivery_preference === 'delivery' ? input.delivery_address! : null;

    const now = toDbTime(clock.now());
    const [orderId] = await db('order_requests').insert({
      pet_id: pet.id,
      requester_user_id: userId,
      target_tenant_id: seller.id,
      kind: input.kind,
      source_prescription_id: prescriptionId,
      item_summary: summary,
      delivery_preference: input.delivery_preference,
      delivery_address: address,
      notes: input.notes ?? null,
      status: 'pending',
      created_at: now,
      updated_at: now,
    });
    // The pet's clinic speaks for the request (its name is the sender name); replies reach the requester.
    const clinic = await db('tenants').where('id', pet.tenant_id).first('id', 'name');
    const mail = orderMail({
      orderId: Number(orderId),
      kind: input.kind,
      seller: { name: seller.name, slug: seller.slug },
      requester: { name: requester.name, email: requester.email, phone: requester.phone ?? null },
      petName: pet.name,
      species: pet.species,
      summary,
      prescription: prescription
        ? { id: Number(prescription.id), tenantName: prescription.tenant_name }
        : null,
      delivery: input.delivery_preference,
      address,
      notes: input.notes ?? null,
      publicUrl: config.clinic.publicUrl,
    });
    const mailId = await queueMail(db, ctx.services, {
      ...mail,
      to: seller.email,
      replyTo: requester.email,
      tenant: { id: Number(clinic.id), name: clinic.name },
      job: ORDER_REQUEST_JOB,
    });
    ctx.audit({
      action: 'order.requested',
      subjectType: 'order_request',
      subjectId: Number(orderId),
      scopeId: Number(seller.id),
      details: { pet_id: pet.id, kind: input.kind, mail_id: mailId },
    });
    await countAdded(db, Number(seller.id), 'orders', 'pending');
    const [row] = await withPrescriptions(db, [await orderRows(db).where('o.id', Number(orderId)).first()]);
    return serializeOrder(row);
  },
});
