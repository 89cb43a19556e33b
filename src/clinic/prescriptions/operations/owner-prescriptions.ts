// The owner's view of a pet's prescriptions, across every tenant that issued one
// (owner-prescription.list), and the refill draft (owner-prescription.refill-draft: the body of a
// refill order, prefilled from a prescription).
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { fetchPage, type Page } from '../../pagination.js';
import { loadPrescriptions } from '../queries.js';
import { pageOnlyQuery } from '../schemas.js';
import { refillDraft, serializePrescription, type PrescriptionView, type RefillDraft } from '../serialize.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const PRESCRIPTIONS_PER_PAGE = 50;

export const listOwnerPrescriptions = defineRead('owner-prescription.list', 'authenticated', {
  summary: 'The pet’s prescriptions across tenants, newest first, 50 per page (owner or caregiver)',
  input: pageOnlyQuery.shape({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<Page<PrescriptionView>> {
    const { db } = ctx;
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'view'));
    const page = await fetchPage<{ id: number }>(
      db('prescriptions').where('pet_id', pet.id).select('id').orderBy('id', 'desc'),
      input.page,
      PRESCRIPTIONS_PER_PAGE,
    );
    const loaded = await loadPrescriptions(
      db,
      page.items.map((r) => Number(r.id)),
    );
    return { ...page, items: page.items.map((r) => serializePrescription(loaded.get(Number(r.id))!)) };
  },
});

export const ownerRefillDraft = defineRead('owner-prescription.refill-draft', 'authenticated', {
  summary: 'The body of a refill order prefilled from a prescription',
  input: yup.object({ pet_id: idNumber().required(), prescription_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<RefillDraft> {
    const { db } = ctx;
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'view'));
    const found = (await loadPrescriptions(db, [input.prescription_id])).get(input.prescription_id);
    if (!found || Number(found.pet_id) !== Number(pet.id)) throw new NotFoundError('Prescription not found.');
    return refillDraft(found);
  },
});
