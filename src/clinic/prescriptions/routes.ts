// Prescriptions: issued by a tenant against its patient (additive clinic-side endpoint), listed
// for the pet's owner and caregivers across tenants, and turned into a refill-order draft.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess, tenantRoute } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { createPrescription } from './operations/create-prescription.js';
import { getPetPrescription, listPetPrescriptions } from './operations/owner-prescriptions.js';
import {
  createPrescriptionSchema,
  pageOnlyQuery,
  patientParams,
  petParams,
  prescriptionParams,
  type CreatePrescriptionInput,
} from './schemas.js';
import { PRESCRIPTION_JSON, REFILL_DRAFT_JSON, refillDraft, serializePrescription } from './serialize.js';

const one = (schema: Record<string, unknown>) => ({ type: 'object', properties: { data: schema } });

export const prescriptionRoutes = [
  tenantRoute<CreatePrescriptionInput>({
    method: 'POST',
    path: '/api/v1/tenant/:tenant/patients/:pet/prescriptions',
    summary: 'Issue a prescription with its line items to one of the tenant’s patients',
    description:
      'Additive: the contract has prescriptions but no endpoint that creates them. items: 1 to 50, ' +
      'each {name (≤180), dose? (≤120), quantity? (≤60, free text such as "14 tablets"), instructions? (≤1000)}.',
    tags: ['prescriptions'],
    permission: 'medical_record.create',
    params: patientParams,
    body: createPrescriptionSchema,
    responses: { 201: { description: 'the prescription', schema: one(PRESCRIPTION_JSON) } },
    errors: { 404: 'The pet is not a patient of this tenant' },
    handler: async ({ services, principal, params, body }) => {
      const created = await createPrescription(httpContext(services, principal.userId), {
        ...body,
        tenantId: principal.tenant.id,
        petId: params.pet,
      });
      return Reply.json(201, { data: serializePrescription(created) });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/prescriptions',
    summary: 'The pet’s prescriptions across tenants, newest first, 50 per page (owner or caregiver)',
    tags: ['prescriptions'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    query: pageOnlyQuery,
    responses: { 200: { description: 'prescriptions', schema: pageSchema(PRESCRIPTION_JSON) } },
    errors: { 404: 'The pet does not exist or is not visible to the caller' },
    handler: async ({ services, principal, params, query, request }) => {
      const page = await listPetPrescriptions(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializePrescription);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/prescriptions/:prescription/refill-draft',
    summary: 'The body of a refill order prefilled from a prescription',
    description:
      'item_summary joins the items ("name dose × quantity; …"); notes names the prescription, its ' +
      'tenant and date. Add target_tenant_id and delivery_preference and POST it to /owner/me/pets/{pet}/orders.',
    tags: ['prescriptions'],
    access: clinicUserAccess,
    permission: null,
    params: prescriptionParams,
    responses: { 200: { description: 'the draft', schema: one(REFILL_DRAFT_JSON) } },
    errors: { 404: 'The pet or the prescription does not exist, or is not visible to the caller' },
    handler: async ({ services, principal, params }) => ({
      data: refillDraft(
        await getPetPrescription(httpContext(services, principal.userId), {
          userId: principal.userId,
          petId: params.pet,
          prescriptionId: params.prescription,
        }),
      ),
    }),
  }),
];
