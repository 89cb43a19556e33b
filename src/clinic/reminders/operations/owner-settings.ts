// The owner's own reminder setting: whether the pet's full-access caregivers get a copy of each
// reminder. Off by default: a caregiver hears from the clinic only when the owner says so.
// PATCH /owner/me/reminder-settings; an empty body changes nothing and shows the setting.
import { defineWrite } from '../../../core/operation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownerReminderSettingsSchema } from '../schemas.js';

export const updateOwnerReminderSettings = defineWrite('owner-reminder-settings.update', 'authenticated', {
  summary: 'Whether the caller’s full-access caregivers get a copy of each vaccination reminder',
  input: ownerReminderSettingsSchema,
  async run(ctx: ClinicRun, input): Promise<{ include_caregivers: boolean }> {
    const userId = ctx.owns('self'); // the caller's own account row only
    if (input.include_caregivers !== undefined) {
      await ctx
        .db('clinic_users')
        .where('id', userId)
        .update({
          reminders_to_caregivers: input.include_caregivers,
          updated_at: toDbTime(ctx.services.clock.now()),
        });
      ctx.audit({
        scopeId: null,
        action: 'owner.reminder_settings_updated',
        subjectType: 'clinic_user',
        subjectId: userId,
        details: { include_caregivers: input.include_caregivers },
      });
    }
    const row = await ctx.db('clinic_users').where('id', userId).first('reminders_to_caregivers');
    return { include_caregivers: Boolean(row.reminders_to_caregivers) };
  },
});
