// The reminder log of one pet: which vaccination, for which due date, went out when, to how many.
// Owner side (GET /owner/me/pets/{pet}/reminders): the owner or an active caregiver, like the pet's
// vaccinations. Clinic side (GET /tenant/{tenant}/patients/{pet}/reminders, medical_record.read):
// the tenant's own pet, and only what this tenant sent.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { petReminderLog } from '../queries.js';
import { serializeLogEntry, type ReminderLogEntry } from '../serialize.js';

export const listOwnerPetReminders = defineRead('owner-pet-reminder.list', 'authenticated', {
  summary: 'The vaccination reminders sent about one of the caller’s pets, newest first',
  input: yup.object({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<ReminderLogEntry[]> {
    await ctx.owns(ownedPet(input.pet_id, 'view'));
    return (await petReminderLog(ctx.db, input.pet_id)).map(serializeLogEntry);
  },
});

export const listPetReminders = defineRead('pet-reminder.list', 'medical_record.read', {
  summary: 'The vaccination reminders this tenant sent about a patient, newest first',
  input: yup.object({ tenant_id: idNumber().required(), pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<ReminderLogEntry[]> {
    await ctx.authorize(input.tenant_id, 'Tenant');
    const pet = await ctx.db('pets').where({ id: input.pet_id, tenant_id: input.tenant_id }).first('id');
    if (!pet) throw new NotFoundError('Pet not found.');
    const rows = await petReminderLog(ctx.db, input.pet_id).where('r.tenant_id', input.tenant_id);
    return rows.map(serializeLogEntry);
  },
});
