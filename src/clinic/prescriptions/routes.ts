// Prescriptions: issued by a tenant against its patient (additive clinic-side endpoint), listed
// for the pet's owner and caregivers across tenants, and turned into a refill-order draft.
import { Reply } from '../../core/reply.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { createPrescription } from './operations/create-prescription.js';
import { listOwnerPrescriptions, ownerRefillDraft } from './operations/owner-prescriptions.js';

import { Prescription, PrescriptionPage, RefillDraft } from './serialize.js';

export const prescriptionRoutes = [
  tenantOperationRoute(createPrescription, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/patients/:pet/prescriptions',
    description:
      'Additive: the contract has prescriptions but no endpoint that creates them. items: 1 to 50, ' +
      'each {name (≤180), dose? (≤120), quantity? (≤60, free text such as "14 tablets"), instructions? (≤1000)}.',
    tags: ['prescriptions'],
    responses: { 201: { description: 'the prescription', schema: Data(Prescription) } },
    errors: { 404: 'The pet is not a patient of this tenant' },
    pathFields: { pet: 'pet_id' },
    reply: (prescription) => Reply.json(201, { data: prescription }),
  }),
  clinicOperationRoute(listOwnerPrescriptions, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/prescriptions',
    tags: ['prescriptions'],
    responses: { 200: { description: 'prescriptions', schema: PrescriptionPage } },
    errors: { 404: 'The pet does not exist or is not visible to the caller' },
    pathFields: { pet: 'pet_id' },
    reply: pageReply,
  }),
  clinicOperationRoute(ownerRefillDraft, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/prescriptions/:prescription/refill-draft',
    description:
      'item_summary joins the items ("name dose × quantity; …"); notes names the prescription, its ' +
      'tenant and date. Add target_tenant_id and delivery_preference and POST it to /owner/me/pets/{pet}/orders.',
    tags: ['prescriptions'],
    responses: { 200: { description: 'the draft', schema: Data(RefillDraft) } },
    errors: { 404: 'The pet or the prescription does not exist, or is not visible to the caller' },
    pathFields: { pet: 'pet_id', prescription: 'prescription_id' },
    reply: (draft) => ({ data: draft }),
  }),
];
