// What the pet passport shows, read fresh on every request: identification, the owner and their
// clinic, and the vaccination history (oldest first). Owners and every active caregiver may read it.
import type { ClinicContext } from '../../context.js';
import { petForCaller } from '../../pets/access.js';

export interface PassportData {
  pet: Record<string, any>;
  owner: { name: string; email: string; phone: string | null };
  tenant: { name: string; phone: string | null; address: string | null };
  vaccinations: Record<string, any>[];
  generatedAt: Date;
}

export async function passportData(
  ctx: ClinicContext,
  input: { userId: number; petId: number },
): Promise<PassportData> {
  const { db, clock } = ctx.services;
  const { pet, ownerUserId } = await petForCaller(db, input.userId, input.petId, 'view');
  const owner = await db('clinic_users').where('id', ownerUserId).first('name', 'email', 'phone');
  const tenant = await db('tenants').where('id', pet.tenant_id).first('name', 'phone', 'address');
  const vaccinations = await db('pet_vaccinations')
    .where('pet_id', pet.id)
    .orderBy([
      { column: 'administered_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return { pet, owner, tenant, vaccinations, generatedAt: clock.now() };
}
