// What the pet passport shows, read fresh on every request: identification, the owner and their
// clinic, and the vaccination history (oldest first). Owners and every active caregiver may read it.
import { defineOperation } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { callerId, petForCaller } from '../../pets/access.js';

export interface PassportData {
  pet: Record<string, any>;
  owner: { name: string; email: string; phone: string | null };
  tenant: { name: string; phone: string | null; address: string | null };
  vaccinations: Record<string, any>[];
  generatedAt: Date;
}

export const passportData = defineOperation({
  name: 'passport.show',
  summary: 'The pet passport (identification, owner, vaccination history) as a PDF, never cached',
  input: yup.object({ pet_id: idNumber().required() }),
  permission: 'authenticated',
  kind: 'read',
  async run(ctx: ClinicRun, input): Promise<PassportData> {
    const { db } = ctx;
    const { pet, ownerUserId } = await petForCaller(db, callerId(ctx), input.pet_id, 'view');
    const owner = await db('clinic_users').where('id', ownerUserId).first('name', 'email', 'phone');
    const tenant = await db('tenants').where('id', pet.tenant_id).first('name', 'phone', 'address');
    const vaccinations = await db('pet_vaccinations')
      .where('pet_id', pet.id)
      .orderBy([
        { column: 'administered_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return { pet, owner, tenant, vaccinations, generatedAt: ctx.services.clock.now() };
  },
});
