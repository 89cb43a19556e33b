// The owner's view of a pet's prescriptions, across every tenant that issued one, and the refill
// draft (the body of a refill order, prefilled from a prescription).
import { NotFoundError } from '../../../core/errors.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, type Page } from '../../pagination.js';
import { petForCaller } from '../../pets/access.js';
import { loadPrescriptions, type PrescriptionWithItems } from '../queries.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const PRESCRIPTIONS_PER_PAGE = 50;

export async function listPetPrescriptions(
  ctx: ClinicContext,
  input: { userId: number; petId: number; page: number },
): Promise<Page<PrescriptionWithItems>> {
  const { db } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'view');
  const page = await fetchPage<{ id: number }>(
    db('prescriptions').where('pet_id', pet.id).select('id').orderBy('id', 'desc'),
    input.page,
    PRESCRIPTIONS_PER_PAGE,
  );
  const loaded = await loadPrescriptions(
    db,
    page.items.map((r) => Number(r.id)),
  );
  return { ...page, items: page.items.map((r) => loaded.get(Number(r.id))!) };
}

export async function getPetPrescription(
  ctx: ClinicContext,
  input: { userId: number; petId: number; prescriptionId: number },
): Promise<PrescriptionWithItems> {
  const { db } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'view');
  const found = (await loadPrescriptions(db, [input.prescriptionId])).get(input.prescriptionId);
  if (!found || Number(found.pet_id) !== Number(pet.id)) throw new NotFoundError('Prescription not found.');
  return found;
}
